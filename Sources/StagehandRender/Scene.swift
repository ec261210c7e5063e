import StagehandAnimation
// The renderer's public API takes the colours and frame states it shares with the exports (`RGB`, `FrameStates`,
// defined in StagehandExport, which links no C library): importing the renderer brings them, so that a program that
// draws needs this one import, as before the exports became a module of their own.
@_exported import StagehandExport

/// What a transition is drawn with: the container, the frame size, the background, and the pictures of the two
/// contents.
///
/// `from` is the content the forward animation hides and `to` the content it brings in, whatever the direction drawn:
/// in the inverse (the pop), `to` leaves and `from` comes back. Which of the two is drawn on top is part of each
/// frame's states (`LayerStates.onTop`, section 9 of stagehand_plugin.h, "Draw order").
public struct Scene: Sendable {
  /// The container's bounds, in points; the frame shows exactly them.
  public var bounds: Rect
  /// The frame width in pixels.
  public var width: Int
  /// The frame height in pixels.
  public var height: Int
  /// The colour behind both contents; frames are opaque.
  public var background: RGB
  /// The picture of the content the forward animation hides, `width` x `height` pixels.
  public var from: PixelImage
  /// The picture of the content the forward animation brings in, `width` x `height` pixels.
  public var to: PixelImage
  /// Whether the pictures' bytes are R, G, B, A rather than B, G, R, A (a frei0r instance draws its host's opaque RGBA
  /// inputs as they are): the renderer, which treats red and blue alike, then exchanges red and blue of the colours it
  /// adds (the background, the backdrop), so that the frame comes out in R, G, B, A too.
  package var exchangesRedAndBlue = false
  /// `from` and `to` turned by 90 degrees (`Rotation90`), for layers turned about a vertical axis: made at the first
  /// such layer drawn and kept with each picture (`PixelImage.turned()`), so that a scene that turns no layer never
  /// makes them; `nil` when memory is short (such layers are then drawn in affine pieces).
  var turned: (from: PixelImage, to: PixelImage)? {
    guard let turnedFrom = from.turned(), let turnedTo = to.turned() else { return nil }
    return (turnedFrom, turnedTo)
  }

  /// Creates a scene; both pictures must be of the frame's pixel size (`PixelImage.fitted` makes them so).
  public init(bounds: Rect, width: Int, height: Int, background: RGB, from: PixelImage, to: PixelImage) {
    precondition(from.width == width && from.height == height && to.width == width && to.height == height)
    self.bounds = bounds
    self.width = width
    self.height = height
    self.background = background
    self.from = from
    self.to = to
  }

  /// A scene whose two pictures are `picture` (turned once, for both, when a layer is drawn turned): what
  /// `ContainerRenderer` draws each of its pictures with.
  init(bounds: Rect, width: Int, height: Int, background: RGB, picture: PixelImage) {
    self.init(bounds: bounds, width: width, height: height, background: background, from: picture, to: picture)
  }
}
