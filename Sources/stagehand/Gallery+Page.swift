import StagehandCatalog
import StagehandPlugins
import StagehandRender

/// One picture of the gallery: a style, or one of its presets.
struct GalleryItem {
  /// The catalog entry of the style.
  var entry: Catalog.Entry
  /// The preset, when the item is one.
  var preset: PresetInfo?
  /// The duration drawn, once built.
  var duration: Double?
  /// Why the item could not be built, if it could not.
  var error: String?

  /// The style's or preset's name.
  var name: String { preset?.name ?? entry.style.name }
  /// The reference that resolves to exactly this item: `plugin-id:name`.
  var reference: String { "\(entry.plugin.info.id):\(name)" }
  /// The file name stem: the reference with anything but letters, digits, `.` and `-` made `_`.
  var stem: String {
    String(
      reference.map { c in
        c.isASCII && (c.isLetter || c.isNumber || c == "." || c == "-") ? c : "_"
      })
  }
  /// The forward animation's file.
  var forwardFile: String { stem + ".forward.webp" }
  /// The inverse's file.
  var inverseFile: String { stem + ".inverse.webp" }

  /// Every style of `catalog`, each followed by its presets.
  static func all(in catalog: Catalog) -> [GalleryItem] {
    catalog.entries.flatMap { entry in
      [GalleryItem(entry: entry)] + entry.style.presets.map { GalleryItem(entry: entry, preset: $0) }
    }
  }

  /// The parameter values of the item (the style's defaults, then the preset's), as text, by symbol.
  var values: [(ParameterInfo, String)] {
    let style = entry.style
    return style.parameters.map { parameter in
      let given = preset?.values.first { $0.parameter == parameter.symbol }?.value
      return (parameter, given ?? parameter.text(for: parameter.defaultParameterValue))
    }
  }
}

extension Gallery {
  /// The gallery's page: the contact sheet, then a card per item.
  func page(_ items: [GalleryItem], width: Int, height: Int) -> String {
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>Stagehand gallery</title>
      <style>
      body { margin: 0; padding: 16px 24px; background: #18181c; color: #e8e8ec; font: 14px/1.4 sans-serif; }
      h1 { font-size: 22px; margin: 0 0 12px; }
      .items { display: flex; flex-wrap: wrap; gap: 16px; }
      .item { background: #24242a; border-radius: 6px; padding: 12px; width: \(2 * width + 12)px; }
      .item h2 { font-size: 16px; margin: 0 0 4px; }
      .pictures { display: flex; gap: 12px; }
      figure { margin: 0; }
      figcaption { font-size: 12px; color: #a8a8b0; }
      table { border-collapse: collapse; font-size: 12px; margin: 6px 0; }
      td, th { text-align: left; padding: 1px 8px 1px 0; vertical-align: top; }
      .meta { font-size: 12px; color: #a8a8b0; }
      .error { color: #ff8080; }
      .sheet { display: flex; gap: 16px; align-items: flex-start; margin-bottom: 24px; }
      .sheet ol { margin: 0; padding-left: 20px; line-height: \(height + 4)px; }
      .sheet li { white-space: nowrap; }
      </style>
      </head>
      <body>
      <h1>Stagehand gallery: \(items.count) styles and presets</h1>
      <p class="meta">A is the content the forward animation hides, B the one it brings in; the inverse (the pop) \
      plays from B back to A. Pictures \(width)x\(height) at \(fps) fps.</p>
      <div class="items">

      """
    for item in items { html += card(item, width: width, height: height) }
    html += """
      </div>
      <h1>Contact sheet</h1>
      <p class="meta">Each style and preset at 25, 50 and 75% of its duration, in the order above.</p>
      <div class="sheet">
      <img src="contact-sheet.png" alt="contact sheet">
      <ol style="padding-top: 4px;">

      """
    for item in items { html += "<li>\(item.reference.htmlEscaped)</li>\n" }
    html += "</ol>\n</div>\n</body>\n</html>\n"
    return html
  }

  /// One item's card.
  func card(_ item: GalleryItem, width: Int, height: Int) -> String {
    let style = item.entry.style
    let plugin = item.entry.plugin.info
    var html = "<div class=\"item\" id=\"\(item.stem.htmlEscaped)\">\n"
    html += "<h2>\(item.name.htmlEscaped)</h2>\n"
    let kind = item.preset.map { "preset of <b>\(style.name.htmlEscaped)</b>: \($0.summary.htmlEscaped)" }
    html += "<div>\(kind ?? style.summary.htmlEscaped)</div>\n"
    html +=
      "<div class=\"meta\">plugin \(plugin.name.htmlEscaped) (\(plugin.id.htmlEscaped) \(plugin.version.htmlEscaped))"
      + " by \(plugin.author.htmlEscaped)</div>\n"
    var flags: [String] = []
    if style.uses3D { flags.append("3D") }
    if style.isSymmetric { flags.append("its own inverse") }
    if style.hasInverseBuilder { flags.append("inverse builder") }
    let duration = (item.duration ?? style.defaultDuration).formatted(3)
    html +=
      "<div class=\"meta\">duration \(duration) s; flags: \(flags.isEmpty ? "none" : flags.joined(separator: ", "))</div>\n"
    if !item.values.isEmpty {
      html += "<table><tr><th>parameter</th><th>value</th><th>accepts</th></tr>\n"
      for (parameter, value) in item.values {
        let unit = parameter.unit.map { " \($0)" } ?? ""
        html +=
          "<tr><td>\(parameter.symbol.htmlEscaped)</td><td>\(value.htmlEscaped)\(unit.htmlEscaped)</td>"
          + "<td>\(parameter.validValues.htmlEscaped)</td></tr>\n"
      }
      html += "</table>\n"
    }
    if let error = item.error {
      html += "<div class=\"error\">\(error.htmlEscaped)</div>\n"
    } else {
      html += "<div class=\"pictures\">\n"
      for (file, caption) in [(item.forwardFile, "forward"), (item.inverseFile, "inverse")] {
        html +=
          "<figure><img src=\"\(file.htmlEscaped)\" width=\"\(width)\" height=\"\(height)\" "
          + "alt=\"\(item.name.htmlEscaped) \(caption)\"><figcaption>\(caption)</figcaption></figure>\n"
      }
      html += "</div>\n"
    }
    return html + "</div>\n"
  }
}
