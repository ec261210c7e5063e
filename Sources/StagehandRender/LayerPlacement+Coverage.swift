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

  /// Whether the layer is only moved, by any fraction of a pixel, at its own size and unturned: its transform's
  /// linear part is the identity.
  var isTranslation: Bool {
    guard !isProjective else { return false }
    let m = toPicture
    let scale = m.m33
    return abs(m.m11 - scale) <= 1e-9 * abs(scale) && abs(m.m22 - scale) <= 1e-9 * abs(scale)
      && abs(m.m12) <= 1e-9 * abs(scale) && abs(m.m21) <= 1e-9 * abs(scale)
  }

  /// Boxes of frame pixels that hold every pixel the layer covers only in part (with a pixel to spare on each side),
  /// row by row: in a row, the pixels between where the quad's left side crosses the row's top and bottom lines, and
  /// the same for its right side; the whole row where the quad begins or ends within it.
  func partlyCoveredPixels() -> [pixman_box32_t] {
    var boxes: [pixman_box32_t] = []
    let (left, right, top, bottom) = (box.x, box.x + box.width, box.y, box.y + box.height)
    // Positions are taken to about a millionth of a pixel first, so that the same layer drawn again from states that
    // differ in the last bits (an inverse's frame and its forward's) gets the same boxes: pixman's path for disjoint
    // over and its fast path for source-over may round a wholly covered pixel differently.
    func snapped(_ value: Double) -> Double { (value * 1_048_576).rounded() / 1_048_576 }
    func add(_ x1: Double, _ x2: Double, row: Int) {
      let a = max(Int(x1.rounded(.down)) - 1, left)
      let b = min(Int(x2.rounded(.up)) + 1, right)
      if a < b { boxes.append(pixman_box32_t(x1: Int32(a), y1: Int32(row), x2: Int32(b), y2: Int32(row + 1))) }
    }
    let corners = self.corners.map { (x: snapped($0.x), y: snapped($0.y)) }
    if isTranslation {
      // An upright rectangle: only the pixels on its sides can be covered in part.
      let x0 = max(Int(corners.map(\.x).min()!.rounded(.down)) - 1, left)
      let x1 = min(Int(corners.map(\.x).max()!.rounded(.up)) + 1, right)
      let y0 = max(Int(corners.map(\.y).min()!.rounded(.down)) - 1, top)
      let y1 = min(Int(corners.map(\.y).max()!.rounded(.up)) + 1, bottom)
      guard x0 < x1, y0 < y1 else { return [] }
      guard x1 - x0 > 6, y1 - y0 > 6 else {
        return [pixman_box32_t(x1: Int32(x0), y1: Int32(y0), x2: Int32(x1), y2: Int32(y1))]
      }
      return [
        pixman_box32_t(x1: Int32(x0), y1: Int32(y0), x2: Int32(x1), y2: Int32(y0 + 3)),
        pixman_box32_t(x1: Int32(x0), y1: Int32(y0 + 3), x2: Int32(x0 + 3), y2: Int32(y1 - 3)),
        pixman_box32_t(x1: Int32(x1 - 3), y1: Int32(y0 + 3), x2: Int32(x1), y2: Int32(y1 - 3)),
        pixman_box32_t(x1: Int32(x0), y1: Int32(y1 - 3), x2: Int32(x1), y2: Int32(y1)),
      ]
    }
    for row in top..<bottom {
      let (top, bottom) = (Double(row), Double(row + 1))
      let band = Self.clip(corners, from: top, to: bottom)
      guard let low = band.map(\.x).min(), let high = band.map(\.x).max() else { continue }
      // Where the quad meets the row's top and bottom lines; when it misses either, it begins or ends in the row.
      let upper = Self.clip(corners, from: top, to: top).map(\.x)
      let lower = Self.clip(corners, from: bottom, to: bottom).map(\.x)
      guard let upperLow = upper.min(), let upperHigh = upper.max(), let lowerLow = lower.min(),
        let lowerHigh = lower.max()
      else {
        add(low, high, row: row)
        continue
      }
      let innerLow = max(upperLow, lowerLow)
      let innerHigh = min(upperHigh, lowerHigh)
      guard innerLow < innerHigh else {
        add(low, high, row: row)
        continue
      }
      add(low, innerLow, row: row)
      add(innerHigh, high, row: row)
    }
    return boxes
  }

  /// The part of the convex polygon `points` within the rectangle from (0, 0) to (`width`, `height`).
  static func clip(_ points: [(x: Double, y: Double)], width: Double, height: Double) -> [(x: Double, y: Double)] {
    let rows = clip(points, from: 0, to: height)
    guard !rows.isEmpty else { return [] }
    // The same cut across x: exchange the coordinates, cut, and exchange them back.
    return clip(rows.map { (x: $0.y, y: $0.x) }, from: 0, to: width).map { (x: $0.y, y: $0.x) }
  }
}
