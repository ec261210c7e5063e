import CStagehandPixman
import StagehandAnimation

// The dim of a content layer (ABI 1.3; section 9 of stagehand_plugin.h, "Dim"): black of opacity d laid over the
// layer's own pixels only. With premultiplied pixels that is each colour component times 1 - d and the alpha kept,
// which is pixman's ATOP of a black of alpha d: the result's colour is the black's times the pixel's alpha (0) plus
// the pixel's times 1 - d, and its alpha the black's times the pixel's plus the pixel's times 1 - d, the pixel's own.
// The dim is laid over the clipped copy, so every way of drawing a layer (upright, turned, in pieces, meeting another
// layer) draws it dimmed; a layer whose clip cuts nothing is drawn from a copy cut by `uncut` when it is dimmed.

extension ClippedPicture {
  /// The share of each colour component a dim keeps, in 1/255 steps: 255 for a dim of 0 (or below half a step), 0
  /// for a dim of 1. `dim` is the layer's visible dim, clamped to [0, 1].
  static func colourKept(dim: Double) -> UInt8 {
    UInt8((min(max(1 - dim, 0), 1) * 255).rounded())
  }

  /// A clip that cuts nothing and leaves every pixel of the picture whole: no insets, square corners, an ellipse far
  /// outside the layer's corners (the clip that cuts nothing, `Clip.none`, has an ellipse through the corners, which
  /// the antialiasing would leave partly covered), a whole wedge.
  static let uncut: Clip = {
    var clip = Clip.none
    clip.ellipseRadii = Point(x: 4, y: 4)
    return clip
  }()

  /// Lays black of alpha 255 - `colourKept` over every pixel of `frame` (ATOP): each colour component scaled by
  /// `colourKept` / 255, the alpha unchanged. Nothing when `colourKept` is 255.
  static func dim(_ frame: Frame, colourKept: UInt8) {
    guard colourKept < 255 else { return }
    var black = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(255 - colourKept) * 257)
    var rectangle = pixman_rectangle16_t(x: 0, y: 0, width: UInt16(frame.width), height: UInt16(frame.height))
    _ = pixman_image_fill_rectangles(PIXMAN_OP_ATOP, frame.image, &black, 1, &rectangle)
  }
}
