import StagehandAnimation

extension CSSExport {
  /// A self-contained HTML page that plays the export over two pictures, in a loop, or shows one instant.
  ///
  /// - Parameters:
  ///   - from: the URL of the picture of the content the forward animation hides (a `data:` URL keeps the page
  ///     self-contained).
  ///   - to: the URL of the picture of the content it brings in.
  ///   - background: the colour behind both contents.
  ///   - pausedAt: when given, the page shows the animation stopped at this time in seconds (a negative
  ///     `animation-delay` with `animation-play-state: paused`); otherwise it plays in a loop.
  public func page(from: String, to: String, background: RGB, pausedAt: Double? = nil) -> String {
    let p = prefix
    let top = timeline.topLayer
    let hex = [background.r, background.g, background.b].map { byte in
      let digits = String(byte, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
    var play: String
    if let pausedAt {
      let time = min(max(pausedAt, 0), timeline.duration)
      play =
        ".\(p)-stage, .\(p)-layer, .\(p)-content, .\(p)-backdrop { animation-delay: -\(time.exportNumber)s; "
        + "animation-play-state: paused; }"
    } else {
      play = ".\(p)-stage, .\(p)-layer, .\(p)-content, .\(p)-backdrop { animation-iteration-count: infinite; }"
    }
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>\(title.htmlEscaped)</title>
      <style>
      html, body { margin: 0; padding: 0; background: #\(hex); }
      .\(p)-container { background: #\(hex); }
      \(stylesheet())\(play)
      </style>
      </head>
      <body>
      <div class="\(p)-container">
      <div class="\(p)-backdrop"></div>
      \(copy(top.swapped, from, alt: "from"))
      \(copy(top, to, alt: "to"))
      </div>
      </body>
      </html>

      """
  }
}

extension CSSExport {
  /// The stage copy that holds `layer`, with the picture at `url` in it.
  func copy(_ layer: LayerID, _ url: String, alt: String) -> String {
    let p = prefix
    return "<div class=\"\(p)-stage \(p)-holds-\(layer)\"><div class=\"\(p)-layer \(p)-\(layer)\">"
      + "<img class=\"\(p)-content \(p)-\(layer)-inset\" src=\"\(url.htmlEscaped)\" alt=\"\(alt)\"></div></div>"
  }
}

extension String {
  /// The text with `&`, `<`, `>` and `"` written as character references, for HTML text and attribute values.
  public var htmlEscaped: String {
    var out = ""
    out.reserveCapacity(utf8.count)
    for c in self {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }
}
