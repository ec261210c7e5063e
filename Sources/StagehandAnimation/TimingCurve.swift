/// A timing curve, mapping the progress of time to the progress of a change: a cubic Bezier from (0, 0) to (1, 1)
/// with control points (x1, y1) and (x2, y2), or a spring.
///
/// A Bezier's `x1` and `x2` lie in [0, 1], so that the curve is a function of time; `y1` and `y2` may leave [0, 1] to
/// overshoot. Every curve c reverses exactly to g(u) = 1 - c(1 - u): a Bezier (x1, y1, x2, y2) becomes
/// (1 - x2, 1 - y2, 1 - x1, 1 - y1), which traces the same path backwards, and a spring is played backwards by
/// construction; so `reversed().value(at: 1 - p) == 1 - value(at: p)`. Bezier control values are rounded to a
/// multiple of 2^-40 (a change below 1e-12), which makes `1 - v` exact in floating point: reversing twice gives back
/// the very same curve.
public struct TimingCurve: Hashable, Sendable, CustomStringConvertible {
  /// What kind of curve it is, with its numbers.
  public enum Shape: Hashable, Sendable {
    /// A cubic Bezier curve from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2).
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)
    /// A spring, played forwards, or backwards when `reversed`.
    case spring(Spring, reversed: Bool)
  }

  /// The curve's kind and numbers.
  public let shape: Shape

  /// The Bezier control points, or `nil` for a spring.
  public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
    if case .bezier(let x1, let y1, let x2, let y2) = shape { (x1, y1, x2, y2) } else { nil }
  }

  /// Creates a cubic Bezier curve, rejecting non-finite values and an x outside [0, 1].
  public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(AnimationError) {
    for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] {
      guard value.isFinite else { throw .nonFinite(value: "timing curve \(name)", value) }
    }
    for (name, value) in [("x1", x1), ("x2", x2)] where !(0...1).contains(value) {
      throw .curveOutOfRange(name: name, value: value)
    }
    self.init(unchecked: x1, y1, x2, y2)
  }

  /// A spring curve.
  public init(_ spring: Spring) {
    shape = .spring(spring, reversed: false)
  }

  private init(shape: Shape) {
    self.shape = shape
  }

  private init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    shape = .bezier(
      x1: TimingCurve.quantized(x1), y1: TimingCurve.quantized(y1), x2: TimingCurve.quantized(x2),
      y2: TimingCurve.quantized(y2))
  }

  /// The multiple of 2^-40 nearest to `v`; for |v| below 2^12 its difference with 1 is exact.
  private static func quantized(_ v: Double) -> Double {
    let grid = 1_099_511_627_776.0  // 2^40
    return (v * grid).rounded() / grid
  }

  /// Constant speed.
  public static let linear = TimingCurve(unchecked: 0, 0, 1, 1)
  /// Starts slowly: (0.42, 0, 1, 1).
  public static let easeIn = TimingCurve(unchecked: 0.42, 0, 1, 1)
  /// Ends slowly: (0, 0, 0.58, 1), exactly the reverse of `easeIn`.
  public static let easeOut = TimingCurve(unchecked: 0, 0, 0.58, 1)
  /// Starts and ends slowly: (0.42, 0, 0.58, 1); exactly its own reverse.
  public static let easeInOut = TimingCurve(unchecked: 0.42, 0, 0.58, 1)

  /// The curve that traces this one backwards, g(u) = 1 - c(1 - u): for a Bezier (1 - x2, 1 - y2, 1 - x1, 1 - y1).
  public func reversed() -> TimingCurve {
    switch shape {
    case .bezier(let x1, let y1, let x2, let y2): TimingCurve(unchecked: 1 - x2, 1 - y2, 1 - x1, 1 - y1)
    case .spring(let spring, let reversed): TimingCurve(shape: .spring(spring, reversed: !reversed))
    }
  }

  /// The name of a standard curve, its control points, or its spring's numbers.
  public var description: String {
    switch (self, shape) {
    case (.linear, _): "linear"
    case (.easeIn, _): "ease-in"
    case (.easeOut, _): "ease-out"
    case (.easeInOut, _): "ease-in-out"
    case (_, .bezier(let x1, let y1, let x2, let y2)): "cubic-bezier(\(x1), \(y1), \(x2), \(y2))"
    case (_, .spring(let s, let reversed)):
      "spring(mass \(s.mass), stiffness \(s.stiffness), damping \(s.damping), velocity \(s.initialVelocity))"
        + (reversed ? " reversed" : "")
    }
  }

  /// Bounds on every value of the curve, at most 0 and at least 1: for a Bezier the hull of (0, y1, y2, 1).
  public var range: (lowest: Double, highest: Double) {
    switch shape {
    case .bezier(_, let y1, _, let y2): (min(0, y1, y2), max(1, y1, y2))
    case .spring(let spring, let reversed):
      reversed ? (1 - spring.range.highest, 1 - spring.range.lowest) : spring.range
    }
  }

  /// The progress of the change at time progress `p`; `p` is clamped to [0, 1], and the ends map exactly to 0 and 1.
  ///
  /// Solves x(s) = p with Newton's method, falling back to bisection where the slope is too flat, to well below 1e-12.
  public func value(at p: Double) -> Double {
    guard p > 0 else { return 0 }
    guard p < 1 else { return 1 }
    switch shape {
    case .bezier(let x1, let y1, let x2, let y2):
      if x1 == y1 && x2 == y2 { return p }  // a straight line
      let s = Self.parameter(forX: p, x1, x2)
      let (ay, by, cy) = Self.coefficients(y1, y2)
      return ((ay * s + by) * s + cy) * s
    case .spring(let spring, let reversed):
      return reversed ? 1 - spring.value(at: 1 - p) : spring.value(at: p)
    }
  }

  /// The coefficients (a, b, c) of the Bezier coordinate a s³ + b s² + c s with inner control values c1 and c2.
  @inline(__always)
  private static func coefficients(_ c1: Double, _ c2: Double) -> (Double, Double, Double) {
    let c = 3 * c1
    let b = 3 * (c2 - c1) - c
    return (1 - c - b, b, c)
  }

  /// The parameter `s` in [0, 1] at which the curve's x equals `x`.
  @inline(__always)
  private static func parameter(forX x: Double, _ x1: Double, _ x2: Double) -> Double {
    let (a, b, c) = Self.coefficients(x1, x2)
    var s = x
    for _ in 0..<8 {
      let error = ((a * s + b) * s + c) * s - x
      if abs(error) < 1e-15 { return s }
      let slope = (3 * a * s + 2 * b) * s + c
      guard abs(slope) > 1e-9 else { break }
      let next = s - error / slope
      guard next >= 0, next <= 1 else { break }
      s = next
    }
    if abs(((a * s + b) * s + c) * s - x) < 1e-14 { return s }
    // Bisection: x(s) is non-decreasing when x1 and x2 lie in [0, 1].
    var low = 0.0
    var high = 1.0
    for _ in 0..<64 {
      let mid = (low + high) / 2
      if ((a * mid + b) * mid + c) * mid < x { low = mid } else { high = mid }
      if high - low < 1e-16 { break }
    }
    return (low + high) / 2
  }
}
