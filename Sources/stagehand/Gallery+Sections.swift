import StagehandCatalog
import StagehandExport
import StagehandPlugins
import StagehandRender

extension Gallery {
  /// The section of one style: its summary, plugin, duration and flags, its parameters with the values they accept
  /// (once), then a card for the style and one for each preset. `items` are the style and its presets, with their
  /// places in the page's order (which is the contact sheet's).
  func section(_ items: [(index: Int, item: GalleryItem)], layout: GalleryLayout) -> String {
    let first = items[0].item
    let style = first.entry.style
    let plugin = first.entry.plugin.info
    var html = """
      <section class="family" id="family-\(first.stem.htmlEscaped)" data-family="\(first.stem.htmlEscaped)">
      <h2>\(style.name.htmlEscaped)</h2>
      <div>\(style.summary.htmlEscaped)</div>

      """
    html +=
      "<div class=\"meta\">plugin \(plugin.name.htmlEscaped) (\(plugin.id.htmlEscaped) \(plugin.version.htmlEscaped))"
      + " by \(plugin.author.htmlEscaped)</div>\n"
    var flags: [String] = []
    if style.uses3D { flags.append("3D") }
    if style.isSymmetric { flags.append("its own inverse") }
    if style.hasInverseBuilder { flags.append("inverse builder") }
    let duration = (first.duration ?? style.defaultDuration).formatted(3)
    html +=
      "<div class=\"meta\">duration \(duration) s; flags: \(flags.isEmpty ? "none" : flags.joined(separator: ", "))</div>\n"
    if !style.parameters.isEmpty {
      html += "<table><tr><th>parameter</th><th>accepts</th><th>default</th></tr>\n"
      for parameter in style.parameters {
        let unit = parameter.unit.map { " \($0)" } ?? ""
        let value = parameter.text(for: parameter.defaultParameterValue) + unit
        html +=
          "<tr><td>\(parameter.symbol.htmlEscaped)</td><td>\(parameter.validValues.htmlEscaped)</td>"
          + "<td>\(value.htmlEscaped)</td></tr>\n"
      }
      html += "</table>\n"
    }
    html += "<div class=\"items\">\n"
    for (index, item) in items { html += card(item, index: index, layout: layout) }
    return html + "</div>\n</section>\n"
  }

  /// One item's card: its name, what sets it apart (a preset's summary and values), its forward and inverse
  /// animations, and its stills at 25, 50 and 75% of its duration beside its name again.
  func card(_ item: GalleryItem, index: Int, layout: GalleryLayout) -> String {
    let names = "\(item.name) \(item.reference)".lowercased()
    var html =
      "<div class=\"item\" id=\"\(item.stem.htmlEscaped)\" data-name=\"\(names.htmlEscaped)\">\n"
      + "<h3>\(item.name.htmlEscaped)</h3>\n"
    if let preset = item.preset {
      html += "<div>\(preset.summary.htmlEscaped)</div>\n"
    }
    let values = item.values.map { parameter, value in "\(parameter.symbol)=\(value)" }
    if !values.isEmpty {
      html += "<div class=\"values\"><code>\(values.joined(separator: " ").htmlEscaped)</code></div>\n"
    }
    if let duration = item.duration, item.preset != nil, duration != item.entry.style.defaultDuration {
      html += "<div class=\"meta\">duration \(duration.formatted(3)) s</div>\n"
    }
    if let error = item.error {
      return html + "<div class=\"error\">\(error.htmlEscaped)</div>\n</div>\n"
    }
    html += "<div class=\"pictures\">\n"
    for (file, caption) in [(item.forwardFile, "forward"), (item.inverseFile, "inverse")] {
      html +=
        "<figure><img src=\"\(file.htmlEscaped)\" width=\"\(layout.width)\" height=\"\(layout.height)\" "
        + "alt=\"\(item.name.htmlEscaped) \(caption)\"><figcaption>\(caption)</figcaption></figure>\n"
    }
    html += "</div>\n"
    // The stills beside the item's name: a window on the contact sheet, scaled with the strip (positions in percent
    // of what is left over).
    let origin = layout.stripOrigin(index)
    let x = percent(origin.x, of: layout.sheetWidth - layout.stripWidth)
    let y = percent(origin.y, of: layout.sheetHeight - layout.height)
    html +=
      "<div class=\"stills\"><span class=\"label\">\(item.name.htmlEscaped)</span><span class=\"strip\" role=\"img\" "
      + "aria-label=\"\(item.name.htmlEscaped) at 25, 50 and 75%\" style=\"background-position: \(x) \(y)\">"
      + "</span></div>\n"
    return html + "</div>\n"
  }
}
