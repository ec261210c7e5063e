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
  /// The turned pictures' pixman images, and two frames for drawing turned layers: the turned layer, and the layer
  /// turned back; made at the first layer turned about a vertical axis.
  private var turned: (from: OpaquePointer, to: OpaquePointer, layer: Frame, back: Frame)?

  /// A renderer of `scene`.
  public init(scene: Scene) {
    self.scene = scene
    fromSource = scene.from.makeSource()
    toSource = scene.to.makeSource()
  }

  deinit {
    pixman_image_unref(fromSource)
    pixman_image_unref(toSource)
    if let turned {
      pixman_image_unref(turned.from)
      pixman_image_unref(turned.to)
    }
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
      composite(
        source, placement, isTo: picture === scene.to, into: target,
        operation: replaces ? PIXMAN_OP_SRC : PIXMAN_OP_OVER)
    }
    if !covered { target.fill(scene.background) }
  }

  /// Composites one layer's picture where `placement` puts it.
  private func composite(
    _ source: OpaquePointer, _ placement: LayerPlacement, isTo: Bool, into target: Frame, operation: pixman_op_t
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
    switch placement.scanlineDirection {
    case .rows:
      // Each row samples one row of the picture: a scaling, which pixman draws exactly with its SSE2 paths.
      for piece in placement.rowPieces {
        var transform = piece.transform
        pixman_image_set_transform(source, &transform)
        pixman_image_composite32(
          operation, source, mask, target.image, 0, 0, 0, 0, Int32(piece.start), Int32(piece.line),
          Int32(piece.length), 1)
      }
      return
    case .columns:
      if drawTurned(placement, isTo: isTo, mask: mask, into: target, operation: operation) { return }
    case nil: break
    }
    // Any other projective layer: affine pieces near its quad (LayerPlacement.affinePieces).
    for piece in placement.affinePieces {
      var transform = piece.pixmanTransform
      pixman_image_set_transform(source, &transform)
      pixman_image_composite32(
        operation, source, mask, target.image, 0, 0, 0, 0, Int32(piece.x), Int32(piece.y), Int32(piece.width),
        Int32(piece.height))
    }
  }

  /// Draws a layer turned about a vertical axis: its columns, as rows of the turned frame, each a scaling of a row of
  /// the turned picture; then the result turned back and composited at the layer's opacity. `false` when the turned
  /// pictures or frames could not be made.
  private func drawTurned(
    _ placement: LayerPlacement, isTo: Bool, mask: OpaquePointer?, into target: Frame, operation: pixman_op_t
  ) -> Bool {
    if turned == nil, let pictures = scene.turned, let layer = Frame(width: scene.height, height: scene.width),
      let back = Frame(width: scene.width, height: scene.height)
    {
      turned = (pictures.from.makeSource(), pictures.to.makeSource(), layer, back)
      pixman_image_set_filter(turned!.from, PIXMAN_FILTER_BILINEAR, nil, 0)
      pixman_image_set_filter(turned!.to, PIXMAN_FILTER_BILINEAR, nil, 0)
    }
    guard let turned else { return false }
    let source = isTo ? turned.to : turned.from
    let box = placement.box
    let turnedBox = Rotation90.turned(box, frameWidth: scene.width)
    _ = pixman_fill(
      turned.layer.storage.assumingMemoryBound(to: UInt32.self), Int32(turned.layer.width), 32, Int32(turnedBox.x),
      Int32(turnedBox.y), Int32(turnedBox.width), Int32(turnedBox.height), 0)
    for piece in placement.columnPieces(frameWidth: scene.width) {
      var transform = piece.transform
      pixman_image_set_transform(source, &transform)
      pixman_image_composite32(
        PIXMAN_OP_SRC, source, nil, turned.layer.image, 0, 0, 0, 0, Int32(piece.start), Int32(piece.line),
        Int32(piece.length), 1)
    }
    var back = Rotation90.fromTurned(frameWidth: scene.width)
    pixman_image_set_transform(turned.layer.image, &back)
    pixman_image_composite32(
      PIXMAN_OP_SRC, turned.layer.image, nil, turned.back.image, Int32(box.x), Int32(box.y), 0, 0, Int32(box.x),
      Int32(box.y), Int32(box.width), Int32(box.height))
    pixman_image_set_transform(turned.layer.image, nil)
    pixman_image_composite32(
      operation == PIXMAN_OP_SRC ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, turned.back.image, mask, target.image, Int32(box.x),
      Int32(box.y), 0, 0, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
    return true
  }
}
