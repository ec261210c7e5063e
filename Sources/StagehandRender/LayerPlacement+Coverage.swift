import CStagehandPixman

// A layer's edge is antialiased by the part of each pixel its quad covers, computed from the quad itself (pixman's
// polygon rasterizer: 17 x 15 sample points a pixel, 255 in all), and not by the bilinear filter fading the picture's
// outermost pixels into transparency. The filter's fade is one picture pixel wide, so it matches a pixel's coverage
// only where the layer is drawn at its own size: on a layer shrunk by perspective (a face of a cube seen at a slant)
// the fade is narrower than a pixel, on one enlarged it is wider. Two layers that meet along a line then left part of
// the pixels on it uncovered. With coverage from the geometry, the parts two meeting quads cover of a pixel on their
// shared edge add up to the whole pixel: each sample point lies in exactly one of them.

extension LayerPlacement {
  /// The part of each pixel of `box` that the layer covers, at the layer's opacity, as an a8 image of the box's size
  /// (pixel (0, 0) is the box's top-left pixel); `nil` when memory is short. The caller releases it with
  /// `pixman_image_unref`.
  func coverageMask() -> OpaquePointer? {
    guard let mask = pixman_image_create_bits(PIXMAN_a8, Int32(box.width), Int32(box.height), nil, 0) else {
      return nil
    }
    // The quad in box pixels, cut to the box, so that its coordinates fit pixman's fixed point.
    let local = corners.map { (x: $0.x - Double(box.x), y: $0.y - Double(box.y)) }
    let polygon = Self.clip(local, width: Double(box.width), height: Double(box.height))
    guard polygon.count >= 3 else { return mask }
    func point(_ p: (x: Double, y: Double)) -> pixman_point_fixed_t {
      pixman_point_fixed_t(x: pixman_fixed_t((p.x * 65_536).rounded()), y: pixman_fixed_t((p.y * 65_536).rounded()))
    }
    // A fan of triangles from the first corner: the polygon is convex, and pixman adds the triangles' coverage.
    var triangles = (1..<(polygon.count - 1)).map { i in
      pixman_triangle_t(p1: point(polygon[0]), p2: point(polygon[i]), p3: point(polygon[i + 1]))
    }
    pixman_add_triangles(mask, 0, 0, Int32(triangles.count), &triangles)
    if alpha < 255 {
      var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha) * 257)
      if let opacity = pixman_image_create_solid_fill(&color) {
        pixman_image_composite32(
          PIXMAN_OP_IN, opacity, nil, mask, 0, 0, 0, 0, 0, 0, Int32(box.width), Int32(box.height))
        pixman_image_unref(opacity)
      }
    }
    return mask
  }

  /// The part of the convex polygon `points` within the rectangle from (0, 0) to (`width`, `height`).
  static func clip(_ points: [(x: Double, y: Double)], width: Double, height: Double) -> [(x: Double, y: Double)] {
    let rows = clip(points, from: 0, to: height)
    guard !rows.isEmpty else { return [] }
    // The same cut across x: exchange the coordinates, cut, and exchange them back.
    return clip(rows.map { (x: $0.y, y: $0.x) }, from: 0, to: width).map { (x: $0.y, y: $0.x) }
  }
}
