import CStagehandPixman

/// A rectangle of frame pixels drawn with one affine transform.
struct AffinePiece {
  /// The rectangle: x, y, width, height, in frame pixels.
  var x: Int, y: Int, width: Int, height: Int
  /// From pixel coordinates measured from the rectangle's top-left corner to picture pixels.
  var toPicture: Homography

  /// The transform in pixman's 16.16 fixed point (the coordinates are small, so the fixed point is precise).
  var pixmanTransform: pixman_transform_t {
    func fixed(_ value: Double) -> pixman_fixed_t {
      pixman_fixed_t(min(max((value * 65_536).rounded(), -2_147_483_648), 2_147_483_647))
    }
    let m = toPicture
    var transform = pixman_transform_t()
    transform.matrix = (
      (fixed(m.m11), fixed(m.m12), fixed(m.m13)), (fixed(m.m21), fixed(m.m22), fixed(m.m23)), (0, 0, 65_536)
    )
    return transform
  }
}

extension LayerPlacement {
  /// The most a piece's affine transform may stray from the exact perspective, in picture pixels.
  static let pieceTolerance = 1.0 / 32
  /// Rows per band of pieces.
  static let bandRows = 32

  /// The pixels near the quad of a projective layer, cut into rectangles small enough that an affine transform (the
  /// perspective's first-order expansion about the rectangle's centre) stays within `pieceTolerance` of the exact
  /// perspective at every corner. pixman draws affine transforms with its fast bilinear fetchers; the exact
  /// projective path samples pixel by pixel through a general fetcher, several times slower.
  var affinePieces: [AffinePiece] {
    var pieces: [AffinePiece] = []
    let spans = self.spans
    var index = 0
    while index < spans.count {
      // The spans of one band of rows, and the columns they cover.
      let bandTop = Int(spans[index].y1)
      var low = Int(spans[index].x1)
      var high = Int(spans[index].x2)
      var bottom = bandTop + 1
      index += 1
      while index < spans.count, Int(spans[index].y1) < bandTop + Self.bandRows {
        low = min(low, Int(spans[index].x1))
        high = max(high, Int(spans[index].x2))
        bottom = Int(spans[index].y2)
        index += 1
      }
      split(x: low, y: bandTop, width: high - low, height: bottom - bandTop, into: &pieces)
    }
    return pieces
  }

  /// The picture point drawn at frame point (x, y) (continuous coordinates: pixel centres at + 0.5).
  func picture(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
    toPicture.apply(x - Double(origin.x), y - Double(origin.y))
  }

  private func split(x: Int, y: Int, width: Int, height: Int, into pieces: inout [AffinePiece]) {
    guard width > 0, height > 0 else { return }
    let (cx, cy) = (Double(x) + Double(width) / 2, Double(y) + Double(height) / 2)
    let (hw, hh) = (max(Double(width) / 2, 0.5), max(Double(height) / 2, 0.5))
    let centre = picture(cx, cy)
    let (left, right) = (picture(cx - hw, cy), picture(cx + hw, cy))
    let (up, down) = (picture(cx, cy - hh), picture(cx, cy + hh))
    let dx = ((right.x - left.x) / (2 * hw), (right.y - left.y) / (2 * hw))
    let dy = ((down.x - up.x) / (2 * hh), (down.y - up.y) / (2 * hh))
    // The second differences across the piece: how far the perspective bends along each direction.
    let bendX = max(abs(left.x + right.x - 2 * centre.x), abs(left.y + right.y - 2 * centre.y)) / 2
    let bendY = max(abs(up.x + down.x - 2 * centre.x), abs(up.y + down.y - 2 * centre.y)) / 2
    var error = 0.0
    for (px, py) in [(cx - hw, cy - hh), (cx + hw, cy - hh), (cx - hw, cy + hh), (cx + hw, cy + hh)] {
      let exact = picture(px, py)
      let ax = centre.x + dx.0 * (px - cx) + dy.0 * (py - cy)
      let ay = centre.y + dx.1 * (px - cx) + dy.1 * (py - cy)
      error = max(error, abs(exact.x - ax), abs(exact.y - ay))
    }
    if !(error <= Self.pieceTolerance) && max(width, height) > 2 {
      // Halves across the direction that bends more (or the longer side, when neither stands out).
      let acrossX = bendX == bendY ? width >= height : bendX > bendY
      if acrossX && width > 1 || height <= 1 {
        split(x: x, y: y, width: width / 2, height: height, into: &pieces)
        split(x: x + width / 2, y: y, width: width - width / 2, height: height, into: &pieces)
      } else {
        split(x: x, y: y, width: width, height: height / 2, into: &pieces)
        split(x: x, y: y + height / 2, width: width, height: height - height / 2, into: &pieces)
      }
      return
    }
    guard centre.x.isFinite, centre.y.isFinite, [dx.0, dx.1, dy.0, dy.1].allSatisfy(\.isFinite) else { return }
    // In coordinates measured from the piece's top-left corner (u, v) = (x - x0, y - y0).
    let (ox, oy) = (Double(x) - cx, Double(y) - cy)
    let affine = Homography(
      m11: dx.0, m12: dy.0, m13: centre.x + dx.0 * ox + dy.0 * oy,
      m21: dx.1, m22: dy.1, m23: centre.y + dx.1 * ox + dy.1 * oy,
      m31: 0, m32: 0, m33: 1)
    pieces.append(AffinePiece(x: x, y: y, width: width, height: height, toPicture: affine))
  }
}
