import RealModule

/// The wedge of a clip (ABI 1.2; stagehand_plugin.h, section 9, "Clips"): the points of the layer seen from the
/// wedge's centre between two directions, the first edge at `wedgeStart` and the second `wedgeSweep` further
/// clockwise. Angles are measured in points, so a wedge of a quarter turn is a right angle on screen whatever the
/// layer's aspect ratio; 0 points up, towards the layer's top edge.
extension Clip {
  /// Whether the wedge cuts anything: its sweep is less than a whole turn.
  public var cutsWithWedge: Bool { !(wedgeSweep >= Clip.fullTurn) }

  /// The wedge's centre in points, for a layer that fills `bounds`.
  public func wedgeCentre(in bounds: Rect) -> Point {
    bounds.point(atUnit: wedgeCentre)
  }

  /// The unit vectors, in points (y down), of the wedge's first and second edges: the direction at angle `a` is
  /// (sin a, -cos a).
  public var wedgeEdges: (first: Point, second: Point) {
    let end = wedgeStart + min(max(wedgeSweep, 0), Clip.fullTurn)
    return (
      Point(x: .sin(wedgeStart), y: -.cos(wedgeStart)), Point(x: .sin(end), y: -.cos(end))
    )
  }

  /// Whether the point `p` (in points, before the layer's transform) of a layer that fills `bounds` lies within the
  /// wedge, its edges included. The centre itself lies within any wedge whose sweep is positive.
  public func wedgeContains(_ p: Point, in bounds: Rect) -> Bool {
    guard wedgeSweep > 0 else { return false }
    guard cutsWithWedge else { return true }
    let c = wedgeCentre(in: bounds)
    let d = Point(x: p.x - c.x, y: p.y - c.y)
    let (first, second) = wedgeEdges
    return Clip.wedgeHolds(d, first: first, second: second, convex: wedgeSweep <= Double.pi)
  }

  /// Whether the vector `d` from a wedge's centre lies between the edges `first` and `second` (clockwise on screen
  /// from the first to the second), for a wedge of at most half a turn (`convex`) or more. A map with a positive
  /// determinant keeps the answer, so a renderer may ask it in pixels of a picture scaled unevenly.
  public static func wedgeHolds(_ d: Point, first: Point, second: Point, convex: Bool) -> Bool {
    // With y down, cross(a, b) > 0 when b lies clockwise of a (less than half a turn away).
    let afterFirst = first.x * d.y - first.y * d.x >= 0
    let beforeSecond = d.x * second.y - d.y * second.x >= 0
    return convex ? afterFirst && beforeSecond : afterFirst || beforeSecond
  }
}
