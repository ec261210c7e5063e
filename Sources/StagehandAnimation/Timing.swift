/// A timing chosen for a whole transition: it replaces the curve of every step of the style's animation (forward and
/// inverse), so a caller can give any style linear motion, a CSS curve, or a spring.
///
/// The inverse law still holds exactly: the forward animation takes `curve()` and the inverse its reverse
/// (`TimingCurve.reversed()`), which traces the same path backwards. Written as text (`description`,
/// `init(parsing:)`): `linear`, `ease`, `ease-in`, `ease-out`, `ease-in-out`, `cubic-bezier(x1, y1, x2, y2)` and
/// `spring(response, damping-ratio)`.
public enum Timing: Hashable, Sendable, Codable, CustomStringConvertible {
  /// Constant speed.
  case linear
  /// CSS's `ease`: (0.25, 0.1, 0.25, 1).
  case ease
  /// CSS's `ease-in`: (0.42, 0, 1, 1).
  case easeIn
  /// CSS's `ease-out`: (0, 0, 0.58, 1).
  case easeOut
  /// CSS's `ease-in-out`: (0.42, 0, 0.58, 1).
  case easeInOut
  /// Any cubic Bezier from (0, 0) to (1, 1): x1 and x2 in [0, 1], y1 and y2 any finite number (to overshoot).
  case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
  /// A spring in the units designers use: `response`, the period of the undamped oscillation in seconds (above 0),
  /// and `dampingRatio` (above 0; 1 is critically damped, below 1 it bounces).
  ///
  /// The spring has mass 1, stiffness (2π / response)² and damping 4π × dampingRatio / response, and starts at rest.
  /// A step keeps its duration and plays the spring's whole settling over it (`Spring`), so the shape of the curve is
  /// set by the damping ratio; the response gives the spring's own numbers.
  case spring(response: Double, dampingRatio: Double)

  /// The names of the named timings, as written.
  public static let names = ["linear", "ease", "ease-in", "ease-out", "ease-in-out"]

  /// The timing curve every step takes (a forward animation; an inverse takes its reverse).
  public func curve() throws(TimingError) -> TimingCurve {
    switch self {
    case .linear: return .linear
    case .ease: return try bezier(0.25, 0.1, 0.25, 1)
    case .easeIn: return .easeIn
    case .easeOut: return .easeOut
    case .easeInOut: return .easeInOut
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return try bezier(x1, y1, x2, y2)
    case .spring(let response, let dampingRatio):
      guard response.isFinite, response > 0 else {
        throw .outOfRange(timing: description, what: "the response", rule: "a number of seconds above 0, such as 0.5")
      }
      guard dampingRatio.isFinite, dampingRatio > 0 else {
        throw .outOfRange(
          timing: description, what: "the damping ratio", rule: "a number above 0, such as 0.8 (1 does not bounce)")
      }
      let omega = 2 * Double.pi / response
      do {
        return TimingCurve(
          try Spring(
            mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega, initialVelocity: 0))
      } catch {
        throw .unusable(timing: description, reason: error.description)
      }
    }
  }

  private func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(TimingError) -> TimingCurve {
    do {
      return try TimingCurve(x1: x1, y1: y1, x2: x2, y2: y2)
    } catch {
      throw .unusable(timing: description, reason: error.description)
    }
  }

  /// The timing as written: a name, `cubic-bezier(x1, y1, x2, y2)` or `spring(response, damping-ratio)`.
  public var description: String {
    switch self {
    case .linear: "linear"
    case .ease: "ease"
    case .easeIn: "ease-in"
    case .easeOut: "ease-out"
    case .easeInOut: "ease-in-out"
    case .cubicBezier(let x1, let y1, let x2, let y2): "cubic-bezier(\(x1), \(y1), \(x2), \(y2))"
    case .spring(let response, let dampingRatio): "spring(\(response), \(dampingRatio))"
    }
  }
}
