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

  @Flag(help: "Print JSON for scripts instead of a table.")
  var json = false

  @OptionGroup var catalogOptions: CatalogOptions

  func run() throws {
    let registry = catalogOptions.registry()
    let catalog = registry.catalog()
    reportProblems(registry.problems)  // from the cache's names: the same lines, without comparing strings
    if catalog.plugins.isEmpty {
      printError(
        "stagehand: no plugins found; searched \(registry.searchPath.directories.joined(separator: ", ")). "
          + "Build them with 'swift build' or add a directory to STAGEHAND_PLUGIN_PATH")
    }
    if json {
      let output = catalog.entries.map { entry in
        ListedStyle(
          name: entry.style.name, qualifiedName: entry.qualifiedName, plugin: entry.plugin.info.id,
          library: entry.plugin.file, summary: entry.style.summary, defaultDuration: entry.style.defaultDuration,
          parameters: entry.style.parameters, presets: entry.style.presets,
          reducedMotionFallback: entry.style.reducedMotionFallback)
      }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      print(String(decoding: try encoder.encode(output), as: UTF8.self))
      return
    }
    var styles = [["STYLE", "PLUGIN", "DURATION", "PARAMETERS"]]
    var presets = [["PRESET", "STYLE", "VALUES"]]
    for plugin in catalog.plugins {
      for style in plugin.info.styles {
        let parameters = style.parameters.map { "\($0.symbol)=\($0.text(for: $0.defaultParameterValue))" }
        styles.append([
          style.name, plugin.info.id, "\(style.defaultDuration.formatted()) s",
          parameters.isEmpty ? "-" : parameters.joined(separator: " "),
        ])
        for preset in style.presets {
          let values = preset.values.map { "\($0.parameter)=\($0.value)" }
          presets.append([preset.name, style.name, values.isEmpty ? "(defaults)" : values.joined(separator: " ")])
        }
      }
    }
    print(table(styles) + "\n\n" + table(presets))
  }
}

/// One style in `stagehand list --json`.
struct ListedStyle: Encodable {
  var name: String
  var qualifiedName: String
  var plugin: String
  var library: String
  var summary: String
  var defaultDuration: Double
  var parameters: [ParameterInfo]
  var presets: [PresetInfo]
  var reducedMotionFallback: String?
}
