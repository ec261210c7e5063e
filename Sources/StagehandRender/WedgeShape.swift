import StagehandAnimation

/// A clip's wedge (ABI 1.2; section 9 of stagehand_plugin.h, "Clips") in the pixels of a layer's picture: its centre
/// and the unit directions of its two edges.
///
/// The edges' directions are those of the model, in points, taken to pixels by the picture's scales: a map with a
/// positive determinant keeps which side of an edge a point lies on, so the wedge in pixels holds exactly the pixels
/// whose points the model's wedge holds, even when the picture is scaled unevenly.
struct WedgeShape: Equatable {
  /// The centre, in picture pixels.
  var centreX: Double, centreY: Double
  /// The unit direction of the first edge, in picture pixels (y down).
  var firstX: Double, firstY: Double
  /// The unit direction of the second edge, clockwise of the first.
  var secondX: Double, secondY: Double
  /// Whether the wedge spans at most half a turn (the intersection of two half-planes; else their union).
  var convex: Bool

  /// The wedge of `clip` for a layer that fills `bounds`, drawn at `scaleX` x `scaleY` pixels per point; `nil` when
  /// it cuts nothing. A wedge that leaves nothing makes the whole clip empty, which `ClipShape` rules out first.
  init?(_ clip: Clip, bounds: Rect, scaleX: Double, scaleY: Double) {
    guard clip.cutsWithWedge, clip.wedgeSweep > 0 else { return nil }
    let centre = clip.wedgeCentre(in: bounds)
    centreX = (centre.x - bounds.minX) * scaleX
    centreY = (centre.y - bounds.origin.y) * scaleY
    let (first, second) = clip.wedgeEdges
    func unit(_ p: Point) -> (Double, Double) {
      let x = p.x * scaleX
      let y = p.y * scaleY
      let length = (x * x + y * y).squareRoot()
      return (x / length, y / length)
    }
    (firstX, firstY) = unit(first)
    (secondX, secondY) = unit(second)
    convex = clip.wedgeSweep <= Double.pi
  }

  /// The signed distance, in pixels, from the pixel point (x, y) to the wedge's boundary: negative inside. The
  /// boundary is the two edges, each a ray from the centre; a point behind a ray's start is as far as the centre.
  @inline(__always)
  func distance(_ x: Double, _ y: Double) -> Double {
    let dx = x - centreX
    let dy = y - centreY
    func toRay(_ ux: Double, _ uy: Double) -> Double {
      dx * ux + dy * uy >= 0 ? abs(ux * dy - uy * dx) : (dx * dx + dy * dy).squareRoot()
    }
    let nearest = min(toRay(firstX, firstY), toRay(secondX, secondY))
    let inside = Clip.wedgeHolds(
      Point(x: dx, y: dy), first: Point(x: firstX, y: firstY), second: Point(x: secondX, y: secondY), convex: convex)
    return inside ? -nearest : nearest
  }

  /// The same wedge in the picture turned by 90 degrees (`Rotation90`): picture point (x, y) is turned point
  /// (y, W - x), for a picture W pixels wide, and a direction (u, v) turns to (v, -u), a rotation.
  func turned(pictureWidth: Int) -> WedgeShape {
    var t = self
    (t.centreX, t.centreY) = (centreY, Double(pictureWidth) - centreX)
    (t.firstX, t.firstY) = (firstY, -firstX)
    (t.secondX, t.secondY) = (secondY, -secondX)
    return t
  }
}
