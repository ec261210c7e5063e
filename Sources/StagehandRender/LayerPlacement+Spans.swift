import CStagehandPixman

extension LayerPlacement {
  /// Whether pixman samples this layer through a projective transform (its last row is not (0, 0, 1)).
  var isProjective: Bool {
    let m = toPicture
    return !(abs(m.m31) <= 1e-12 * abs(m.m33) && abs(m.m32) <= 1e-12 * abs(m.m33))
  }

  /// For each pixel row of the box, the run of pixels within a pixel of the layer's quad (enough for the bilinear
  /// filter's soft edge), as pixman boxes. Drawing a projective layer only there keeps it away from pixels far
  /// outside the quad, where the inverse perspective divides by a w near zero and the picture coordinates overflow;
  /// `affinePieces` cuts these runs into pieces.
  var spans: [pixman_box32_t] {
    var boxes: [pixman_box32_t] = []
    boxes.reserveCapacity(box.height)
    for row in box.y..<(box.y + box.height) {
      let band = Self.clip(corners, from: Double(row) - 1, to: Double(row) + 2)
      guard let low = band.map(\.x).min(), let high = band.map(\.x).max() else { continue }
      let x1 = max(Int((low - 1).rounded(.down)), box.x)
      let x2 = min(Int((high + 1).rounded(.up)), box.x + box.width)
      guard x1 < x2 else { continue }
      boxes.append(pixman_box32_t(x1: Int32(x1), y1: Int32(row), x2: Int32(x2), y2: Int32(row + 1)))
    }
    return boxes
  }

  /// The part of the convex polygon `points` between the horizontal lines y = `top` and y = `bottom`.
  static func clip(_ points: [(x: Double, y: Double)], from top: Double, to bottom: Double) -> [(x: Double, y: Double)]
  {
    func cut(_ points: [(x: Double, y: Double)], keep: (Double) -> Bool, at limit: Double) -> [(x: Double, y: Double)] {
      var out: [(x: Double, y: Double)] = []
      for (i, a) in points.enumerated() {
        let b = points[(i + 1) % points.count]
        if keep(a.y) { out.append(a) }
        if keep(a.y) != keep(b.y) {
          let t = (limit - a.y) / (b.y - a.y)
          out.append((a.x + t * (b.x - a.x), limit))
        }
      }
      return out
    }
    let below = cut(points, keep: { $0 >= top }, at: top)
    return below.isEmpty ? [] : cut(below, keep: { $0 <= bottom }, at: bottom)
  }
}
