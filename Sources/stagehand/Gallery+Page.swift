import StagehandAnimation
import StagehandCatalog
import StagehandExport
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

/// The gallery's layout: the size of its pictures and of its contact sheet, from which the page places each item's
/// stills beside its name.
struct GalleryLayout {
  /// A picture's size in pixels.
  var width: Int, height: Int
  /// The number of items side by side in the contact sheet (a row per item, in blocks when they are many).
  var blocks: Int
  /// The contact sheet's size in pixels.
  var sheetWidth: Int, sheetHeight: Int
  /// The gap around and between the sheet's cells, in pixels.
  var gap: Int

  /// The width of one item's stills in the sheet: its three cells and the gaps between them.
  var stripWidth: Int { ContactSheet.instants.count * (width + gap) - gap }

  /// Where item `index`'s stills start in the sheet: item k is in row k / blocks, block k % blocks.
  func stripOrigin(_ index: Int) -> (x: Int, y: Int) {
    (gap + (index % blocks) * ContactSheet.instants.count * (width + gap), gap + (index / blocks) * (height + gap))
  }
}

extension Gallery {
  /// The gallery's page: a table of contents and a filter by name, a section per style (the style and its presets,
  /// its parameters once), and the stills of each item beside its name.
  func page(_ items: [GalleryItem], layout: GalleryLayout, timing: Timing?) -> String {
    let families = Dictionary(grouping: items.indices) { items[$0].entry.qualifiedName }
    let order = items.indices.filter { items[$0].preset == nil }.map { items[$0].entry.qualifiedName }
    var html = head(count: items.count, layout: layout, timing: timing)
    html += "<nav id=\"contents\">\n<h2>Contents</h2>\n<ol>\n"
    for family in order {
      guard let members = families[family], let firstIndex = members.first else { continue }
      let first = items[firstIndex]
      let presets = members.count - 1
      html +=
        "<li data-family=\"\(first.stem.htmlEscaped)\"><a href=\"#family-\(first.stem.htmlEscaped)\">"
        + "\(first.entry.style.name.htmlEscaped)</a> <span class=\"meta\">\(first.entry.plugin.info.id.htmlEscaped)"
        + (presets > 0 ? ", \(presets) preset\(presets == 1 ? "" : "s")" : "") + "</span></li>\n"
    }
    html += "</ol>\n</nav>\n"
    for family in order {
      html += section((families[family] ?? []).map { (index: $0, item: items[$0]) }, layout: layout)
    }
    html += """
      <p class="meta">The stills of every item, at 25, 50 and 75% of its duration, are also one picture: \
      <a href="contact-sheet.png">contact-sheet.png</a> (\(layout.sheetWidth)x\(layout.sheetHeight), item k in row \
      k / \(layout.blocks) of block k % \(layout.blocks), in the order of this page).</p>
      <p id="nothing" class="meta" hidden>No style or preset has a name with that in it.</p>
      \(Self.filterScript)
      </body>
      </html>

      """
    return html
  }

  /// The start of the page: the style sheet, the title and the filter.
  func head(count: Int, layout: GalleryLayout, timing: Timing?) -> String {
    let (width, height) = (layout.width, layout.height)
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Stagehand gallery</title>
      <style>
      * { box-sizing: border-box; }
      [hidden] { display: none !important; }
      body { margin: 0; padding: 16px 24px; background: #18181c; color: #e8e8ec; font: 14px/1.4 sans-serif; \
      overflow-wrap: anywhere; }
      a { color: #9cc4ff; }
      h1 { font-size: 22px; margin: 0 0 12px; }
      h2 { font-size: 18px; margin: 0 0 4px; }
      h3 { font-size: 15px; margin: 0 0 4px; }
      #filter { font: inherit; padding: 4px 8px; width: 24em; max-width: 100%; }
      nav ol { columns: 16em; column-gap: 32px; margin: 8px 0 24px; padding-left: 24px; }
      .family { margin: 0 0 32px; }
      .items { display: flex; flex-wrap: wrap; gap: 16px; margin-top: 12px; }
      .item { background: #24242a; border-radius: 6px; padding: 12px; width: \(2 * width + 36)px; max-width: 100%; }
      .pictures { display: flex; flex-wrap: wrap; gap: 12px; }
      figure { margin: 0; max-width: 100%; }
      figure img { display: block; max-width: 100%; height: auto; }
      figcaption { font-size: 12px; color: #a8a8b0; }
      .stills { display: flex; gap: 12px; align-items: center; margin-top: 8px; }
      .stills .label { flex: none; width: 6em; font-size: 12px; color: #a8a8b0; }
      .strip { flex: none; width: \(layout.stripWidth)px; max-width: calc(100% - 6em - 12px); \
      aspect-ratio: \(layout.stripWidth) / \(height); background-image: url("contact-sheet.png"); \
      background-repeat: no-repeat; background-size: \(percent(layout.sheetWidth, of: layout.stripWidth)) auto; }
      table { border-collapse: collapse; font-size: 12px; margin: 6px 0; max-width: 100%; }
      td, th { text-align: left; padding: 1px 12px 1px 0; vertical-align: top; }
      .meta { font-size: 12px; color: #a8a8b0; }
      .values { font-size: 12px; margin: 4px 0; }
      .error { color: #ff8080; }
      </style>
      </head>
      <body>
      <h1>Stagehand gallery: \(count) styles and presets</h1>
      <p class="meta">A is the content the forward animation hides, B the one it brings in; the inverse (the pop) \
      plays from B back to A. Each loop rests on its first and last frames. Pictures \(width)x\(height) at \(fps) \
      fps\(Self.timingNote(timing).htmlEscaped).</p>
      <p><label for="filter">Filter by name </label><input id="filter" type="search" \
      placeholder="push, cube-from-left, ..." autocomplete="off"></p>

      """
  }

  /// `part` as a percentage of `whole`, for CSS.
  func percent(_ part: Int, of whole: Int) -> String {
    whole == 0 ? "0%" : "\((Double(part) * 100 / Double(whole)).formatted(4))%"
  }

  /// The filter: shows the items whose name (or reference) holds what was typed, their sections, and their entries
  /// in the contents. Inline: the page loads nothing.
  static let filterScript = """
    <script>
    (function () {
      const field = document.getElementById('filter');
      function apply() {
        const words = field.value.trim().toLowerCase();
        let shown = 0;
        for (const family of document.querySelectorAll('section.family')) {
          let any = false;
          for (const item of family.querySelectorAll('.item')) {
            const match = words === '' || item.dataset.name.includes(words);
            item.hidden = !match;
            if (match) { any = true; shown += 1; }
          }
          family.hidden = !any;
          const entry = document.querySelector('nav li[data-family="' + family.dataset.family + '"]');
          if (entry) { entry.hidden = !any; }
        }
        document.getElementById('nothing').hidden = shown > 0;
      }
      field.addEventListener('input', apply);
      apply();
    })();
    </script>
    """
}
