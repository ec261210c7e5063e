import CStagehandPixman

/// The look of a generated card: a colour for the card, one for its marks.
public struct CardLook: Hashable, Sendable {
  /// The card's colour.
  public var fill: RGB
  /// The colour of the title bar, the grid, the letter and the arrow.
  public var accent: RGB
  /// The letter drawn large on the card: `A` or `B`.
  public var letter: Character

  /// Creates a card look.
  public init(fill: RGB, accent: RGB, letter: Character) {
    self.fill = fill
    self.accent = accent
    self.letter = letter
  }

  /// Card A, the content the forward animation hides: blue.
  public static let a = CardLook(fill: RGB(40, 90, 200), accent: RGB(200, 225, 255), letter: "A")
  /// Card B, the content it brings in: orange.
  public static let b = CardLook(fill: RGB(225, 120, 30), accent: RGB(255, 235, 190), letter: "B")

  /// The letters' bitmaps: 5 columns by 7 rows, row by row, `#` for a filled cell.
  static let glyphs: [Character: [String]] = [
    "A": [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
    "B": ["####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."],
  ]
}

extension PixelImage {
  /// A generated card of `width` x `height` pixels that tells itself apart at a glance and shows movement and
  /// orientation: its colour, a grid, a title bar along the top with a square at its left end, its letter large (A
  /// and B read wrongly when mirrored or upside down), and an arrow towards the right; `nil` when memory is short.
  public static func card(_ look: CardLook, width: Int, height: Int) -> PixelImage? {
    guard let frame = Frame(width: width, height: height) else { return nil }
    frame.fill(look.fill)
    let side = Double(min(width, height))
    var rectangles: [pixman_rectangle16_t] = []
    func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
      let x0 = Int(x.rounded()), y0 = Int(y.rounded())
      let x1 = Int((x + w).rounded()), y1 = Int((y + h).rounded())
      guard x1 > x0, y1 > y0 else { return }
      rectangles.append(
        pixman_rectangle16_t(
          x: Int16(clamping: x0), y: Int16(clamping: y0), width: UInt16(clamping: x1 - x0),
          height: UInt16(clamping: y1 - y0)))
    }
    // A grid: thin lines every eighth of the shorter side, so that movement shows everywhere.
    let cell = max(side / 8, 4)
    let line = max(side / 160, 1)
    for x in stride(from: cell, to: Double(width), by: cell) { box(x, 0, line, Double(height)) }
    for y in stride(from: cell, to: Double(height), by: cell) { box(0, y, Double(width), line) }
    fill(frame, rectangles, with: look.accent, alpha: 0x5000)
    rectangles.removeAll()
    // The title bar, a square at its left end, and the letter, left of centre.
    let bar = Double(height) * 0.12
    box(0, 0, Double(width), bar)
    fill(frame, rectangles, with: look.accent, alpha: 0xFFFF)
    rectangles.removeAll()
    box(bar * 0.2, bar * 0.2, bar * 0.6, bar * 0.6)
    fill(frame, rectangles, with: look.fill, alpha: 0xFFFF)
    rectangles.removeAll()
    let unit = min(Double(width) * 0.5 / 5, (Double(height) - bar) * 0.6 / 7)
    let left = Double(width) * 0.12
    let top = bar + (Double(height) - bar - 7 * unit) / 2
    for (row, text) in (CardLook.glyphs[look.letter] ?? []).enumerated() {
      for (column, mark) in text.enumerated() where mark == "#" {
        box(left + Double(column) * unit, top + Double(row) * unit, unit, unit)
      }
    }
    // An arrow to the right of the letter: a shaft and a head.
    let arrowX = left + 6.5 * unit
    let arrowY = top + 3.5 * unit
    let length = max(Double(width) - arrowX - Double(width) * 0.08, unit)
    box(arrowX, arrowY - unit * 0.4, length - unit * 1.5, unit * 0.8)
    fill(frame, rectangles, with: look.accent, alpha: 0xFFFF)
    triangle(
      frame, (arrowX + length - unit * 1.6, arrowY - unit * 1.3), (arrowX + length, arrowY),
      (arrowX + length - unit * 1.6, arrowY + unit * 1.3), color: look.accent)
    return PixelImage.make(width: width, height: height, isOpaque: true) {
      $0.copyMemory(from: frame.storage, byteCount: width * height * 4)
    }
  }

  private static func fill(_ frame: Frame, _ rectangles: [pixman_rectangle16_t], with color: RGB, alpha: UInt16) {
    guard !rectangles.isEmpty else { return }
    var pixmanColor = color.pixmanColor
    // Premultiplied, as pixman's solid colours are.
    let scale = Double(alpha) / 65_535
    pixmanColor.red = UInt16(Double(pixmanColor.red) * scale)
    pixmanColor.green = UInt16(Double(pixmanColor.green) * scale)
    pixmanColor.blue = UInt16(Double(pixmanColor.blue) * scale)
    pixmanColor.alpha = alpha
    _ = rectangles.withUnsafeBufferPointer {
      pixman_image_fill_rectangles(
        alpha == 0xFFFF ? PIXMAN_OP_SRC : PIXMAN_OP_OVER, frame.image, &pixmanColor, Int32($0.count), $0.baseAddress)
    }
  }

  private static func triangle(
    _ frame: Frame, _ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double), color: RGB
  ) {
    func point(_ p: (Double, Double)) -> pixman_point_fixed_t {
      pixman_point_fixed_t(x: pixman_fixed_t(p.0 * 65_536), y: pixman_fixed_t(p.1 * 65_536))
    }
    var triangle = pixman_triangle_t(p1: point(a), p2: point(b), p3: point(c))
    var pixmanColor = color.pixmanColor
    let solid = pixman_image_create_solid_fill(&pixmanColor)
    pixman_composite_triangles(PIXMAN_OP_OVER, solid, frame.image, PIXMAN_a8, 0, 0, 0, 0, 1, &triangle)
    pixman_image_unref(solid)
  }
}
