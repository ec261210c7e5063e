import CStagehandPixman
import StagehandAnimation

/// Draws frames of a scene with pixman: the background, then the content `from` and the content `to` above it, each
/// where its layer state puts it (the stage's perspective included), sampled with bilinear filtering, at its opacity,
/// clipped to the container.
///
/// A renderer belongs to one thread (its pixman images carry transforms); make one per thread over the same scene.
public final class FrameRenderer {
  /// The scene drawn.
  public let scene: Scene
  private let fromSource: OpaquePointer
  private let toSource: OpaquePointer

  /// A renderer of `scene`.
  public init(scene: Scene) {
    self.scene = scene
    fromSource = scene.from.makeSource()
    toSource = scene.to.makeSource()
  }

  deinit {
    pixman_image_unref(fromSource)
    pixman_image_unref(toSource)
  }

  /// Draws `frame` of the scene into `target`, which must be of the scene's pixel size.
  public func draw(_ frame: FrameStates, into target: Frame) {
    precondition(target.width == scene.width && target.height == scene.height)
    let toLayer = Scene.layerOfTo(inverse: frame.inverse)
    let layers = [(toLayer.swapped, scene.from, fromSource), (toLayer, scene.to, toSource)]
    let placements = layers.map { layer, picture, source in
      LayerPlacement(frame.states, layer, bounds: scene.bounds, width: scene.width, height: scene.height).map {
        ($0, picture, source)
      }
    }
    var covered = false
    for entry in placements {
      guard let (placement, picture, source) = entry else { continue }
      // The first layer drawn replaces the background outright when it covers the frame with opaque pixels.
      let replaces =
        !covered && placement.isPixelAligned && placement.alpha == 255 && picture.isOpaque
      if !covered && !replaces { target.fill(scene.background) }
      covered = true
      composite(source, placement, into: target, operation: replaces ? PIXMAN_OP_SRC : PIXMAN_OP_OVER)
    }
    if !covered { target.fill(scene.background) }
  }

  /// Composites one layer's picture where `placement` puts it.
  private func composite(
    _ source: OpaquePointer, _ placement: LayerPlacement, into target: Frame, operation: pixman_op_t
  ) {
    var mask: OpaquePointer?
    if placement.alpha < 255 {
      var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(placement.alpha) * 257)
      mask = pixman_image_create_solid_fill(&color)
    }
    defer { if let mask { pixman_image_unref(mask) } }
    let box = placement.box
    if placement.isPixelAligned {
      pixman_image_set_transform(source, nil)
      pixman_image_set_filter(source, PIXMAN_FILTER_NEAREST, nil, 0)
      pixman_image_composite32(
        operation, source, mask, target.image, Int32(box.x), Int32(box.y), 0, 0, Int32(box.x), Int32(box.y),
        Int32(box.width), Int32(box.height))
      return
    }
    pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
    if !placement.isProjective {
      var transform = placement.pixmanTransform
      pixman_image_set_transform(source, &transform)
      pixman_image_composite32(
        operation, source, mask, target.image, Int32(box.x - placement.origin.x), Int32(box.y - placement.origin.y),
        0, 0, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
      return
    }
    // A projective layer: affine pieces near its quad (LayerPlacement.affinePieces).
    for piece in placement.affinePieces {
      var transform = piece.pixmanTransform
      pixman_image_set_transform(source, &transform)
      pixman_image_composite32(
        operation, source, mask, target.image, 0, 0, 0, 0, Int32(piece.x), Int32(piece.y), Int32(piece.width),
        Int32(piece.height))
    }
  }
}
