import CStagehandPixman

/// Which lines of a projective layer pixman can draw exactly with a scaling transform each.
enum ScanlineDirection {
  /// The perspective changes from row to row only (a turn about a horizontal axis): along each row of the frame, the
  /// picture is sampled along one of its rows, evenly spaced.
  case rows
  /// The perspective changes from column to column only (a turn about a vertical axis): the same along columns.
  case columns
}

/// One line of frame pixels and the scaling transform that samples the picture for it, exactly.
struct ScanlinePiece {
  /// The line's first pixel and its length, along the line; `line` is the row (or the column) it lies on.
  var start: Int, length: Int, line: Int
  /// The transform from coordinates measured from the piece's first pixel to picture pixels (scaling only).
  var transform: pixman_transform_t
}

extension LayerPlacement {
  /// The direction in which every line of the layer is an evenly spaced run of one line of its picture, or `nil`.
  var scanlineDirection: ScanlineDirection? {
    let m = toPicture
    let (width, height) = (Double(box.width + 2), Double(box.height + 2))
    // The w of the perspective and the other picture coordinate must not change along the line, to within a
    // billionth of the w and a millionth of a pixel.
    let scale = abs(m.m33)
    if abs(m.m31) * width <= 1e-9 * scale, abs(m.m21) * width <= 1e-6 * scale { return .rows }
    if abs(m.m32) * height <= 1e-9 * scale, abs(m.m12) * height <= 1e-6 * scale { return .columns }
    return nil
  }

  /// The pieces of a layer whose direction is `.rows`: one per row, over the row's span near the quad.
  var rowPieces: [ScanlinePiece] {
    spans.map { span in
      let (x, y) = (Int(span.x1), Int(span.y1))
      let first = picture(Double(x) + 0.5, Double(y) + 0.5)
      let step = picture(Double(x) + 1.5, Double(y) + 0.5).x - first.x
      return ScanlinePiece(
        start: x, length: Int(span.x2 - span.x1), line: y,
        transform: Self.scaling(step: step, along: first.x, across: first.y))
    }
  }

  /// The pieces of a layer whose direction is `.columns`, in the frame turned by 90 degrees (`Rotation90`): one per
  /// column of the frame, which is a row of the turned frame, sampling the turned picture.
  func columnPieces(frameWidth: Int) -> [ScanlinePiece] {
    let turned = corners.map { (x: $0.y, y: Double(frameWidth) - $0.x) }
    let turnedBox = Rotation90.turned(box, frameWidth: frameWidth)
    var pieces: [ScanlinePiece] = []
    for row in turnedBox.y..<(turnedBox.y + turnedBox.height) {
      let band = Self.clip(turned, from: Double(row) - 1, to: Double(row) + 2)
      guard let low = band.map(\.x).min(), let high = band.map(\.x).max() else { continue }
      let r1 = max(Int((low - 1).rounded(.down)), turnedBox.x)
      let r2 = min(Int((high + 1).rounded(.up)), turnedBox.x + turnedBox.width)
      guard r1 < r2 else { continue }
      // Turned row `row` is frame column x = W - 1 - row; turned column r is frame row r.
      let x = Double(frameWidth - 1 - row) + 0.5
      let first = picture(x, Double(r1) + 0.5)
      let step = picture(x, Double(r1) + 1.5).y - first.y
      // In the turned picture, the picture's y runs along rows and W - x down the columns.
      pieces.append(
        ScanlinePiece(
          start: r1, length: r2 - r1, line: row,
          transform: Self.scaling(step: step, along: first.y, across: Double(frameWidth) - first.x)))
    }
    return pieces
  }

  /// The scaling transform, in pixman's fixed point, that takes the piece's pixel i (centre i + 0.5 along it,
  /// 0.5 across) to `along + step * i` along and `across` across.
  static func scaling(step: Double, along: Double, across: Double) -> pixman_transform_t {
    func fixed(_ value: Double) -> pixman_fixed_t {
      pixman_fixed_t(min(max((value * 65_536).rounded(), -2_147_483_648), 2_147_483_647))
    }
    var transform = pixman_transform_t()
    transform.matrix = (
      (fixed(step), 0, fixed(along - 0.5 * step)), (0, 65_536, fixed(across - 0.5)), (0, 0, 65_536)
    )
    return transform
  }
}

/// The frame turned by 90 degrees, in which the columns of a layer turned about a vertical axis become rows: frame
/// pixel (x, y) is turned pixel (y, W - 1 - x), for a frame W pixels wide; the turned frame is H wide and W high. The
/// turn is counterclockwise (`sh_turn_counterclockwise`), the way back clockwise (`sh_turn_clockwise`).
enum Rotation90 {
  /// The turned box of a frame box (x, y, width, height).
  static func turned(_ box: (x: Int, y: Int, width: Int, height: Int), frameWidth: Int)
    -> (x: Int, y: Int, width: Int, height: Int)
  {
    (box.y, frameWidth - box.x - box.width, box.height, box.width)
  }
}
