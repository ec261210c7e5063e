import StagehandAnimation

/// One keyframe of an exported animation: the states of the three layers at a step boundary, and the timing curve
/// that leads to the next keyframe.
public struct ExportKeyframe: Hashable, Sendable {
  /// The time from the animation's start, in seconds.
  public var time: Double
  /// The states of the layers at `time`.
  public var states: LayerStates
  /// The curve of the step that starts here; `nil` for the last keyframe and for the first of two coincident ones
  /// (an instant step: the states jump).
  public var curve: TimingCurve?

  /// Creates a keyframe.
  public init(time: Double, states: LayerStates, curve: TimingCurve?) {
    self.time = time
    self.states = states
    self.curve = curve
  }
}

/// The animation of a transition as keyframes at its step boundaries: what the CSS and JSON exports write.
///
/// Between two keyframes, every change of the step in progress has moved by the fraction its curve gives, so a
/// player that interpolates translation, scale, opacity, anchor, perspective, clip and backdrop linearly and rotation
/// along the shortest arc (as CSS does for `matrix3d`) between the two keyframes, timed by the step's cubic-bezier,
/// shows the model's states exactly. A step that no single cubic-bezier times (a spring, changes over different
/// intervals of the step, or a value that reaches a clamp within the step, such as an inset turning negative) is
/// sampled instead: keyframes close enough together, timed linearly, that the states between them stay within
/// `sampleTolerance` of the model's (`sampledFractions`). A step that turns a layer by half a turn or more is cut into pieces that each turn less
/// (a piece of a cubic Bezier is a cubic Bezier: `TimingCurve.pieces`), with keyframes at the cuts in the model's
/// states; past `mostPieces` pieces it is refused (`ExportError.turnTooLarge`). An instant step gives two keyframes
/// at one time: the states before it, then the states after it.
public struct ExportTimeline: Sendable {
  /// The container's bounds, in points.
  public var bounds: Rect
  /// The duration, in seconds.
  public var duration: Double
  /// Whether the animation is an inverse (a pop): then its disappearing layer shows the content drawn on top.
  public var inverse: Bool
  /// Whether a sample at the exact time of an instant step shows the states after it (a forward animation) or before
  /// it (a reversed one).
  public var showsLaterSide: Bool
  /// The keyframes, in time order; the first at 0, the last at `duration`.
  public var keyframes: [ExportKeyframe]
  /// The animation exported, for sampling between keyframes.
  public let animation: Animation

  /// The keyframes of `animation`, drawn in `bounds`; `inverse` says whether it is an inverse (which decides the
  /// layer drawn on top). Fails when a step turns a layer so far that even `mostPieces` pieces turn it by half a turn
  /// or more each.
  public init(_ animation: Animation, bounds: Rect, inverse: Bool) throws(ExportError) {
    self.animation = animation
    self.bounds = bounds
    self.duration = animation.duration
    self.inverse = inverse
    self.showsLaterSide = !animation.isReversed
    var keyframes: [ExportKeyframe] = []
    var states = animation.initialStates
    var time = 0.0
    for (index, step) in animation.steps.enumerated() {
      let end = Animation(steps: [step], initialStates: states).finalStates
      if step.duration > 0 {
        if Self.isExact(step, from: states, end: end, bounds: bounds) {
          guard let pieces = Self.pieces(of: step) else {
            let (layer, angle) =
              step.changes.compactMap { change -> (LayerID, Double)? in
                if case .rotate(let angle, _) = change.change { return (change.layer, angle) }
                return nil
              }.max { abs($0.1) < abs($1.1) } ?? (.appearing, 0)
            throw .turnTooLarge(layer: layer, step: index + 1, angle: angle)
          }
          for piece in pieces {
            let start = piece.startTime == 0 ? states : animation.sample(at: time + step.duration * piece.startTime)
            Self.append(
              ExportKeyframe(time: time + step.duration * piece.startTime, states: start, curve: piece.curve),
              to: &keyframes)
          }
        } else {
          // A spring, staggered intervals or a clamp reached within the step: keyframes close enough that linear
          // interpolation between them stays within `sampleTolerance` of the model.
          let alone = Animation(steps: [step], initialStates: states)
          for fraction in Self.sampledFractions(of: step).dropLast() {
            let start = fraction == 0 ? states : alone.sample(at: step.duration * fraction)
            Self.append(
              ExportKeyframe(time: time + step.duration * fraction, states: start, curve: .linear), to: &keyframes)
          }
        }
        time += step.duration
        Self.append(ExportKeyframe(time: time, states: end, curve: nil), to: &keyframes)
      }
      states = end
    }
    // Instant steps at the very end (or an animation of instant steps only) jump to the final states.
    Self.append(ExportKeyframe(time: time, states: states, curve: nil), to: &keyframes)
    if keyframes.count == 1 { keyframes.insert(ExportKeyframe(time: 0, states: states, curve: nil), at: 0) }
    // A reversed animation shows, at 0, the states before its leading instant steps.
    if animation.isReversed, let first = keyframes.first, first.time == 0, first.states != animation.initialStates {
      keyframes.insert(ExportKeyframe(time: 0, states: animation.initialStates, curve: nil), at: 0)
    }
    self.keyframes = keyframes
  }

  /// Whether one cubic-bezier between the step's two keyframes shows it exactly: a Bezier curve, every change over
  /// the whole step, and every value a renderer clamps (opacity, dim, clip, backdrop) on one side of each clamp over the
  /// whole range of the curve's progress, overshoots included.
  static func isExact(_ step: Step, from start: LayerStates, end: LayerStates, bounds: Rect) -> Bool {
    guard step.curve.controlPoints != nil, step.changes.allSatisfy(\.interval.isWhole) else { return false }
    let (lowest, highest) = step.curve.range
    let low = clampSides(extrapolated(start, end, lowest), bounds: bounds)
    return low == clampSides(extrapolated(start, end, highest), bounds: bounds)
  }

  /// The opacities, dims, clips and backdrop of `a` moved by `c` times their change to `b` (each is linear in the curve's
  /// progress within a step).
  static func extrapolated(_ a: LayerStates, _ b: LayerStates, _ c: Double) -> LayerStates {
    func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * c }
    var s = a
    for layer in [LayerID.appearing, .disappearing] {
      let (p, q) = (a[layer], b[layer])
      s[layer].opacity = mix(p.opacity, q.opacity)
      s[layer].clip.insets = Insets(
        top: mix(p.clip.insets.top, q.clip.insets.top), right: mix(p.clip.insets.right, q.clip.insets.right),
        bottom: mix(p.clip.insets.bottom, q.clip.insets.bottom), left: mix(p.clip.insets.left, q.clip.insets.left))
      s[layer].clip.cornerRadius = mix(p.clip.cornerRadius, q.clip.cornerRadius)
      s[layer].clip.ellipseRadii = Point(
        x: mix(p.clip.ellipseRadii.x, q.clip.ellipseRadii.x), y: mix(p.clip.ellipseRadii.y, q.clip.ellipseRadii.y))
      s[layer].clip.wedgeSweep = mix(p.clip.wedgeSweep, q.clip.wedgeSweep)
      s[layer].dim = mix(p.dim, q.dim)
    }
    s.backdrop = Backdrop(
      red: mix(a.backdrop.red, b.backdrop.red), green: mix(a.backdrop.green, b.backdrop.green),
      blue: mix(a.backdrop.blue, b.backdrop.blue), opacity: mix(a.backdrop.opacity, b.backdrop.opacity))
    return s
  }

  /// On which side of each of a renderer's clamps every clamped value lies: each side is a linear condition on the
  /// curve's progress, so two states on the same sides of all of them have every state between them there too.
  static func clampSides(_ s: LayerStates, bounds: Rect) -> [Bool] {
    var sides: [Bool] = []
    let (w, h) = (bounds.size.width, bounds.size.height)
    for layer in [LayerID.appearing, .disappearing] {
      let state = s[layer]
      let i = state.clip.insets
      let r = state.clip.cornerRadius
      sides += [state.opacity < 0, state.opacity > 1, i.top < 0, i.right < 0, i.bottom < 0, i.left < 0]
      sides += [i.left + i.right > 1, i.top + i.bottom > 1, r < 0]
      sides += [r * 2 > (1 - i.left - i.right) * w, r * 2 > (1 - i.top - i.bottom) * h]
      sides += [state.clip.ellipseRadii.x <= 0, state.clip.ellipseRadii.y <= 0]
      sides += [state.clip.wedgeSweep < 0, state.clip.wedgeSweep > Clip.fullTurn]
      sides += [state.dim < 0, state.dim > 1]
    }
    for v in [s.backdrop.red, s.backdrop.green, s.backdrop.blue, s.backdrop.opacity] { sides += [v < 0, v > 1] }
    return sides
  }

  /// How far, in progress (the fraction of a change done), linear interpolation between sampled keyframes may stray
  /// from the model: a 1000-point move is then off by half a point at most.
  public static let sampleTolerance = 5e-4
  /// The most keyframes a sampled step is cut into.
  static let mostSamples = 600

  /// The fractions of `step`'s duration at which a sampled step has keyframes, from 0 to 1: the ends of every
  /// change's interval, then halves of each span until the progress of every change at the span's middle and
  /// quarters lies within `sampleTolerance` of the straight line between its ends, and every span turns a layer by
  /// less than half a turn.
  static func sampledFractions(of step: Step) -> [Double] {
    var intervals: [ChangeInterval] = []
    for change in step.changes where !intervals.contains(change.interval) { intervals.append(change.interval) }
    if intervals.isEmpty { intervals = [.whole] }
    let turn = step.changes.reduce(0.0) { largest, change in
      if case .rotate(let angle, _) = change.change { return max(largest, abs(angle)) }
      return largest
    }
    let curve = step.curve
    func progress(_ p: Double) -> [Double] { intervals.map { curve.value(at: $0.localProgress(p)) } }
    var marks = Set([0.0, 1.0])
    for interval in intervals {
      marks.insert(interval.start)
      marks.insert(interval.end)
    }
    for k in 1..<16 { marks.insert(Double(k) / 16) }
    var fractions = marks.sorted()
    var index = 0
    while index + 1 < fractions.count, fractions.count < mostSamples {
      let (a, b) = (fractions[index], fractions[index + 1])
      let (ga, gb) = (progress(a), progress(b))
      let straight = [0.25, 0.5, 0.75].allSatisfy { t in
        let g = progress(a + (b - a) * t)
        return g.indices.allSatisfy { abs(g[$0] - (ga[$0] + (gb[$0] - ga[$0]) * t)) <= sampleTolerance }
      }
      let turns = zip(ga, gb).allSatisfy { abs($1 - $0) * turn < Double.pi / 2 }
      if (straight && turns) || b - a < 1e-6 {
        index += 1
      } else {
        fractions.insert((a + b) / 2, at: index + 1)
      }
    }
    return fractions
  }

  /// Appends `keyframe`, merged with the last one when it is the same moment in the same states.
  private static func append(_ keyframe: ExportKeyframe, to keyframes: inout [ExportKeyframe]) {
    if let last = keyframes.last, last.time == keyframe.time, last.states == keyframe.states {
      keyframes[keyframes.count - 1].curve = keyframe.curve ?? last.curve
      return
    }
    keyframes.append(keyframe)
  }

  /// The states at `time`, as the model samples them.
  public func states(at time: Double) -> LayerStates { animation.sample(at: time) }

  /// The layer that shows the content the forward animation brings in, which is drawn on top.
  public var topLayer: LayerID { FrameStates.layerOfTo(inverse: inverse) }
}

/// Why a transition cannot be exported.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A step turns a layer so far, or with a curve so steep, that even cut into `ExportTimeline.mostPieces` pieces one
  /// piece turns it by half a turn or more, which keyframes interpolated along the shortest arc cannot show.
  case turnTooLarge(layer: LayerID, step: Int, angle: Double)

  /// One line for the user: what, why, and what to do.
  public var description: String {
    switch self {
    case .turnTooLarge(let layer, let step, let angle):
      "step \(step) turns the \(layer) layer by \(angle.exportNumber) radians, too far for CSS keyframes (turned "
        + "along the shortest arc) even in \(ExportTimeline.mostPieces) pieces; split that turn into steps of less "
        + "than half a turn in the style, or use `stagehand render` for this style"
    }
  }
}
