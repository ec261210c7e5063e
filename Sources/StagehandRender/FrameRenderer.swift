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
    let box = placement.box
    var sourceX = Int32(box.x)
    var sourceY = Int32(box.y)
    if placement.isPixelAligned {
      pixman_image_set_transform(source, nil)
      pixman_image_set_filter(source, PIXMAN_FILTER_NEAREST, nil, 0)
    } else {
      var transform = placement.pixmanTransform
      pixman_image_set_transform(source, &transform)
      pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
      sourceX -= Int32(placement.origin.x)
      sourceY -= Int32(placement.origin.y)
    }
    var mask: OpaquePointer?
    if placement.alpha < 255 {
      var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(placement.alpha) * 257)
      mask = pixman_image_create_solid_fill(&color)
    }
    // A projective layer is drawn only near its quad (LayerPlacement.spans).
    var region = pixman_region32_t()
    let clipped = !placement.isPixelAligned && placement.isProjective
    if clipped {
      let spans = placement.spans
      _ = spans.withUnsafeBufferPointer { pixman_region32_init_rects(&region, $0.baseAddress, Int32($0.count)) }
      pixman_image_set_clip_region32(target.image, &region)
    }
    pixman_image_composite32(
      operation, source, mask, target.image, sourceX, sourceY, 0, 0, Int32(box.x), Int32(box.y), Int32(box.width),
      Int32(box.height))
    if clipped {
      pixman_image_set_clip_region32(target.image, nil)
      pixman_region32_fini(&region)
    }
    if let mask { pixman_image_unref(mask) }
  }
}
