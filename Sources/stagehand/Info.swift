import ArgumentParser
import FoundationEssentials
import StagehandCatalog
import StagehandPlugins

/// `stagehand info NAME`: everything about one style, preset or plugin.
struct Info: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract: "Describe a style, a preset or a plugin: parameters, presets, duration, library file.")

  @Argument(help: "A style, a preset, PLUGIN-ID:NAME, or a plugin id.", completion: .styleOrPluginNames)
  var name: String

  @Flag(help: "Print JSON for scripts instead of text (Docs/JSON.md).")
  var json = false

  @OptionGroup var catalogOptions: CatalogOptions

  func run() throws {
    let registry = catalogOptions.registry()
    reportProblems(registry.problems)
    if let plugin = registry.plugin(id: name) {
      print(
        json ? JSONOutput.document(["kind": .string("plugin"), "plugin": JSONOutput.plugin(plugin)]) : describe(plugin))
      return
    }
    let resolved: ResolvedStyle
    do {
      resolved = try registry.resolve(name)
    } catch {
      throw Exit.report(error)
    }
    if json {
      let entry = resolved.entry
      var members: [String: JSONValue] = [
        "kind": .string(resolved.preset == nil ? "style" : "preset"),
        "style": JSONOutput.style(entry.style, of: entry.plugin), "preset": .null,
      ]
      if let preset = resolved.preset {
        members["preset"] = JSONOutput.preset(preset, of: entry.style, plugin: entry.plugin)
      }
      print(JSONOutput.document(members))
    } else {
      print(describe(resolved))
    }
  }

  private func describe(_ plugin: CatalogPlugin) -> String {
    let info = plugin.info
    var lines = [
      "plugin \(info.id) \(info.version)", "  name: \(info.name)", "  author: \(info.author)",
      "  license: \(info.license)", "  library: \(plugin.file)", "  ABI: \(info.abiVersion)",
      "  \(info.description)", "  styles:",
    ]
    lines += info.styles.map { "    \($0.name): \($0.summary)" }
    lines += shadowing(plugin)
    return lines.map(\.escapingControlCharacters).joined(separator: "\n")
  }

  private func describe(_ resolved: ResolvedStyle) -> String {
    let style = resolved.entry.style
    let plugin = resolved.entry.plugin
    var lines: [String] = []
    if let preset = resolved.preset {
      let values = preset.values.map { "\($0.parameter)=\($0.value)" }.joined(separator: " ")
      lines += [
        "preset \(preset.name): \(preset.summary)", "  of style: \(style.name)",
        "  sets: \(values.isEmpty ? "(the defaults)" : values)", "",
      ]
    }
    var flags: [String] = []
    if style.uses3D { flags.append("uses 3D") }
    if style.isSymmetric { flags.append("its own inverse") }
    if style.hasInverseBuilder { flags.append("own inverse builder") }
    lines += [
      "style \(style.name): \(style.summary)", "  plugin: \(plugin.info.id) \(plugin.info.version)",
      "  qualified name: \(resolved.entry.qualifiedName)", "  library: \(plugin.file)",
      "  duration: \(style.defaultDuration.formatted()) s",
      "  flags: \(flags.isEmpty ? "none" : flags.joined(separator: ", "))",
      "  reduced-motion fallback: \(style.reducedMotionFallback ?? "none")",
      "  builder: \(style.builderSignature)",
    ]
    lines.append(style.parameters.isEmpty ? "  parameters: none" : "  parameters:")
    for parameter in style.parameters {
      lines.append(
        "    \(parameter.symbol) (\(parameter.type.rawValue)): default \(parameter.text(for: parameter.defaultParameterValue)); \(parameter.validValues)"
      )
      lines.append("      \(parameter.description)")
    }
    lines.append(style.presets.isEmpty ? "  presets: none" : "  presets:")
    for preset in style.presets {
      let values = preset.values.map { "\($0.parameter)=\($0.value)" }.joined(separator: " ")
      lines.append("    \(preset.name): \(values.isEmpty ? "(defaults)" : values)")
    }
    lines += shadowing(plugin)
    return lines.map(\.escapingControlCharacters).joined(separator: "\n")
  }

  /// Lines about the copies of the same plugin id this one shadows, and the notes of its scan.
  private func shadowing(_ plugin: CatalogPlugin) -> [String] {
    plugin.shadows.map {
      "  shadows: \($0) (the same plugin id, later in the search path; this copy is used)"
    } + plugin.notes.map { "  note: \($0)" }
  }
}
