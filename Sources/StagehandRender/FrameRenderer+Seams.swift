import CStagehandPixman
import StagehandAnimation

// Where two layers meet (the old and the new content of a push, two faces of a cube), the pixels along the line they
// share are partly covered by each. Each layer's edge pixel has an alpha equal to the part of the pixel the layer
// covers (LayerPlacement+Coverage.swift): a for one, 1 - a for the other. Drawn one after the other with source-over
// against the background, the two leave the background showing through in (1 - a) * a of the pixel (a quarter of it
// where the line halves the pixel): a dark seam of one pixel on light content.
//
// The parts of a pixel that two meeting layers cover do not overlap, so their coverage adds up. pixman's disjoint
// over does exactly that: it assumes the source's coverage lies outside the destination's, as far as it can, and
// where the destination covers the whole pixel it is source-over. Hence: the layer below into a transparent frame,
// the layer on top with disjoint over, then the background and the backdrop under both (over-reverse).
//
// Disjoint over treats all of a pixel's alpha as coverage; it is right only when coverage is all there is to it. So it
// is used when both layers are at full opacity and both pictures are opaque. A layer at partial opacity (a
// cross-dissolve) is drawn with source-over throughout, as section 9 of stagehand_plugin.h says: the layer below
// shows through it, and the background through both.

extension FrameRenderer {
  /// Whether `layers` are drawn as meeting layers (see above): two of them, each at full opacity, over opaque
  /// pictures. (Their clips, when they have any, cut them with antialiased edges: coverage too.)
  func meetWithoutSeam(_ layers: [Drawn]) -> Bool {
    layers.count == 2 && layers.allSatisfy { $0.placement.alpha == 255 } && scene.from.isOpaque
      && scene.to.isOpaque
  }

  /// Draws two layers that may meet: the one below into the cleared frame, the one on top with disjoint over (their
  /// coverage adds up where they share a pixel), and then the background and `backdrop` under both.
  func drawMeeting(_ layers: [Drawn], backdrop: Backdrop, into target: Frame) {
    target.clear()
    composite(layers[0], into: target, operation: PIXMAN_OP_OVER, exactEdges: true)
    // Disjoint over differs from source-over only where the layer below covers part of a pixel; pixman has no fast
    // path for it, so it is used there only (the frame's clip region), and source-over elsewhere.
    let partial = layers[0].placement.isPixelAligned ? [] : layers[0].placement.partlyCoveredPixels()
    if partial.isEmpty {
      composite(layers[1], into: target, operation: PIXMAN_OP_OVER, exactEdges: true)
    } else {
      var edges = pixman_region32_t()
      var rest = pixman_region32_t()
      var frame = pixman_region32_t()
      partial.withUnsafeBufferPointer { _ = pixman_region32_init_rects(&edges, $0.baseAddress, Int32($0.count)) }
      pixman_region32_init_rect(&frame, 0, 0, UInt32(target.width), UInt32(target.height))
      pixman_region32_init(&rest)
      _ = pixman_region32_subtract(&rest, &frame, &edges)
      _ = pixman_image_set_clip_region32(target.image, &rest)
      composite(layers[1], into: target, operation: PIXMAN_OP_OVER, exactEdges: true)
      _ = pixman_image_set_clip_region32(target.image, &edges)
      composite(layers[1], into: target, operation: PIXMAN_OP_DISJOINT_OVER, exactEdges: true)
      _ = pixman_image_set_clip_region32(target.image, nil)
      pixman_region32_fini(&edges)
      pixman_region32_fini(&rest)
      pixman_region32_fini(&frame)
    }
    var under = colorUnder(backdrop)
    var rectangle = pixman_rectangle16_t(x: 0, y: 0, width: UInt16(target.width), height: UInt16(target.height))
    _ = pixman_image_fill_rectangles(PIXMAN_OP_OVER_REVERSE, target.image, &under, 1, &rectangle)
  }

  /// The colour under the layers: the background with `backdrop` over it, drawn into one pixel the way a frame
  /// without meeting layers draws them, so that both ways give the same bytes.
  func colorUnder(_ backdrop: Backdrop) -> pixman_color_t {
    guard let pixel = Frame(width: 1, height: 1) else { return background.pixmanColor }
    pixel.fill(background)
    drawBackdrop(backdrop, into: pixel)
    let bytes = pixel.storage.assumingMemoryBound(to: UInt8.self)
    func channel(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) * 257 }
    return pixman_color_t(red: channel(2), green: channel(1), blue: channel(0), alpha: channel(3))
  }
}
