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
    let registry = try catalogOptions.registry()
    reportProblems(registry.problems)
    if let plugin = registry.plugin(id: name) {
      print(
        json
          ? JSONOutput.document([
            "kind": .string("plugin"), "plugin": JSONOutput.plugin(plugin, shadowed: List.shadowed(registry)),
          ]) : describe(plugin))
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
        "style": JSONOutput.style(
          entry.style, of: entry.plugin, shadowedBy: List.shadowed(registry)[entry.qualifiedName]),
        "preset": .null,
      ]
      if let preset = resolved.preset {
        members["preset"] = JSONOutput.preset(preset, of: entry.style, plugin: entry.plugin)
      }
      print(JSONOutput.document(members))
    } else {
      print(describe(resolved, in: registry))
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

  private func describe(_ resolved: ResolvedStyle, in registry: Registry) -> String {
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
    lines += nameSharing(resolved, in: registry)
    return lines.map(\.escapingControlCharacters).joined(separator: "\n")
  }

  /// Lines about other plugins that provide the same bare name: which one plays it, and why.
  private func nameSharing(_ resolved: ResolvedStyle, in registry: Registry) -> [String] {
    let providers = registry.providers(of: resolved.name)
    guard providers.count > 1 else { return [] }
    let this = "\(resolved.entry.plugin.info.id):\(resolved.name)"
    if providers[0] == this {
      return providers.dropFirst().map {
        "  shadows: \($0) (the same name, from a plugin later in the search path; '\(resolved.name)' plays this one)"
      }
    }
    return [
      "  shadowed by: \(providers[0]) (the same name, from a plugin earlier in the search path; '\(resolved.name)' "
        + "plays that one, name this one in full as \(this))"
    ]
  }

  /// Lines about the copies of the same plugin id this one shadows, and the notes of its scan.
  private func shadowing(_ plugin: CatalogPlugin) -> [String] {
    plugin.shadows.map {
      "  shadows: \($0) (the same plugin id, later in the search path; this copy is used)"
    } + plugin.notes.map { "  note: \($0)" }
  }
}
