import StagehandAnimation
import StagehandPlugins

extension PluginChecker {
  /// A spring whose damping ratio c / (2 √(k m)) is below this swings past its end many times (at 0.1, by 73 % of
  /// its travel, then 53 %, 39 %...) before it settles: the frames jitter.
  public static let lowestDampingRatio = 0.1

  /// A spring that, at the end of its step's duration counted in its own time, still swings by more than this share
  /// of its travel is far from rest there: played over the step, it moves much faster than it would of itself.
  public static let largestSwingLeft = 0.25

  /// Springs (section 9, "Springs"): warns when a step's spring is barely damped (`lowestDampingRatio`), or settles
  /// far past its step (`largestSwingLeft`): the step's duration D is much shorter than the spring's settling time S,
  /// so the whole settling is played faster than the spring moves. Once per style, on the first build that shows it.
  /// The damping is judged over every build, `sweeps` (the parameter sweeps) included; the speed only over `builds`
  /// (the defaults and the presets): a spring whose stiffness is a parameter keeps its step's duration at every value
  /// (the steps add up to default_duration), so it plays at its own speed at the designer's values only.
  mutating func checkSprings(_ style: StyleInfo, _ builds: [Animation], sweeps: [Animation]) {
    var warnedDamping = false
    var warnedSpeed = false
    for (number, animation) in (builds + sweeps).enumerated() {
      let judgesSpeed = number < builds.count
      for step in animation.steps {
        guard case .spring(let spring, _) = step.curve.shape else { continue }
        let (m, k, c) = (spring.mass, spring.stiffness, spring.damping)
        let ratio = c / (2 * (k * m).squareRoot())
        let numbers = "mass \(m), stiffness \(k), damping \(c)"
        if !warnedDamping, ratio < Self.lowestDampingRatio {
          warnedDamping = true
          add(
            CheckFinding(
              .warning, section: 9, style: style.name,
              "a step's spring (\(numbers)) is barely damped: its damping ratio c / (2 √(k m)) is \(Self.rounded(ratio)), below "
                + "\(Self.lowestDampingRatio), so it swings past its end many times before it settles and the frames "
                + "jitter; give it a damping of at least \(Self.rounded(Self.lowestDampingRatio * 2 * (k * m).squareRoot())) "
                + "(a ratio of 0.3 to 0.8 bounces and settles)"))
        }
        let settling = spring.settlingTime
        guard judgesSpeed, !warnedSpeed, step.duration > 0, settling > step.duration else { continue }
        let from = step.duration / settling
        let swing = (0...100).map { i in abs(1 - spring.value(at: from + (1 - from) * Double(i) / 100)) }.max() ?? 0
        if swing > Self.largestSwingLeft {
          warnedSpeed = true
          add(
            CheckFinding(
              .warning, section: 9, style: style.name,
              "a step of \(step.duration) s plays a spring (\(numbers)) that settles in \(Self.rounded(settling)) s of its own "
                + "time: after \(step.duration) s it still swings by up to \(Self.rounded(swing)) of its travel, so the step plays "
                + "it \(Self.rounded(settling / step.duration)) times faster than it moves; give the step about \(Self.rounded(settling)) s, or "
                + "a spring that settles within the step (more stiffness, or more damping)"))
        }
      }
      if warnedDamping && warnedSpeed { return }
    }
  }

  /// `value` with three significant digits, for a message: 13815510.557964277 gives 13800000.0, 0.76094577 0.761.
  static func rounded(_ value: Double) -> Double {
    guard value.isFinite, value != 0 else { return value }
    var divisor = 1.0
    while abs(value) / divisor >= 1000 { divisor *= 10 }
    if divisor > 1 { return (value / divisor).rounded() * divisor }
    var scale = 1.0
    while abs(value) * scale < 100 { scale *= 10 }
    return (value * scale).rounded() / scale
  }
}
