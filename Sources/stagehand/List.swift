import ArgumentParser
import FoundationEssentials
import StagehandCatalog
import StagehandPlugins

#if canImport(Glibc)
  import Glibc
#endif

/// `stagehand list`: every usable style and preset.
struct List: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the installed styles and presets.",
    discussion: """
      Served from the registry cache: unchanged libraries are not opened. Libraries that were refused or \
      quarantined are counted in one line on stderr; 'stagehand plugins' lists them with the reasons.
      """)

  @Flag(help: "Print JSON for scripts instead of a table (Docs/JSON.md).")
  var json = false

  @OptionGroup var catalogOptions: CatalogOptions

  func run() throws {
    let registry = catalogOptions.registry()
    guard json else {
      let (styles, presets) = tables(registry)
      reportProblems(registry.problems)  // from the cache's names: the same lines, without comparing strings
      if styles.rowCount == 1 { reportNoPlugins(registry) }
      writeAll(STDOUT_FILENO, styles.text + Array("\n\n".utf8) + presets.text + [UInt8(ascii: "\n")])
      return
    }
    let catalog = registry.catalog()
    reportProblems(registry.problems)
    if catalog.plugins.isEmpty { reportNoPlugins(registry) }
    let styles = catalog.entries.map { JSONOutput.style($0.style, of: $0.plugin) }
    print(JSONOutput.document(["styles": .array(styles)]))
  }

  /// The table of styles and the table of presets, from the cache's frames: no plugin's description is decoded, and
  /// no string is made per cell.
  private func tables(_ registry: Registry) -> (styles: TextTable, presets: TextTable) {
    var styles = TextTable(header: ["STYLE", "PLUGIN", "DURATION", "PARAMETERS"], capacity: 256)
    var presets = TextTable(header: ["PRESET", "STYLE", "VALUES"], capacity: 256)
    registry.forEachListedStyle { style in
      styles.append(style.name)
      styles.append(style.pluginID)
      styles.append("\(style.defaultDuration.formatted()) s")
      if style.parameters.isEmpty { styles.append("-") } else { styles.append(style.parameters) }
      for preset in style.presets {
        presets.append(preset.name)
        presets.append(style.name)
        if preset.values.isEmpty { presets.append("(defaults)") } else { presets.append(preset.values) }
      }
    }
    return (styles, presets)
  }

  private func reportNoPlugins(_ registry: Registry) {
    printError(
      "stagehand: no plugins found; searched \(registry.searchPath.directories.joined(separator: ", ")). "
        + "Build them with 'swift build' or add a directory to STAGEHAND_PLUGIN_PATH")
  }
}
