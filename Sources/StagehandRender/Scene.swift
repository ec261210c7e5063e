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
  /// `from` and `to` turned by 90 degrees (`Rotation90`), for layers turned about a vertical axis; `nil` when memory
  /// was short (such layers are then drawn in affine pieces).
  let turned: (from: PixelImage, to: PixelImage)?

  /// Creates a scene; both pictures must be of the frame's pixel size (`PixelImage.fitted` makes them so).
  public init(bounds: Rect, width: Int, height: Int, background: RGB, from: PixelImage, to: PixelImage) {
    self.init(bounds: bounds, width: width, height: height, background: background, from: from, to: to, turns: true)
  }

  /// A scene whose turned pictures are made only when `turns` (a frame that turns no layer about a vertical axis
  /// does not need them).
  init(bounds: Rect, width: Int, height: Int, background: RGB, from: PixelImage, to: PixelImage, turns: Bool) {
    precondition(from.width == width && from.height == height && to.width == width && to.height == height)
    self.bounds = bounds
    self.width = width
    self.height = height
    self.background = background
    self.from = from
    self.to = to
    if turns, let turnedFrom = from.turned(), let turnedTo = to.turned() {
      turned = (turnedFrom, turnedTo)
    } else {
      turned = nil
    }
  }

  /// A scene whose two pictures are `picture` (turned once, for both): what `ContainerRenderer` draws each of its
  /// pictures with.
  init(bounds: Rect, width: Int, height: Int, background: RGB, picture: PixelImage) {
    self.bounds = bounds
    self.width = width
    self.height = height
    self.background = background
    from = picture
    to = picture
    turned = picture.turned().map { ($0, $0) }
  }
}
