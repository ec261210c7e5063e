import StagehandAnimation
import StagehandCache
import StagehandPlugins

/// Why an in-process style cannot be registered.
public enum InProcessStyleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The style's description breaks a rule of the plugin header: `problem` says which, and what to change.
  case invalidDescription(style: String, problem: String)
  /// Another in-process style of this registry already has the name (as a style or a preset).
  case nameTaken(String, by: String)

  /// What was refused, why, and what to do.
  public var description: String {
    switch self {
    case .invalidDescription(let style, let problem):
      "the in-process style '\(style)' cannot be registered: \(problem)"
    case .nameTaken(let name, let other):
      "the in-process style name '\(name)' is taken by the in-process style '\(other)' of this registry; give each "
        + "in-process style and preset a name of its own"
    }
  }
}

/// The in-process styles of a registry, in the order they were registered.
struct InProcessStyles {
  var styles: [InProcessStyle] = []

  /// The plugin that lists them: no library, no identity; nil when there is none.
  var plugin: CatalogPlugin? {
    guard !styles.isEmpty else { return nil }
    let info = PluginInfo(
      id: Registry.inProcessPluginID, version: "1.0.0", name: "In-process styles", author: "this application",
      license: "the application's", description: "Styles the application registered in this process.",
      abiVersion: "1.1", styles: styles.map(\.info))
    let identity = FileIdentity(
      device: 0, inode: 0, size: 0, modificationSeconds: 0, modificationNanoseconds: 0, changeSeconds: 0,
      changeNanoseconds: 0, mode: 0, owner: 0)
    return CatalogPlugin(
      file: Registry.inProcessFile, info: info, identity: identity,
      sha256: LibraryDigest(bytes: [UInt8](repeating: 0, count: 32))!)
  }
}

extension Registry {
  /// The plugin id of the styles registered in this process: `org.stagehand.in-process:NAME` names one in full.
  public static let inProcessPluginID = "org.stagehand.in-process"
  /// What stands for the library file of the in-process styles in listings and messages.
  public static let inProcessFile = "(in-process)"

  /// Registers `style`, written in Swift and built in this process: from now on it is listed (``catalog()``,
  /// ``providers(of:)``), resolved and built like any other style, in this registry only (it is not written to the
  /// cache, and no other process sees it).
  ///
  /// An in-process style comes first in search order: when a plugin provides the same name, the bare name builds
  /// the in-process style, the plugin's stays reachable by its full name (`plugin-id:name`), and ``problems`` says
  /// so. A description that breaks the header's rules, or a name another in-process style (or preset) has, is
  /// refused with an ``InProcessStyleError``.
  public func register(_ style: InProcessStyle) throws(InProcessStyleError) {
    if let problem = style.problem { throw .invalidDescription(style: style.info.name, problem: problem) }
    let names = [style.info.name] + style.info.presets.map(\.name)
    try inProcess.withLock { (known) throws(InProcessStyleError) in
      for name in names {
        if let other = known.styles.first(where: { ([$0.info.name] + $0.info.presets.map(\.name)).contains(name) }) {
          throw .nameTaken(name, by: other.info.name)
        }
      }
      known.styles.append(style)
    }
    resolved.withLock { $0 = [:] }
  }

  /// The in-process styles and presets `reference` names (bare, or qualified by ``inProcessPluginID``).
  func inProcessMatches(_ reference: String) -> [ResolvedStyle] {
    guard let plugin = inProcess.withLock({ $0.plugin }) else { return [] }
    var name = reference
    if let colon = reference.firstIndex(of: ":") {
      guard reference[..<colon] == Self.inProcessPluginID else { return [] }
      name = String(reference[reference.index(after: colon)...])
    }
    return ResolvedStyle.matches(of: name, in: plugin)
  }

  /// `catalog` with the in-process styles first.
  func withInProcessStyles(_ catalog: Catalog) -> Catalog {
    guard let plugin = inProcess.withLock({ $0.plugin }) else { return catalog }
    var catalog = catalog
    catalog.plugins.insert(plugin, at: 0)
    return catalog
  }

  /// One line for each name of an in-process style that a plugin provides too.
  var inProcessProblems: [String] {
    let styles = inProcess.withLock { $0.styles }
    var lines: [String] = []
    for name in styles.flatMap({ [$0.info.name] + $0.info.presets.map(\.name) }) {
      let shadowed = exactPluginMatches(name).map { "\($0.entry.plugin.info.id):\($0.name)" }
      guard !shadowed.isEmpty else { continue }
      lines.append(
        "the in-process style '\(name)' is used for that name; \(shadowed.joined(separator: ", ")) of the plugins "
          + "is reached by its full name")
    }
    return lines
  }

  /// Builds the forward or inverse animation of an in-process style.
  func buildInProcess(_ resolved: ResolvedStyle, values: [ParameterValue], in context: TransitionContext, inverse: Bool)
    throws(RegistryError) -> Animation
  {
    let styles = inProcess.withLock { $0.styles }
    do {
      return try InProcessStyle.animation(
        of: styles, plugin: resolved.entry.plugin.info, file: Self.inProcessFile,
        styleIndex: resolved.entry.styleIndex, values: values, in: context, inverse: inverse)
    } catch {
      throw .plugin(error)
    }
  }
}
