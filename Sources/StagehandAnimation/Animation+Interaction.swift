import RealModule

extension Animation {
  /// The same animation with every step's curve taken as linear: the timing override of a transition scrubbed by
  /// hand, so that the contents follow the finger.
  ///
  /// The states at every step's start and end are those of this animation (a step's change is applied whole at its
  /// end whatever its curve), and the override reverses exactly: linear is its own reverse.
  public func withLinearCurves() -> Animation { withCurves(.linear) }

  /// The same animation with every step's curve replaced by `curve`: a timing chosen for the whole transition
  /// (`Transition.timing`). The states at every step's start and end are unchanged; for the inverse of an animation
  /// given `curve`, give the inverse `curve.reversed()`, and the two trace the same path.
  public func withCurves(_ curve: TimingCurve) -> Animation {
    Animation(steps: steps.map { $0.withCurve(curve) }, initialStates: initialStates, isReversed: isReversed)
  }

  /// The time in seconds at `progress` (0 at the start, 1 at the end): `progress * duration`, with progress outside
  /// [0, 1] clamped and NaN taken as 0. Every sample at a progress takes its time from here.
  @inline(__always)
  public func time(atProgress progress: Double) -> Double {
    (progress.isNaN ? 0 : min(max(progress, 0), 1)) * duration
  }

  /// The states at `progress` (0 at the start, 1 at the end): `sample(at: time(atProgress: progress))`.
  public func sample(atProgress progress: Double) -> LayerStates {
    sample(at: time(atProgress: progress))
  }
}

/// The spring that plays the rest of an interactive transition once the caller lets it go: a damped spring on the
/// transition's progress, m x'' + c x' + k (x - target) = 0.
///
/// `default` is critically damped and settles in about half a second; `bouncy` is underdamped. Only a bouncy spring
/// (damping ratio below 1) may carry the progress past 0 or 1; any other stops there.
public struct ReleaseSpring: Hashable, Sendable {
  /// The mass, above 0.
  public let mass: Double
  /// The stiffness, above 0.
  public let stiffness: Double
  /// The damping, above 0.
  public let damping: Double

  /// Creates a spring, rejecting a mass, stiffness or damping that is not finite and positive.
  public init(mass: Double = 1, stiffness: Double, damping: Double) throws(AnimationError) {
    for (name, value) in [("mass", mass), ("stiffness", stiffness), ("damping", damping)] {
      guard value.isFinite else { throw .nonFinite(value: "spring \(name)", value) }
      guard value > 0 else { throw .springOutOfRange(name: name, value: value) }
    }
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
  }

  private init(unchecked mass: Double, _ stiffness: Double, _ damping: Double) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
  }

  /// Critically damped (mass 1, stiffness 400, damping 40): from rest, it settles in 0.46 s.
  public static let `default` = ReleaseSpring(unchecked: 1, 400, 40)
  /// Underdamped (mass 1, stiffness 400, damping 16, a damping ratio of 0.4): it overshoots and comes back.
  public static let bouncy = ReleaseSpring(unchecked: 1, 400, 16)

  /// The damping ratio c / (2 sqrt(k m)): below 1 the spring oscillates.
  public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// Whether the spring oscillates (a damping ratio below 1), and so may carry the progress past its target.
  public var isBouncy: Bool { dampingRatio < 1 - 1e-9 }
}

/// The motion of a transition's progress after release: from `start` with `initialVelocity` (progress per second) to
/// `target`, on a `ReleaseSpring`.
///
/// Position and velocity at time 0 are exactly `start` and `initialVelocity`; at `duration` the position is exactly
/// `target`. The spring's own motion y(t) is brought to the target by a correction that starts flat: x(t) = target +
/// y(t) - y(S) h(t / S), with h(u) = u^2 (3 - 2 u) and S the time at which the spring's envelope falls below
/// `tolerance`, so the correction changes neither the start position nor the start velocity. A spring that is not
/// bouncy stops when it first reaches the target, and never goes past 0 or 1 (the progress is held there).
public struct ProgressMotion: Hashable, Sendable {
  /// How close to its target the spring's envelope is when it has settled, in progress: 0.001.
  public static let tolerance = 0.001

  /// The progress at time 0.
  public let start: Double
  /// The progress at the end: 0 or 1.
  public let target: Double
  /// The velocity at time 0, in progress per second.
  public let initialVelocity: Double
  /// The spring.
  public let spring: ReleaseSpring
  /// How long the motion lasts, in seconds.
  public private(set) var duration: Double
  /// The settling time S of the spring's envelope.
  private var settling: Double
  /// y(S), taken away gradually.
  private var residual = 0.0
  private let shape: Shape

  private enum Shape: Hashable, Sendable {
    /// y = e^(-a t) (c1 cos(w t) + c2 sin(w t))
    case underdamped(a: Double, w: Double, c1: Double, c2: Double)
    /// y = (c1 + c2 t) e^(-a t)
    case critical(a: Double, c1: Double, c2: Double)
    /// y = c1 e^(r1 t) + c2 e^(r2 t)
    case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
  }

  /// Creates the motion from `start` to `target` with `initialVelocity`; non-finite numbers are taken as 0 (a
  /// velocity) or clamped (a position).
  public init(from start: Double, to target: Double, initialVelocity: Double, spring: ReleaseSpring = .default) {
    let start = start.isFinite ? start : target
    let velocity = initialVelocity.isFinite ? initialVelocity : 0
    self.start = start
    self.target = target
    self.initialVelocity = velocity
    self.spring = spring
    let y0 = start - target
    let a = spring.damping / (2 * spring.mass)
    let w0 = (spring.stiffness / spring.mass).squareRoot()
    let zeta = a / w0
    let shape: Shape
    let envelope: (Double) -> Double
    if zeta < 1 - 1e-6 {
      let w = w0 * (1 - zeta * zeta).squareRoot()
      let c2 = (velocity + a * y0) / w
      shape = .underdamped(a: a, w: w, c1: y0, c2: c2)
      let amplitude = (y0 * y0 + c2 * c2).squareRoot()
      envelope = { amplitude * Double.exp(-a * $0) }
    } else if zeta > 1 + 1e-6 {
      let root = (a * a - w0 * w0).squareRoot()
      let r1 = -(w0 * w0) / (a + root)
      let r2 = -a - root
      let c1 = (velocity - r2 * y0) / (r1 - r2)
      let c2 = y0 - c1
      shape = .overdamped(r1: r1, r2: r2, c1: c1, c2: c2)
      envelope = { abs(c1) * Double.exp(r1 * $0) + abs(c2) * Double.exp(r2 * $0) }
    } else {
      let c2 = velocity + a * y0
      shape = .critical(a: a, c1: y0, c2: c2)
      envelope = { (abs(y0) + abs(c2) * $0) * Double.exp(-a * $0) }
    }
    self.shape = shape
    // The envelope falls below the tolerance once and for all: find when by doubling, then bisection.
    var settling = 0.0
    if envelope(0) > Self.tolerance || abs(velocity) > 0 {
      var high = 1 / a
      var doublings = 0
      while envelope(high) > Self.tolerance, doublings < 64 {
        high *= 2
        doublings += 1
      }
      var low = 0.0
      for _ in 0..<100 {
        let mid = (low + high) / 2
        if envelope(mid) > Self.tolerance { low = mid } else { high = mid }
      }
      settling = high
    }
    self.settling = settling
    self.duration = settling
    guard settling > 0 else { return }
    residual = Self.offset(shape, at: settling)
    guard !spring.isBouncy else { return }
    // A spring that is not bouncy stops where it first reaches its target. The side it is on: where it starts, or
    // where it moves to when it starts on the target (beyond 0 or 1 there, it stops at once).
    let side: Double = y0 != 0 ? (y0 > 0 ? 1 : -1) : (velocity > 0 ? 1 : -1)
    if y0 == 0 && (target >= 1) == (side > 0) {
      duration = 0
      return
    }
    let samples = 512
    var previous = 0.0
    for i in 1...samples {
      let t = settling * Double(i) / Double(samples)
      if (unclampedPosition(at: t) - target) * side <= 0 {
        var low = previous
        var high = t
        for _ in 0..<100 {
          let mid = (low + high) / 2
          if (unclampedPosition(at: mid) - target) * side <= 0 { high = mid } else { low = mid }
        }
        duration = high
        break
      }
      previous = t
    }
  }

  private static func offset(_ shape: Shape, at t: Double) -> Double {
    switch shape {
    case .underdamped(let a, let w, let c1, let c2):
      Double.exp(-a * t) * (c1 * Double.cos(w * t) + c2 * Double.sin(w * t))
    case .critical(let a, let c1, let c2): (c1 + c2 * t) * Double.exp(-a * t)
    case .overdamped(let r1, let r2, let c1, let c2): c1 * Double.exp(r1 * t) + c2 * Double.exp(r2 * t)
    }
  }

  private static func slope(_ shape: Shape, at t: Double) -> Double {
    switch shape {
    case .underdamped(let a, let w, let c1, let c2):
      Double.exp(-a * t) * ((c2 * w - a * c1) * Double.cos(w * t) - (c1 * w + a * c2) * Double.sin(w * t))
    case .critical(let a, let c1, let c2): (c2 - a * (c1 + c2 * t)) * Double.exp(-a * t)
    case .overdamped(let r1, let r2, let c1, let c2): c1 * r1 * Double.exp(r1 * t) + c2 * r2 * Double.exp(r2 * t)
    }
  }

  private func unclampedPosition(at t: Double) -> Double {
    guard settling > 0 else { return target }
    let u = min(max(t / settling, 0), 1)
    return target + Self.offset(shape, at: t) - residual * u * u * (3 - 2 * u)
  }

  /// The progress `t` seconds after release: `start` at 0, exactly `target` from `duration` on; held within [0, 1]
  /// unless the spring is bouncy.
  public func position(at t: Double) -> Double {
    guard t > 0 else { return start }
    guard t < duration else { return target }
    let x = unclampedPosition(at: t)
    return spring.isBouncy ? x : min(max(x, 0), 1)
  }

  /// The velocity of the progress `t` seconds after release, in progress per second (0 once it has ended, and while
  /// held at 0 or 1).
  public func velocity(at t: Double) -> Double {
    guard t < duration else { return 0 }
    let t = max(t, 0)
    if !spring.isBouncy {
      let x = unclampedPosition(at: t)
      if x < 0 || x > 1 { return 0 }
    }
    let u = t / settling
    return Self.slope(shape, at: t) - residual * 6 * u * (1 - u) / settling
  }
}
