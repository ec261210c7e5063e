import CStagehandPixman
import StagehandAnimation

/// One layer of a container's frame with the picture of its content: what ``ContainerRenderer`` draws.
public struct PicturedLayer {
  /// The layer ready to draw: its transform with the container's stage, its quad, whether it faces the viewer, its
  /// opacity and its clip (a container's `PresentedLayer.drawn`).
  public var layer: DrawnLayer
  /// The picture of the layer's content. One of the renderer's pixel size is drawn as it is; another is fitted to it
  /// (scaled to cover it, centred), once per picture.
  public var picture: PixelImage

  /// The layer `layer`, showing `picture`.
  public init(_ layer: DrawnLayer, picture: PixelImage) {
    self.layer = layer
    self.picture = picture
  }
}

/// Why a ``ContainerRenderer`` cannot be made or cannot draw: each case says what was given and what to give.
public enum ContainerRendererError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The frame size is not from 1 to `PixelImage.largestSide` pixels a side.
  case invalidSize(width: Int, height: Int)
  /// The container's bounds are empty or not finite.
  case invalidBounds(Rect)
  /// The frame to draw into is not of the renderer's pixel size.
  case frameSizeMismatch(frameWidth: Int, frameHeight: Int, width: Int, height: Int)
  /// The memory for a frame of this size could not be had.
  case outOfMemory(width: Int, height: Int)

  /// What was wrong, and what to do.
  public var description: String {
    switch self {
    case .invalidSize(let width, let height):
      "a container renderer cannot draw frames of \(width)x\(height) pixels; give each side from 1 to "
        + "\(PixelImage.largestSide)"
    case .invalidBounds(let bounds):
      "a container renderer cannot show the bounds \(bounds): they are empty or not finite; give the container's "
        + "bounds (`Stack.bounds`, `Placeholder.bounds(ofSlot:)`)"
    case .frameSizeMismatch(let frameWidth, let frameHeight, let width, let height):
      "the frame is \(frameWidth)x\(frameHeight) pixels, but the renderer draws \(width)x\(height); give a frame of "
        + "its size, or make a renderer for this one"
    case .outOfMemory(let width, let height):
      "there is not enough memory for a frame of \(width)x\(height) pixels; draw a smaller frame"
    }
  }
}

/// Draws a container's frame with any number of layers: the background, the backdrop, then each layer back to front
/// where its transform puts it (the stage's perspective included), cut by its clip, at its opacity, and only when
/// it faces the viewer. It is the renderer of `Scene` (`FrameRenderer`: pixman, bilinear filtering, premultiplied
/// alpha) with a picture per layer, so a frame of two layers has the very pixels `FrameRenderer` draws for the same
/// states, the seam rule of two meeting layers included.
///
/// Give it the layers a container lists for a frame (`Stack.layersToDraw`, `Placeholder.presentedLayers(inSlot:)`,
/// each one's `drawn`), with the picture of each content, and the container's backdrop. It keeps what it made for
/// each picture (its pixman image, its turned and clipped copies) from one frame to the next, keyed by the picture's
/// identity: give the same `PixelImage` for a content each frame. A renderer belongs to one thread.
public final class ContainerRenderer {
  /// The container's bounds, in points; the frame shows exactly them.
  public let bounds: Rect
  /// The frame width in pixels.
  public let width: Int
  /// The frame height in pixels.
  public let height: Int
  /// The colour behind every layer; frames are opaque.
  public let background: RGB
  /// A renderer per picture drawn in the last frame (a picture drawn twice in a frame has one per time), with the
  /// picture, kept so that its identity is not another picture's.
  private var renderers: [Key: (picture: PixelImage, renderer: FrameRenderer)] = [:]

  private struct Key: Hashable {
    var picture: ObjectIdentifier
    var occurrence: Int
  }

  /// A renderer of frames of `width` x `height` pixels that show `bounds` over `background`; throws when a side is
  /// not from 1 to `PixelImage.largestSide` pixels, or `bounds` is empty or not finite.
  public init(bounds: Rect, width: Int, height: Int, background: RGB = RGB(0, 0, 0)) throws(ContainerRendererError) {
    guard (1...PixelImage.largestSide).contains(width), (1...PixelImage.largestSide).contains(height) else {
      throw .invalidSize(width: width, height: height)
    }
    guard (try? bounds.validatedAsBounds()) != nil else { throw .invalidBounds(bounds) }
    self.bounds = bounds
    self.width = width
    self.height = height
    self.background = background
  }

  /// Draws `layers`, back to front, over `backdrop`, into `target`, which must be of the renderer's pixel size (else
  /// it throws and draws nothing). A picture that cannot be fitted for lack of memory is left out.
  public func draw(
    _ layers: [PicturedLayer], backdrop: Backdrop = .none, into target: Frame
  ) throws(ContainerRendererError) {
    guard target.width == width, target.height == height else {
      throw .frameSizeMismatch(frameWidth: target.width, frameHeight: target.height, width: width, height: height)
    }
    var used: [Key: (picture: PixelImage, renderer: FrameRenderer)] = [:]
    var drawn: [FrameRenderer.Drawn] = []
    for layer in layers where layer.layer.isVisible {
      var key = Key(picture: ObjectIdentifier(layer.picture), occurrence: 0)
      while used[key] != nil { key.occurrence += 1 }
      guard let renderer = renderers[key]?.renderer ?? makeRenderer(layer.picture) else { continue }
      used[key] = (layer.picture, renderer)
      if let item = renderer.drawn(layer.layer) { drawn.append(item) }
    }
    renderers = used
    guard let first = drawn.first?.owner else {
      target.fill(background)
      FrameRenderer.fillBackdrop(backdrop, into: target)
      return
    }
    let opaque = drawn.allSatisfy { $0.owner?.scene.to.isOpaque == true }
    // As `FrameRenderer.draw(_:into:)`: an opaque first layer on the pixel grid replaces what is under it; two layers
    // at full opacity over opaque pictures meet without a seam.
    var replaces = false
    if let layer = drawn.first, layer.clipped == nil, layer.placement.isPixelAligned, layer.placement.alpha == 255 {
      replaces = first.scene.to.isOpaque
    }
    if !replaces, drawn.count == 2, opaque, drawn.allSatisfy({ $0.placement.alpha == 255 }) {
      first.drawMeeting(drawn, backdrop: backdrop, into: target)
      return
    }
    if !replaces {
      target.fill(background)
      first.drawBackdrop(backdrop, into: target)
    }
    for (index, layer) in drawn.enumerated() {
      first.composite(layer, into: target, operation: index == 0 && replaces ? PIXMAN_OP_SRC : PIXMAN_OP_OVER)
    }
  }

  /// The frame of `layers` over `backdrop` as a picture (to write with `PixelImage.writePNG(path:compressionLevel:)`);
  /// throws when memory is short.
  public func image(
    of layers: [PicturedLayer], backdrop: Backdrop = .none
  ) throws(ContainerRendererError) -> PixelImage {
    guard let frame = Frame(width: width, height: height) else { throw .outOfMemory(width: width, height: height) }
    try draw(layers, backdrop: backdrop, into: frame)
    let image = PixelImage.make(width: width, height: height, isOpaque: true) {
      $0.copyMemory(from: frame.storage, byteCount: width * height * 4)
    }
    guard let image else { throw .outOfMemory(width: width, height: height) }
    return image
  }

  /// A renderer of `picture`, fitted to the frame when its size differs; `nil` when memory is short.
  private func makeRenderer(_ picture: PixelImage) -> FrameRenderer? {
    let fitted =
      picture.width == width && picture.height == height
      ? picture : picture.fitted(width: width, height: height, fitting: .fill, background: background)
    guard let fitted else { return nil }
    return FrameRenderer(
      scene: Scene(bounds: bounds, width: width, height: height, background: background, picture: fitted))
  }
}
