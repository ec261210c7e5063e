/// A timing curve: a cubic Bezier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), mapping the
/// progress of time to the progress of a change.
///
/// `x1` and `x2` lie in [0, 1], so that the curve is a function of time; `y1` and `y2` may leave [0, 1] to
/// overshoot. A curve reverses exactly: (x1, y1, x2, y2) becomes (1 - x2, 1 - y2, 1 - x1, 1 - y1), which traces
/// the same path backwards, so `reversed.value(at: 1 - p) == 1 - value(at: p)`. Control values are rounded to a
/// multiple of 2^-40 (a change below 1e-12), which makes `1 - v` exact in floating point: reversing twice gives back
/// the very same curve.
public struct TimingCurve: Hashable, Sendable, CustomStringConvertible {
  /// The x coordinate of the first control point, in [0, 1].
  public let x1: Double
  /// The y coordinate of the first control point.
  public let y1: Double
  /// The x coordinate of the second control point, in [0, 1].
  public let x2: Double
  /// The y coordinate of the second control point.
  public let y2: Double

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

  private init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.x1 = TimingCurve.quantized(x1)
    self.y1 = TimingCurve.quantized(y1)
    self.x2 = TimingCurve.quantized(x2)
    self.y2 = TimingCurve.quantized(y2)
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

  /// The curve that traces this one backwards: (1 - x2, 1 - y2, 1 - x1, 1 - y1).
  public func reversed() -> TimingCurve { TimingCurve(unchecked: 1 - x2, 1 - y2, 1 - x1, 1 - y1) }

  /// The name of a standard curve, or its control points.
  public var description: String {
    switch self {
    case .linear: "linear"
    case .easeIn: "ease-in"
    case .easeOut: "ease-out"
    case .easeInOut: "ease-in-out"
    default: "cubic-bezier(\(x1), \(y1), \(x2), \(y2))"
    }
  }

  /// The progress of the change at time progress `p`; `p` is clamped to [0, 1], and the ends map exactly to 0 and 1.
  ///
  /// Solves x(s) = p with Newton's method, falling back to bisection where the slope is too flat, to well below 1e-12.
  public func value(at p: Double) -> Double {
    guard p > 0 else { return 0 }
    guard p < 1 else { return 1 }
    if x1 == y1 && x2 == y2 { return p }  // a straight line
    let s = parameter(forX: p)
    let (ay, by, cy) = Self.coefficients(y1, y2)
    return ((ay * s + by) * s + cy) * s
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
  private func parameter(forX x: Double) -> Double {
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
