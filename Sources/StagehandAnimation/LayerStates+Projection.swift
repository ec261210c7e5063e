/// The four corners of a layer after projection to the plane, in container coordinates.
public struct Quad: Hashable, Sendable {
  /// The image of the layer's top-left corner.
  public var topLeft: Point
  /// The image of the layer's top-right corner.
  public var topRight: Point
  /// The image of the layer's bottom-right corner.
  public var bottomRight: Point
  /// The image of the layer's bottom-left corner.
  public var bottomLeft: Point

  /// Creates a quad from its corners.
  public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomRight = bottomRight
    self.bottomLeft = bottomLeft
  }

  /// The corners in order: top-left, top-right, bottom-right, bottom-left.
  public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }
}

extension LayerStates {
  /// The transform that takes a point of the appearing or disappearing layer, in container coordinates, to the plane
  /// before the perspective division.
  ///
  /// The layer's own transform applies first, then the stage's transform (about the stage's anchor point), then the
  /// stage's perspective, centred on the stage's anchor point.
  public func transform(of layer: LayerID, in bounds: Rect) -> Transform3D {
    let stageTransform = stage.transform(in: bounds)
    guard layer != .stage else { return stageTransform }
    let c = bounds.point(atUnit: stage.anchor)
    let centre = Vector3(x: c.x, y: c.y, z: 0)
    let perspective =
      Transform3D.translation(centre) * .perspective(strength: stage.perspective) * .translation(-centre)
    return perspective * stageTransform * self[layer].transform(in: bounds)
  }

  /// The corners of `layer`, which fills `bounds`, projected to the plane; `nil` when a corner lies at or behind
  /// the camera.
  public func projectedCorners(of layer: LayerID, in bounds: Rect) -> Quad? {
    let m = transform(of: layer, in: bounds)
    guard let tl = m.project(Vector3(x: bounds.minX, y: bounds.minY, z: 0)),
      let tr = m.project(Vector3(x: bounds.maxX, y: bounds.minY, z: 0)),
      let br = m.project(Vector3(x: bounds.maxX, y: bounds.maxY, z: 0)),
      let bl = m.project(Vector3(x: bounds.minX, y: bounds.maxY, z: 0))
    else { return nil }
    return Quad(
      topLeft: Point(x: tl.x, y: tl.y), topRight: Point(x: tr.x, y: tr.y),
      bottomRight: Point(x: br.x, y: br.y), bottomLeft: Point(x: bl.x, y: bl.y))
  }
}
