/// One content layer of a frame, ready to draw with any toolkit: its state, and what the state means on the screen.
///
/// Coordinates are the container's points, y down. The layer is the rectangle `bounds` (the container's): map its
/// picture onto `bounds`, transform each point `p = (x, y, 0)` of it by ``transform`` (a column vector, `M * p`), and
/// divide by `w`; the corners land on ``quad``. Layers are one-sided: draw nothing when ``isVisible`` is false.
/// Blend with ``opacity``, clip the layer (in its own coordinates, before the transform) with ``clip``, and dim it with
/// ``dim``: multiply each premultiplied colour component of its picture by `1 - dim`, its alpha unchanged.
public struct DrawnLayer: Hashable, Sendable {
  /// The layer's state.
  public var state: LayerState
  /// From a point of the layer, in the container's coordinates, to the plane before the perspective division: the
  /// layer's own transform (about its anchor), then the stage's (about the stage's anchor), then the stage's
  /// perspective, centred on the stage's anchor. See ``Transform3D`` for the convention.
  public var transform: Transform3D
  /// The layer's corners on the screen, after the perspective division; nil when a corner lies at or behind the
  /// camera.
  public var quad: Quad?
  /// Whether the layer's front faces the viewer: its projected corners still turn clockwise on the screen (y down).
  public var isFrontFacing: Bool
  /// The opacity to blend with, from 0 to 1.
  public var opacity: Double
  /// The clip in the layer's own coordinates, applied before its transform.
  public var clip: Clip
  /// The dim to lay over the layer's own pixels, from 0 (none) to 1 (black where it is opaque), ABI 1.3.
  public var dim: Double

  /// The layer in `state`, on a stage in `stageState`, in a container of `bounds`.
  public init(_ state: LayerState, stage stageState: LayerState, bounds: Rect) {
    let states = LayerStates(appearing: state, stage: stageState)
    self.state = state
    transform = states.transform(of: .appearing, in: bounds)
    quad = states.projectedCorners(of: .appearing, in: bounds)
    if let quad {
      let corners = quad.corners
      var twiceArea = 0.0
      for index in 0..<4 {
        let (a, b) = (corners[index], corners[(index + 1) % 4])
        twiceArea += a.x * b.y - b.x * a.y
      }
      // Edge-on counts as not facing: a threshold relative to the container's area.
      isFrontFacing = twiceArea > 1e-9 * bounds.size.width * bounds.size.height
    } else {
      isFrontFacing = false
    }
    opacity = state.visibleOpacity
    clip = state.clip
    dim = state.visibleDim
  }

  /// Whether the frame shows anything of the layer: it lies in front of the camera, faces the viewer and is not
  /// fully transparent.
  public var isVisible: Bool { quad != nil && isFrontFacing && opacity > 0 }
}

extension Transform3D {
  /// The sixteen elements column by column, as OpenGL's `glUniformMatrix4fv` takes them with `transpose` false.
  public var columnMajorElements: [Double] {
    [m11, m21, m31, m41, m12, m22, m32, m42, m13, m23, m33, m43, m14, m24, m34, m44]
  }
}
