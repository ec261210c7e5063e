import RealModule

/// The motion of a damped spring, as a timing curve that settles within its step.
///
/// The spring solves m x'' + c x' + k (x - 1) = 0 from x(0) = 0 with velocity x'(0) = v0. Its settling time S is when
/// the envelope of |x(s) - 1| falls to `tolerance`; the curve plays the whole settling over the step, rescaled to end
/// exactly at 1: value(u) = x(u S) / x(S) (stagehand_plugin.h, section 9, "Springs").
public struct Spring: Hashable, Sendable {
  /// How close to its end the spring is when it has settled: SH_SPRING_TOLERANCE.
  public static let tolerance = 0.001

  /// The mass, above 0.
  public let mass: Double
  /// The stiffness, above 0.
  public let stiffness: Double
  /// The damping, above 0.
  public let damping: Double
  /// The velocity at the start, in changes per second of the spring's own time.
  public let initialVelocity: Double
  /// The settling time S, in seconds of the spring's own time.
  public let settlingTime: Double

  /// The solution's shape and its constants: x(s) = 1 + y(s).
  private let motion: Motion
  /// x(S), which the curve divides by so that it ends at exactly 1.
  private let end: Double
  /// A bound on |y(s)| for every s >= 0.
  private let amplitude: Double

  private enum Motion: Hashable, Sendable {
    /// y = e^(-a s) (c1 cos(w s) + c2 sin(w s))
    case underdamped(a: Double, w: Double, c1: Double, c2: Double)
    /// y = (c1 + c2 s) e^(-a s)
    case critical(a: Double, c1: Double, c2: Double)
    /// y = c1 e^(r1 s) + c2 e^(r2 s)
    case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
  }

  /// Creates a spring, rejecting a mass, stiffness or damping that is not finite and positive, a velocity that is not
  /// finite, and combinations whose motion cannot be computed in floating point.
  public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) throws(AnimationError) {
    for (name, value) in [("mass", mass), ("stiffness", stiffness), ("damping", damping)] {
      guard value.isFinite else { throw .nonFinite(value: "spring \(name)", value) }
      guard value > 0 else { throw .springOutOfRange(name: name, value: value) }
    }
    guard initialVelocity.isFinite else { throw .nonFinite(value: "spring initial velocity", initialVelocity) }
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    let a = damping / (2 * mass)
    let w0 = (stiffness / mass).squareRoot()
    let zeta = a / w0
    let epsilon = Spring.tolerance
    let motion: Motion
    let settling: Double
    let amplitude: Double
    if zeta < 1 - 1e-6 {
      let w = w0 * (1 - zeta * zeta).squareRoot()
      let c2 = (initialVelocity - a) / w
      motion = .underdamped(a: a, w: w, c1: -1, c2: c2)
      amplitude = (1 + c2 * c2).squareRoot()
      settling = Double.log(amplitude / epsilon) / a
    } else if zeta > 1 + 1e-6 {
      let root = (a * a - w0 * w0).squareRoot()
      let r1 = -(w0 * w0) / (a + root)  // the slower root, without cancelling a against root
      let r2 = -a - root
      let c1 = (initialVelocity + r2) / (r1 - r2)
      let c2 = -1 - c1
      motion = .overdamped(r1: r1, r2: r2, c1: c1, c2: c2)
      amplitude = abs(c1) + abs(c2)
      settling = Double.log(amplitude / epsilon) / -r1
    } else {
      let c2 = initialVelocity - a
      motion = .critical(a: a, c1: -1, c2: c2)
      amplitude = 1 + abs(c2) / (a * Double.exp(1))
      // The envelope (1 + |c2| s) e^(-a s) falls through epsilon once: find where by bisection.
      func above(_ s: Double) -> Bool { Double.log(1 + abs(c2) * s) - a * s > Double.log(epsilon) }
      var high = 1 / a
      var doublings = 0
      while above(high), doublings < 2000 {
        high *= 2
        doublings += 1
      }
      var low = 0.0
      for _ in 0..<200 {
        let mid = (low + high) / 2
        if above(mid) { low = mid } else { high = mid }
      }
      settling = high
    }
    self.motion = motion
    self.amplitude = amplitude
    self.settlingTime = settling
    let end = 1 + Spring.offset(motion, at: settling)
    self.end = end
    guard settling.isFinite, settling > 0, amplitude.isFinite, end.isFinite, end > 0 else {
      throw .nonFinite(
        value: "settling time of the spring (mass \(mass), stiffness \(stiffness), damping \(damping))", settling)
    }
  }

  /// y(s) = x(s) - 1.
  private static func offset(_ motion: Motion, at s: Double) -> Double {
    switch motion {
    case .underdamped(let a, let w, let c1, let c2):
      let (sine, cosine) = (Double.sin(w * s), Double.cos(w * s))
      return Double.exp(-a * s) * (c1 * cosine + c2 * sine)
    case .critical(let a, let c1, let c2): return (c1 + c2 * s) * Double.exp(-a * s)
    case .overdamped(let r1, let r2, let c1, let c2): return c1 * Double.exp(r1 * s) + c2 * Double.exp(r2 * s)
    }
  }

  /// The curve's value at time progress `u`: 0 at 0, exactly 1 at 1, x(u S) / x(S) between.
  public func value(at u: Double) -> Double {
    guard u > 0 else { return 0 }
    guard u < 1 else { return 1 }
    return (1 + Spring.offset(motion, at: u * settlingTime)) / end
  }

  /// Bounds on every value of the curve: at most 0 and at least 1.
  public var range: (lowest: Double, highest: Double) {
    (min(0, (1 - amplitude) / end), max(1, (1 + amplitude) / end))
  }
}
