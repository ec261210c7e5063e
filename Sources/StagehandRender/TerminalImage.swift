/// Encodes rasters for a true-colour terminal: each character cell shows two pixels, one above the other, with the
/// upper half block (the foreground colour is the upper pixel, the background colour the lower one).
public enum TerminalImage {
  /// The escape sequences that draw `raster` from the cursor's home position; colours are only emitted when they
  /// change. A raster of odd height gets a background-coloured last half row.
  public static func encode(_ raster: Raster, background: RGB) -> String {
    var out = "\u{1B}[H"
    out.reserveCapacity(raster.width * raster.height * 12)
    var lastForeground: RGB?
    var lastBackground: RGB?
    for row in stride(from: 0, to: raster.height, by: 2) {
      for x in 0..<raster.width {
        let upper = raster[x, row]
        let lower = row + 1 < raster.height ? raster[x, row + 1] : background
        if upper != lastForeground {
          out += "\u{1B}[38;2;\(upper.r);\(upper.g);\(upper.b)m"
          lastForeground = upper
        }
        if lower != lastBackground {
          out += "\u{1B}[48;2;\(lower.r);\(lower.g);\(lower.b)m"
          lastBackground = lower
        }
        out += "\u{2580}"
      }
      out += "\u{1B}[0m\r\n"
      lastForeground = nil
      lastBackground = nil
    }
    return out
  }
}
