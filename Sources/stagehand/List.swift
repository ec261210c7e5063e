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
    let registry = try catalogOptions.registry()
    guard json else {
      let (styles, presets) = tables(registry)
      reportProblems(registry.problems)  // from the cache's names: the same lines, without comparing strings
      writeAll(STDOUT_FILENO, styles.text + Array("\n\n".utf8) + presets.text + [UInt8(ascii: "\n")])
      return
    }
    let catalog = registry.catalog()
    reportProblems(registry.problems)
    let shadowed = Self.shadowed(registry)
    let styles = catalog.entries.map {
      JSONOutput.style($0.style, of: $0.plugin, shadowedBy: shadowed[$0.qualifiedName])
    }
    print(JSONOutput.document(["styles": .array(styles)]))
  }

  /// The table of styles and the table of presets, from the cache's frames: no plugin's description is decoded, and
  /// no string is made per cell.
  private func tables(_ registry: Registry) -> (styles: TextTable, presets: TextTable) {
    var styles = TextTable(header: ["STYLE", "PLUGIN", "DURATION", "PARAMETERS"], capacity: 256)
    var presets = TextTable(header: ["PRESET", "STYLE", "VALUES"], capacity: 256)
    let shadowed = Self.shadowed(registry)
    registry.forEachListedStyle { style in
      if !shadowed.isEmpty, let winner = shadowed[Self.qualified(style.pluginID, style.name)] {
        styles.append("\(String(decoding: style.name, as: UTF8.self)) (shadowed by \(winner))")
      } else {
        styles.append(style.name)
      }
      styles.append(style.pluginID)
      styles.append("\(style.defaultDuration.formatted()) s")
      if style.parameters.isEmpty { styles.append("-") } else { styles.append(style.parameters) }
      for preset in style.presets {
        if !shadowed.isEmpty, let winner = shadowed[Self.qualified(style.pluginID, preset.name)] {
          presets.append("\(String(decoding: preset.name, as: UTF8.self)) (shadowed by \(winner))")
        } else {
          presets.append(preset.name)
        }
        presets.append(style.name)
        if preset.values.isEmpty { presets.append("(defaults)") } else { presets.append(preset.values) }
      }
    }
    return (styles, presets)
  }

  /// The qualified names a bare name does not reach, each with the qualified name that plays instead (the first in
  /// search order).
  static func shadowed(_ registry: Registry) -> [String: String] {
    var shadowed: [String: String] = [:]
    for conflict in registry.nameConflicts {
      for name in conflict.qualifiedNames.dropFirst() { shadowed[name] = conflict.qualifiedNames[0] }
    }
    return shadowed
  }

  /// `plugin-id:name` from the cache's bytes.
  private static func qualified(_ id: UnsafeRawBufferPointer, _ name: UnsafeRawBufferPointer) -> String {
    String(decoding: id, as: UTF8.self) + ":" + String(decoding: name, as: UTF8.self)
  }
}
