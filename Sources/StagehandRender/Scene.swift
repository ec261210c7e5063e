import StagehandAnimation

/// What a transition is drawn with: the container, the frame size, the background, and the pictures of the two
/// contents.
///
/// `from` is the content the forward animation hides and `to` the content it brings in, whatever the direction drawn:
/// in the inverse (the pop), `to` leaves and `from` comes back. `to` is drawn above `from` (section 9 of
/// stagehand_plugin.h: the content the forward animation brings in is drawn on top).
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
    precondition(from.width == width && from.height == height && to.width == width && to.height == height)
    self.bounds = bounds
    self.width = width
    self.height = height
    self.background = background
    self.from = from
    self.to = to
    if let turnedFrom = from.turned(), let turnedTo = to.turned() {
      turned = (turnedFrom, turnedTo)
    } else {
      turned = nil
    }
  }

  /// The layer that shows `to`: the appearing layer of a forward animation, the disappearing layer of an inverse.
  public static func layerOfTo(inverse: Bool) -> LayerID { inverse ? .disappearing : .appearing }
}

/// The layer states of one frame, and whether they come from an inverse animation (which decides which layer shows
/// which content).
public struct FrameStates: Hashable, Sendable {
  /// The states of the three layers.
  public var states: LayerStates
  /// Whether the states are an inverse animation's.
  public var inverse: Bool

  /// Creates the states of a frame.
  public init(_ states: LayerStates, inverse: Bool) {
    self.states = states
    self.inverse = inverse
  }
}
