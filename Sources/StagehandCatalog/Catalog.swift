import StagehandPlugins

/// Every style the registry knows about, with the plugins that provide them and what went wrong while looking.
public struct Catalog: Sendable {
  /// The plugins that loaded, in search order.
  public var plugins: [LoadedPlugin]
  /// Plugins that were refused, with their typed errors.
  public var rejected: [PluginError]
  /// Search-path entries and files that were ignored, and why.
  public var warnings: [String]

  /// One style of one plugin.
  public struct Entry: Sendable {
    /// The plugin that provides the style.
    public var plugin: LoadedPlugin
    /// The style's index in the plugin.
    public var styleIndex: Int
    /// The style.
    public var style: StyleInfo { plugin.info.styles[styleIndex] }
    /// `plugin-id:style`, unambiguous even when two plugins use the same name.
    public var qualifiedName: String { "\(plugin.info.id):\(style.name)" }
  }

  /// Every style of every plugin, in search order.
  public var entries: [Entry] {
    plugins.flatMap { plugin in plugin.info.styles.indices.map { Entry(plugin: plugin, styleIndex: $0) } }
  }

  /// Names (of styles or presets) that more than one plugin uses, with the qualified names that tell them apart.
  public var conflicts: [(name: String, qualifiedNames: [String])] {
    var owners: [String: [String]] = [:]
    var order: [String] = []
    for plugin in plugins {
      for style in plugin.info.styles {
        for name in [style.name] + style.presets.map(\.name) {
          if owners[name] == nil { order.append(name) }
          owners[name, default: []].append("\(plugin.info.id):\(name)")
        }
      }
    }
    return order.compactMap { name in owners[name]!.count > 1 ? (name, owners[name]!) : nil }
  }

  /// Warnings about conflicts, refused plugins and ignored paths, one line each, for a user.
  public var problems: [String] {
    warnings
      + rejected.map { "plugin refused: \($0)" }
      + conflicts.map {
        "'\($0.name)' is provided by several plugins: both kept, use \($0.qualifiedNames.joined(separator: " or "))"
      }
  }
}

/// A style resolved from a name: the plugin, the style, and the preset the name chose, if any.
public struct ResolvedStyle: Sendable {
  /// The style's catalog entry.
  public var entry: Catalog.Entry
  /// The preset the name referred to, if it named one.
  public var preset: PresetInfo?

  /// The name as resolved: the preset's name or the style's.
  public var name: String { preset?.name ?? entry.style.name }

  /// The parameter values for this style: the defaults, then the preset's values, then `overrides`.
  public func values(overriding overrides: [String: String]) throws(RegistryError) -> [ParameterValue] {
    let style = entry.style
    var values = style.parameters.map(\.defaultParameterValue)
    if preset == nil && overrides.isEmpty { return values }
    var assignments = (preset?.values ?? []).map { ($0.parameter, $0.value) }
    assignments += overrides.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    for (symbol, text) in assignments {
      guard let index = style.parameters.firstIndex(where: { $0.symbol == symbol }) else {
        throw .unknownParameter(style: style.name, name: symbol, valid: style.parameters.map(\.symbol))
      }
      switch style.parameters[index].parse(text) {
      case .success(let value): values[index] = value
      case .failure(let problem): throw .invalidValue(style: style.name, parameter: symbol, problem: problem)
      }
    }
    return values
  }
}
