// The catalog's public API takes the cache's and the scanner's types (`RegistryCache`, `CacheRecord`, `ScanOutcome`,
// `LibraryDigest`, `PluginScanner`, `ProcessEnvironment`...), defined in the modules of their own: importing the
// catalog brings them, so that an application needs this one import, as before they became modules of their own.
@_exported import StagehandCache
import StagehandPlugins
@_exported import StagehandScanning

/// Every style the registry knows about, from the scans of the libraries on the search path (kept in the registry
/// cache), with every library found and its status; nothing in it required loading a library into this process.
public struct Catalog: Sendable {
  /// The plugins that can be used, in search order: scanned without a problem, trusted, and not shadowed.
  public var plugins: [CatalogPlugin]
  /// Every library found, in search order, with its status.
  public var libraries: [LibraryReport]
  /// Search-path entries that were ignored, cache and scanner problems, one line each.
  public var warnings: [String]
  /// The allow-list the plugins were checked against, when pinning is on.
  public var allowList: AllowList?

  /// Creates a catalog.
  public init(
    plugins: [CatalogPlugin], libraries: [LibraryReport], warnings: [String], allowList: AllowList? = nil
  ) {
    self.plugins = plugins
    self.libraries = libraries
    self.warnings = warnings
    self.allowList = allowList
  }

  /// One style of one plugin.
  public struct Entry: Sendable {
    /// The plugin that provides the style.
    public var plugin: CatalogPlugin
    /// The style's index in the plugin.
    public var styleIndex: Int
    /// The style.
    public var style: StyleInfo { plugin.info.styles[styleIndex] }
    /// `plugin-id:style`, unambiguous even when two plugins use the same name.
    public var qualifiedName: String { "\(plugin.info.id):\(style.name)" }
  }

  /// Every style of every usable plugin, in search order.
  public var entries: [Entry] {
    plugins.flatMap { plugin in plugin.info.styles.indices.map { Entry(plugin: plugin, styleIndex: $0) } }
  }

  /// The libraries that were refused when scanned, with their typed errors.
  public var rejected: [PluginError] {
    libraries.compactMap { if case .refused(let error) = $0.status { error } else { nil } }
  }

  /// The libraries that cannot be used: refused, quarantined, untrusted or not scanned (shadowed copies are not
  /// counted: the copy that wins is used).
  public var unusable: [LibraryReport] {
    libraries.filter {
      switch $0.status {
      case .ok, .shadowed: false
      case .refused, .quarantined, .untrusted, .notScanned: true
      }
    }
  }

  /// Names (of styles or presets) that more than one plugin uses, with the qualified names that tell them apart.
  public var conflicts: [(name: String, qualifiedNames: [String])] {
    var counts: [String: Int] = [:]
    for plugin in plugins {
      for style in plugin.info.styles {
        counts[style.name, default: 0] += 1
        for preset in style.presets { counts[preset.name, default: 0] += 1 }
      }
    }
    guard counts.values.contains(where: { $0 > 1 }) else { return [] }
    var owners: [String: [String]] = [:]
    var order: [String] = []
    for plugin in plugins {
      for style in plugin.info.styles {
        for name in [style.name] + style.presets.map(\.name) where counts[name, default: 0] > 1 {
          if owners[name] == nil { order.append(name) }
          owners[name, default: []].append("\(plugin.info.id):\(name)")
        }
      }
    }
    return order.map { ($0, owners[$0]!) }
  }

  /// Warnings about ignored paths, the cache, the scanner and name conflicts, one line each, for a user; the
  /// libraries that cannot be used are summed up in one line (`stagehand plugins` lists them).
  public var problems: [String] {
    var lines = warnings
    lines += conflicts.map { Self.conflictLine(name: $0.name, qualifiedNames: $0.qualifiedNames) }
    if let summary = unusableSummary { lines.append(summary) }
    return lines
  }

  /// One line saying how many libraries cannot be used and how to see why, or nil when every library is usable.
  public var unusableSummary: String? {
    var counts = UnusableCounts()
    for library in libraries {
      switch library.status {
      case .ok, .shadowed: break
      case .refused: counts.refused += 1
      case .quarantined: counts.quarantined += 1
      case .untrusted: counts.untrusted += 1
      case .notScanned: counts.notScanned += 1
      }
    }
    return Self.unusableSummary(counts)
  }

  /// The library that would provide `reference` (a style, a preset, `plugin-id:name` or a plugin id) but cannot be
  /// used: one refused because of that style or plugin, or a plugin the allow-list refuses. Nil when none is known
  /// (a library refused for another reason, or quarantined, does not say which names it holds).
  public func unusableProvider(of reference: String) -> LibraryReport? {
    let colon = reference.firstIndex(of: ":")
    let id = colon.map { String(reference[..<$0]) }
    let name = colon.map { String(reference[reference.index(after: $0)...]) } ?? reference
    return libraries.first { report in
      switch report.status {
      case .refused(let error):
        if let id { return error.plugin == id && (error.style == nil || error.style == name) }
        return error.style == name || error.plugin == name
      case .untrusted:
        guard let plugin = report.plugin, id == nil || plugin.id == id else { return false }
        return (id == nil && plugin.id == name)
          || plugin.styles.contains { $0.name == name || $0.presets.contains { $0.name == name } }
      case .ok, .quarantined, .shadowed, .notScanned:
        return false
      }
    }
  }

  /// The line that reports a name several plugins provide.
  /// `qualifiedNames` are in search order: the first provides the bare name.
  static func conflictLine(name: String, qualifiedNames: [String]) -> String {
    let others = qualifiedNames.dropFirst()
    return "'\(name)' is provided by several plugins: '\(name)' plays \(qualifiedNames[0]), which comes first in the "
      + "search path; name \(others.joined(separator: " or ")) in full to play \(others.count == 1 ? "it" : "one of them")"
  }

  /// How many libraries cannot be used, by kind.
  struct UnusableCounts {
    var refused = 0
    var quarantined = 0
    var untrusted = 0
    var notScanned = 0
  }

  /// The line that counts the unusable libraries by kind, or nil when there are none.
  static func unusableSummary(_ counts: UnusableCounts) -> String? {
    let kinds = [
      (counts.refused, "refused"), (counts.quarantined, "quarantined"), (counts.untrusted, "not trusted"),
      (counts.notScanned, "not scanned"),
    ].filter { $0.0 > 0 }
    guard !kinds.isEmpty else { return nil }
    let parts = kinds.enumerated().map { index, kind in
      index == 0
        ? "\(kind.0) \(kind.0 == 1 ? "library was" : "libraries were") \(kind.1)"
        : "\(kind.0) \(kind.0 == 1 ? "was" : "were") \(kind.1)"
    }
    let list = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    return list + "; " + MessageHints.whyUnusable
  }
}

/// A plugin known from its scan: what it says about itself and the file it lives in. It is not loaded until one of
/// its styles is built.
public struct CatalogPlugin: Hashable, Sendable {
  /// The library file, where it was found.
  public var file: String
  /// What the plugin says about itself, as the scan read and validated it.
  public var info: PluginInfo
  /// The identity of the file when it was scanned; the file is loaded only if it still has it.
  public var identity: FileIdentity
  /// The SHA-256 of the file when it was scanned.
  public var sha256: LibraryDigest
  /// Warnings from the scan, such as output printed while loading.
  public var notes: [String]
  /// Later copies of the same plugin id on the search path, which this one shadows.
  public var shadows: [String]

  /// Creates a catalog plugin.
  public init(
    file: String, info: PluginInfo, identity: FileIdentity, sha256: LibraryDigest, notes: [String] = [],
    shadows: [String] = []
  ) {
    self.file = file
    self.info = info
    self.identity = identity
    self.sha256 = sha256
    self.notes = notes
    self.shadows = shadows
  }
}

/// One library found on the search path and what became of it.
public struct LibraryReport: Hashable, Sendable {
  /// Where it was found.
  public var path: String
  /// The plugin it holds, when its scan read it (ok and shadowed libraries).
  public var plugin: PluginInfo?
  /// The SHA-256 of the file, when it was scanned.
  public var sha256: LibraryDigest?
  /// What became of it.
  public var status: LibraryStatus

  /// Creates a report.
  public init(path: String, plugin: PluginInfo? = nil, sha256: LibraryDigest? = nil, status: LibraryStatus) {
    self.path = path
    self.plugin = plugin
    self.sha256 = sha256
    self.status = status
  }
}

/// What became of a library found on the search path.
public enum LibraryStatus: Hashable, Sendable {
  /// Usable; the notes are warnings from its scan.
  case ok(notes: [String])
  /// It breaks a rule of the plugin header (found when scanning it).
  case refused(PluginError)
  /// Scanning it crashed, hung, exited or answered nonsense; it is not retried until the file changes (one that ran
  /// out of time is retried by an explicit scan, ``Registry/scan()``).
  case quarantined(QuarantineReason)
  /// An earlier directory of the search path holds the same plugin id; that copy, at this path, wins.
  case shadowed(by: String)
  /// Another user could have changed it, or it is not in the allow-list; not opened at all.
  case untrusted(String)
  /// It could not be scanned (the scanner could not run); tried again next time.
  case notScanned(String)

  /// A word for the status: ok, refused, quarantined, shadowed, untrusted, not-scanned.
  public var name: String {
    switch self {
    case .ok: "ok"
    case .refused: "refused"
    case .quarantined: "quarantined"
    case .shadowed: "shadowed"
    case .untrusted: "untrusted"
    case .notScanned: "not-scanned"
    }
  }

  /// Why, in one line; empty for a usable library without notes.
  public var reason: String {
    switch self {
    case .ok(let notes): notes.joined(separator: "; ")
    case .refused(let error): error.description
    case .quarantined(let reason): "quarantined: \(reason); it is scanned again when the file changes"
    case .shadowed(let winner): "shadowed by \(winner), which has the same plugin id and comes first in the search path"
    case .untrusted(let why): why
    case .notScanned(let why): why
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
      switch style.parameters[index].parse(text, ignoringCase: true) {
      case .success(let value): values[index] = value
      case .failure(let problem): throw .invalidValue(style: style.name, parameter: symbol, problem: problem)
      }
    }
    return values
  }
}
