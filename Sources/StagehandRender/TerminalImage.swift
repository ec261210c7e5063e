/// What a terminal can show: 24-bit colour, the 256-colour palette, or no colour at all.
public enum TerminalColors: Hashable, Sendable {
  /// 24-bit colour (`COLORTERM` is `truecolor` or `24bit`).
  case trueColor
  /// The xterm 256-colour palette: a 6x6x6 colour cube and a grey ramp.
  case palette256
  /// No colour (`NO_COLOR` is set): characters of increasing ink for increasing brightness.
  case none

  /// What the terminal described by `environment` shows: `NO_COLOR` (set and not empty) wins, then `COLORTERM`.
  public static func detect(environment: [String: String]) -> TerminalColors {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    switch environment["COLORTERM"]?.lowercased() {
    case "truecolor", "24bit": return .trueColor
    default: return .palette256
    }
  }
}

/// Encodes frames for a terminal. With colours, each character cell shows two pixels, one above the other, with the
/// upper half block (the foreground colour is the upper pixel, the background colour the lower one); without, each
/// cell shows the mean brightness of its two pixels as a character.
public enum TerminalImage {
  /// The characters that stand for brightness without colour, darkest first.
  static let ramp = Array(" .:-=+*#%@")

  /// The escape sequences that draw `frame` from the cursor's home position in `colors`; colours are emitted only when
  /// they change. A frame of odd height gets a last half row of `background`.
  public static func encode(_ frame: Frame, colors: TerminalColors, background: RGB) -> String {
    var out = "\u{1B}[H"
    out.reserveCapacity(frame.width * frame.height * (colors == .none ? 1 : 12))
    for row in stride(from: 0, to: frame.height, by: 2) {
      var lastForeground: String?
      var lastBackground: String?
      for x in 0..<frame.width {
        let upper = rgb(frame[x, row])
        let lower = row + 1 < frame.height ? rgb(frame[x, row + 1]) : background
        switch colors {
        case .none:
          let light = (luminance(upper) + luminance(lower)) / 2
          out.append(ramp[min(Int(light * Double(ramp.count)), ramp.count - 1)])
          continue
        case .trueColor, .palette256:
          let foreground = code(upper, colors, foreground: true)
          let background = code(lower, colors, foreground: false)
          if foreground != lastForeground { out += foreground }
          if background != lastBackground { out += background }
          lastForeground = foreground
          lastBackground = background
          out += "\u{2580}"
        }
      }
      out += colors == .none ? "\r\n" : "\u{1B}[0m\r\n"
    }
    return out
  }

  private static func rgb(_ pixel: RGBA) -> RGB { RGB(pixel.r, pixel.g, pixel.b) }

  /// The relative brightness of a colour, 0 to 1 (Rec. 709 weights on the 8-bit values).
  static func luminance(_ c: RGB) -> Double {
    (0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)) / 255
  }

  private static func code(_ c: RGB, _ colors: TerminalColors, foreground: Bool) -> String {
    let layer = foreground ? 38 : 48
    return colors == .trueColor
      ? "\u{1B}[\(layer);2;\(c.r);\(c.g);\(c.b)m" : "\u{1B}[\(layer);5;\(paletteIndex(c))m"
  }

  /// The nearest colour of the xterm 256-colour palette: of the 6x6x6 cube (16 to 231, levels 0, 95, 135, 175,
  /// 215, 255) and the grey ramp (232 to 255, 8 to 238 in steps of 10), the one closest in squared RGB distance.
  public static func paletteIndex(_ c: RGB) -> Int {
    let levels = [0, 95, 135, 175, 215, 255]
    func nearestLevel(_ value: UInt8) -> Int {
      levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
    }
    func distance(_ r: Int, _ g: Int, _ b: Int) -> Int {
      let (dr, dg, db) = (r - Int(c.r), g - Int(c.g), b - Int(c.b))
      return dr * dr + dg * dg + db * db
    }
    let (ri, gi, bi) = (nearestLevel(c.r), nearestLevel(c.g), nearestLevel(c.b))
    let cube = 16 + 36 * ri + 6 * gi + bi
    let cubeDistance = distance(levels[ri], levels[gi], levels[bi])
    let mean = (Int(c.r) + Int(c.g) + Int(c.b)) / 3
    let grey = min(max((mean - 8 + 5) / 10, 0), 23)
    let greyValue = 8 + 10 * grey
    return distance(greyValue, greyValue, greyValue) < cubeDistance ? 232 + grey : cube
  }
}
