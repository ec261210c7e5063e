import CStagehandImages
import CStagehandPixman
import StagehandAnimation

/// Draws frames of a scene with pixman, in the order of section 9 of stagehand_plugin.h: the background, the backdrop
/// (its colour at its opacity, over the whole container), then the content layer below and the one on top
/// (`LayerStates.onTop`), each where its layer state puts it (the stage's perspective included), cut by its clip,
/// sampled with bilinear filtering, at its opacity, dimmed by its dim (ABI 1.3), clipped to the container. Once the
/// animation has ended
/// (`FrameStates.ended`), the disappearing layer is not drawn.
///
/// A renderer belongs to one thread (its pixman images carry transforms); make one per thread over the same scene.
public final class FrameRenderer {
  /// The scene drawn.
  public let scene: Scene
  private let fromSource: OpaquePointer
  private let toSource: OpaquePointer
  /// The turned pictures' pixman images, and two frames for drawing turned layers: the turned layer, and the layer
  /// turned back (from `workFrames`); made at the first layer turned about a vertical axis. `turnedKept` keeps the
  /// turned pictures under the pixman images alive.
  private var turned: (from: OpaquePointer, to: OpaquePointer, layer: Frame, back: Frame)?
  private var turnedKept: (from: PixelImage, to: PixelImage)?
  /// Where the frames for turned layers come from: this renderer's own, or frames kept across renderers.
  private let workFrames: TurnedLayerFrames
  /// The clipped copies of `from` and `to`, made at the first clip that cuts anything off each or the first dim.
  private var clipped: (from: ClippedPicture?, to: ClippedPicture?) = (nil, nil)

  /// A renderer of `scene`.
  public convenience init(scene: Scene) {
    self.init(scene: scene, workFrames: TurnedLayerFrames())
  }

  /// A renderer of `scene` that draws turned layers through the frames of `workFrames`, which a caller drawing frame
  /// after frame (a frei0r instance) keeps, so that they are allocated once; one renderer at a time may use them.
  package init(scene: Scene, workFrames: TurnedLayerFrames) {
    self.scene = scene
    self.workFrames = workFrames
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

  /// One content layer to draw: where, which picture, and the clipped copy of it when its clip cuts anything.
  struct Drawn {
    var placement: LayerPlacement
    var isTo: Bool
    var clipped: ClippedPicture?
    /// The renderer whose picture the layer shows, when it is not the one compositing it (`ContainerRenderer`
    /// draws each content's picture with a renderer of its own).
    var owner: FrameRenderer? = nil
  }

  /// A container's layer to draw with this renderer's picture (`to`), its clip applied; `nil` when nothing of it is
  /// drawn.
  func drawn(_ layer: DrawnLayer) -> Drawn? {
    guard let placement = LayerPlacement(layer, bounds: scene.bounds, width: scene.width, height: scene.height)
    else { return nil }
    switch source(clip: layer.clip, dim: layer.dim, isTo: true) {
    case .picture: return Drawn(placement: placement, isTo: true, clipped: nil, owner: self)
    case .copy(let copy): return Drawn(placement: placement, isTo: true, clipped: copy, owner: self)
    case .nothing: return nil  // nothing left of the layer
    }
  }

  /// What a content layer is drawn from: its picture as it is, a copy cut by its clip and dimmed by its dim, or
  /// nothing (its clip leaves nothing).
  private enum Source {
    case picture
    case copy(ClippedPicture)
    case nothing
  }

  /// What a content layer of `to` (or `from`) cut by `clip` and dimmed by `dim` (clamped, 0 to 1) is drawn from.
  private func source(clip: Clip, dim: Double, isTo: Bool) -> Source {
    let keep = ClippedPicture.colourKept(dim: dim)
    let cuts = clip != .none && clip.cutsAnything(in: scene.bounds)
    guard cuts || keep < 255 else { return .picture }
    guard
      let shape = ClipShape(
        cuts ? clip : ClippedPicture.uncut, bounds: scene.bounds, width: scene.width, height: scene.height)
    else { return .nothing }
    let copy = clippedCopy(isTo: isTo)
    copy.update(shape, colourKept: keep)
    return .copy(copy)
  }

  /// Draws `frame` of the scene into `target`, which must be of the scene's pixel size.
  public func draw(_ frame: FrameStates, into target: Frame) {
    precondition(target.width == scene.width && target.height == scene.height)
    let toLayer = FrameStates.layerOfTo(inverse: frame.inverse)
    var layers: [Drawn] = []
    for layer in frame.drawnLayers {
      let state = frame.states[layer]
      let isTo = layer == toLayer
      guard
        let placement = LayerPlacement(
          frame.states, layer, bounds: scene.bounds, width: scene.width, height: scene.height)
      else { continue }
      switch source(clip: state.clip, dim: state.visibleDim, isTo: isTo) {
      case .picture: layers.append(Drawn(placement: placement, isTo: isTo, clipped: nil))
      case .copy(let copy): layers.append(Drawn(placement: placement, isTo: isTo, clipped: copy))
      case .nothing: continue  // nothing left of the layer
      }
    }
    // The first layer drawn replaces everything under it when it covers the frame with opaque pixels.
    var replaces = false
    if let first = layers.first, first.clipped == nil, first.placement.isPixelAligned, first.placement.alpha == 255 {
      replaces = (first.isTo ? scene.to : scene.from).isOpaque
    }
    if !replaces, meetWithoutSeam(layers) {
      drawMeeting(layers, backdrop: frame.states.backdrop, into: target)
      return
    }
    if !replaces {
      target.fill(background)
      drawBackdrop(frame.states.backdrop, into: target)
    }
    for (index, layer) in layers.enumerated() {
      composite(layer, into: target, operation: index == 0 && replaces ? PIXMAN_OP_SRC : PIXMAN_OP_OVER)
    }
  }

  /// The clipped copies of `to` or `from`, made on first use.
  private func clippedCopy(isTo: Bool) -> ClippedPicture {
    if isTo {
      if clipped.to == nil { clipped.to = ClippedPicture(scene.to) }
      return clipped.to!
    }
    if clipped.from == nil { clipped.from = ClippedPicture(scene.from) }
    return clipped.from!
  }

  /// Draws the backdrop over the whole frame (the container's bounds): its colour at its opacity, each clamped to
  /// [0, 1], over what is there.
  func drawBackdrop(_ backdrop: Backdrop, into target: Frame) {
    guard scene.exchangesRedAndBlue else { return Self.fillBackdrop(backdrop, into: target) }
    var exchanged = backdrop
    (exchanged.red, exchanged.blue) = (backdrop.blue, backdrop.red)
    Self.fillBackdrop(exchanged, into: target)
  }

  /// The background as the frame's bytes take it: red and blue exchanged when the scene's are
  /// (`Scene.exchangesRedAndBlue`).
  var background: RGB {
    let color = scene.background
    return scene.exchangesRedAndBlue ? RGB(color.b, color.g, color.r) : color
  }

  /// Draws `backdrop` over the whole of `target`, as `drawBackdrop(_:into:)` says.
  static func fillBackdrop(_ backdrop: Backdrop, into target: Frame) {
    let b = backdrop.visible
    let alpha = (b.opacity * 255).rounded()
    guard alpha >= 1 else { return }
    func channel(_ value: Double) -> UInt16 { UInt16((value * b.opacity * 65_535).rounded()) }
    var color = pixman_color_t(
      red: channel(b.red), green: channel(b.green), blue: channel(b.blue), alpha: UInt16((b.opacity * 65_535).rounded())
    )
    var rectangle = pixman_rectangle16_t(x: 0, y: 0, width: UInt16(target.width), height: UInt16(target.height))
    _ = pixman_image_fill_rectangles(PIXMAN_OP_OVER, target.image, &color, 1, &rectangle)
  }

  /// Composites one content layer where its placement puts it: its picture, or the clipped copy of it.
  /// With `exactEdges`, a layer moved by a fraction of a pixel has its edges from its coverage too (as every turned
  /// or scaled layer has), not from the filter, whose weights have 1/128 steps: two such edges meeting in a pixel
  /// then add up to the whole of it.
  func composite(_ layer: Drawn, into target: Frame, operation: pixman_op_t, exactEdges: Bool = false) {
    if let owner = layer.owner, owner !== self {
      return owner.composite(layer, into: target, operation: operation, exactEdges: exactEdges)
    }
    if let copy = layer.clipped {
      // Each copy is made only when the layer is drawn from it: the turned one for a turn about a vertical axis.
      composite(
        { copy.image() }, layer.placement, turnedSource: { copy.turned() }, into: target, operation: operation,
        exactEdges: exactEdges)
      return
    }
    let source = layer.isTo ? toSource : fromSource
    composite(
      { source }, layer.placement,
      turnedSource: { [self] in turnedPictures().map { layer.isTo ? $0.to : $0.from } }, into: target,
      operation: operation, exactEdges: exactEdges)
  }

  /// Composites one layer's picture where `placement` puts it: `upright` gives the picture, `turnedSource` the picture
  /// turned by 90 degrees, for a layer turned about a vertical axis; each is asked for only when it is drawn from.
  /// A solid mask of `alpha` (1/255 steps) for a layer drawn with less than full opacity; nil for an opaque one. The
  /// caller unreferences it.
  private static func opacityMask(_ alpha: UInt8) -> OpaquePointer? {
    guard alpha < 255 else { return nil }
    var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha) * 257)
    return pixman_image_create_solid_fill(&color)
  }

  private func composite(
    _ upright: () -> OpaquePointer?, _ placement: LayerPlacement, turnedSource: () -> OpaquePointer?,
    into target: Frame, operation: pixman_op_t, exactEdges: Bool
  ) {
    let box = placement.box
    if placement.isPixelAligned {
      // On the pixel grid: every pixel is covered whole or not at all, and only the opacity masks the picture.
      guard let source = upright() else { return }
      let mask = Self.opacityMask(placement.alpha)
      defer { if let mask { pixman_image_unref(mask) } }
      pixman_image_set_transform(source, nil)
      pixman_image_set_filter(source, PIXMAN_FILTER_NEAREST, nil, 0)
      pixman_image_composite32(
        operation, source, mask, target.image, Int32(box.x), Int32(box.y), 0, 0, Int32(box.x), Int32(box.y),
        Int32(box.width), Int32(box.height))
      return
    }
    if placement.isTranslation, !exactEdges {
      // Moved by a fraction of a pixel at its own size: the filter, fading the picture into the transparent pixels
      // outside it, gives each edge pixel exactly the part of it the layer covers, on pixman's fast paths.
      guard let source = upright() else { return }
      let mask = Self.opacityMask(placement.alpha)
      defer { if let mask { pixman_image_unref(mask) } }
      var transform = placement.pixmanTransform
      pixman_image_set_transform(source, &transform)
      pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
      pixman_image_set_repeat(source, PIXMAN_REPEAT_NONE)
      pixman_image_composite32(
        operation, source, mask, target.image, Int32(box.x - placement.origin.x), Int32(box.y - placement.origin.y),
        0, 0, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
      return
    }
    // Elsewhere the picture is sampled with its edge pixels padded outwards, and the part of each pixel the quad
    // covers, at the layer's opacity, masks it (LayerPlacement+Coverage.swift): the box-sized mask, whose pixel
    // (0, 0) lies at the box's top-left pixel.
    guard let mask = placement.coverageMask() else { return }
    defer { pixman_image_unref(mask) }
    if placement.isProjective, placement.scanlineDirection == .columns, let turnedSource = turnedSource(),
      drawTurned(placement, source: turnedSource, mask: mask, into: target, operation: operation)
    {
      return
    }
    guard let source = upright() else { return }
    pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
    pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD)
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
          operation, source, mask, target.image, 0, 0, Int32(piece.start - box.x), Int32(piece.line - box.y),
          Int32(piece.start), Int32(piece.line), Int32(piece.length), 1)
      }
      return
    case .columns, nil: break  // drawn turned above, when it could be
    }
    // Any other projective layer: affine pieces near its quad (LayerPlacement.affinePieces).
    for piece in placement.affinePieces {
      var transform = piece.pixmanTransform
      pixman_image_set_transform(source, &transform)
      pixman_image_composite32(
        operation, source, mask, target.image, 0, 0, Int32(piece.x - box.x), Int32(piece.y - box.y), Int32(piece.x),
        Int32(piece.y), Int32(piece.width), Int32(piece.height))
    }
  }

  /// The turned pictures and the frames for drawing turned layers, made on first use; `nil` when memory is short.
  private func turnedPictures() -> (from: OpaquePointer, to: OpaquePointer, layer: Frame, back: Frame)? {
    if turned == nil, let pictures = scene.turned,
      let frames = workFrames.frames(width: scene.width, height: scene.height)
    {
      turnedKept = pictures
      turned = (pictures.from.makeSource(), pictures.to.makeSource(), frames.layer, frames.back)
      pixman_image_set_filter(turned!.from, PIXMAN_FILTER_BILINEAR, nil, 0)
      pixman_image_set_filter(turned!.to, PIXMAN_FILTER_BILINEAR, nil, 0)
    }
    return turned
  }

  /// Draws a layer turned about a vertical axis: its columns, as rows of the turned frame, each a scaling of a row of
  /// `source` (its picture turned by 90 degrees, bilinear); then the result turned back and composited through
  /// `mask`, the layer's coverage at its opacity. `false` when the frames for it could not be made.
  private func drawTurned(
    _ placement: LayerPlacement, source: OpaquePointer, mask: OpaquePointer?, into target: Frame,
    operation: pixman_op_t
  ) -> Bool {
    guard let turned = turnedPictures() else { return false }
    pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD)
    let box = placement.box
    // The turns below write raw memory (pixman clipped its composites itself): the box must lie in the frame, as
    // `LayerPlacement` makes it.
    precondition(box.x >= 0 && box.y >= 0 && box.x + box.width <= scene.width && box.y + box.height <= scene.height)
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
    // The turned box turned back clockwise (Rotation90 turns counterclockwise) into the same box of the other frame.
    let layerPixels = turned.layer.storage.assumingMemoryBound(to: UInt32.self)
    let backPixels = turned.back.storage.assumingMemoryBound(to: UInt32.self)
    sh_turn_clockwise(
      layerPixels + turnedBox.y * turned.layer.width + turnedBox.x, turned.layer.width, UInt32(turnedBox.width),
      UInt32(turnedBox.height), backPixels + box.y * turned.back.width + box.x, turned.back.width)
    pixman_image_composite32(
      operation, turned.back.image, mask, target.image, Int32(box.x),
      Int32(box.y), 0, 0, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height))
    return true
  }
}

/// The two frames `FrameRenderer` draws a layer turned about a vertical axis through (the turned layer, of the frame's
/// height by its width, and the layer turned back, of the frame's size), made at the first use and kept for the next
/// renderers of frames of the same size; their contents between uses do not matter (each use clears what it draws).
///
/// Used by one renderer at a time, on one thread at a time.
package final class TurnedLayerFrames {
  /// The frames, once made.
  private var kept: (layer: Frame, back: Frame)?

  /// No frames yet.
  package init() {}

  /// The frames for frames of `width` x `height` pixels, made again when the size differs from the kept ones'; `nil`
  /// when memory is short.
  func frames(width: Int, height: Int) -> (layer: Frame, back: Frame)? {
    if let kept, kept.back.width == width, kept.back.height == height { return kept }
    kept = nil
    guard let layer = Frame(width: height, height: width), let back = Frame(width: width, height: height) else {
      return nil
    }
    kept = (layer, back)
    return kept
  }
}
