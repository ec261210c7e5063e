import StagehandAnimation

/// One piece of a step's timing curve: where it starts and ends, in time and in progress (fractions of the step),
/// and the curve that times the piece on its own.
public struct CurvePiece: Hashable, Sendable {
  /// The fraction of the step's duration where the piece starts.
  public var startTime: Double
  /// The fraction of the step's duration where it ends.
  public var endTime: Double
  /// The progress of the step's changes at the start (the curve's value there).
  public var startProgress: Double
  /// The progress at the end.
  public var endProgress: Double
  /// The curve from (0, 0) to (1, 1) that maps the piece's own time to its own progress.
  public var curve: TimingCurve
}

extension TimingCurve {
  /// The curve cut into `count` pieces of equal Bezier parameter: each piece of a cubic Bezier is a cubic Bezier,
  /// and scaled to the unit square it times that piece exactly (its x control values stay in [0, 1], since x grows
  /// along the curve). A piece over which the progress does not change is timed linearly.
  public func pieces(_ count: Int) -> [CurvePiece] {
    guard let (x1, y1, x2, y2) = controlPoints else {
      // A spring: pieces of equal time, each timed linearly between the curve's values at its ends.
      return (0..<count).map { index in
        let t0 = Double(index) / Double(count)
        let t1 = Double(index + 1) / Double(count)
        return CurvePiece(
          startTime: t0, endTime: t1, startProgress: value(at: t0), endProgress: value(at: t1), curve: .linear)
      }
    }
    let points = [(0.0, 0.0), (x1, y1), (x2, y2), (1.0, 1.0)]
    return (0..<count).map { index in
      let s0 = Double(index) / Double(count)
      let s1 = Double(index + 1) / Double(count)
      let left = Self.split(points, at: s1).left
      let q = s1 > 0 ? Self.split(left, at: s0 / s1).right : left
      let (x0, y0, x3, y3) = (q[0].0, q[0].1, q[3].0, q[3].1)
      var curve = TimingCurve.linear
      if x3 - x0 > 0, abs(y3 - y0) > 1e-12 {
        func nx(_ x: Double) -> Double { min(max((x - x0) / (x3 - x0), 0), 1) }
        func ny(_ y: Double) -> Double { (y - y0) / (y3 - y0) }
        curve = (try? TimingCurve(x1: nx(q[1].0), y1: ny(q[1].1), x2: nx(q[2].0), y2: ny(q[2].1))) ?? .linear
      }
      return CurvePiece(
        startTime: index == 0 ? 0 : x0, endTime: index == count - 1 ? 1 : x3, startProgress: index == 0 ? 0 : y0,
        endProgress: index == count - 1 ? 1 : y3, curve: curve)
    }
  }

  /// de Casteljau: the control points of the parts of a cubic Bezier before and after the parameter `t`.
  static func split(
    _ p: [(Double, Double)], at t: Double
  ) -> (left: [(Double, Double)], right: [(Double, Double)]) {
    func lerp(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) {
      (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
    }
    let a = lerp(p[0], p[1])
    let b = lerp(p[1], p[2])
    let c = lerp(p[2], p[3])
    let d = lerp(a, b)
    let e = lerp(b, c)
    let f = lerp(d, e)
    return ([p[0], a, d, f], [f, e, c, p[3]])
  }
}

extension ExportTimeline {
  /// The most pieces a step is cut into so that no piece turns a layer by half a turn or more.
  static let mostPieces = 64

  /// The pieces of `step` such that none turns a layer by half a turn or more: the whole step when it turns nothing
  /// that far; `nil` when even `mostPieces` pieces do not suffice.
  static func pieces(of step: Step) -> [CurvePiece]? {
    let turn = step.changes.reduce(0.0) { largest, change in
      if case .rotate(let angle, _) = change.change { return max(largest, abs(angle)) }
      return largest
    }
    let limit = Double.pi * (1 - 1e-6)
    let whole = [CurvePiece(startTime: 0, endTime: 1, startProgress: 0, endProgress: 1, curve: step.curve)]
    guard turn >= limit else { return whole }
    var count = max(Int((turn / (Double.pi / 2)).rounded(.up)), 2)
    while count <= mostPieces {
      let pieces = step.curve.pieces(count)
      if pieces.allSatisfy({ abs($0.endProgress - $0.startProgress) * turn < limit }) { return pieces }
      count *= 2
    }
    return nil
  }
}
