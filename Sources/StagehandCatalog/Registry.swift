import StagehandAnimation
import StagehandPlugins
import Synchronization

/// The run-time object that finds plugins, resolves styles by name and builds forward and inverse animations on
/// demand, from the context of that moment.
///
/// The plugins on the search path are opened the first time the catalog is needed (listing, resolving or building),
/// once for the life of the registry; a plugin that is refused does not stop the others.
public final class Registry: TransitionBuilding, Sendable {
  /// Where plugins are looked for.
  public let searchPath: PluginSearchPath
  private let loaded = Mutex<Loaded?>(nil)

  /// The catalog, and every name a user may type (style, preset, `plugin-id:name`) with what it resolves to.
  private struct Loaded: Sendable {
    let catalog: Catalog
    let names: [String: [ResolvedStyle]]

    init(_ catalog: Catalog) {
      self.catalog = catalog
      var names: [String: [ResolvedStyle]] = [:]
      for entry in catalog.entries {
        let resolved =
          [ResolvedStyle(entry: entry, preset: nil)]
          + entry.style.presets.map {
            ResolvedStyle(entry: entry, preset: $0)
          }
        for style in resolved {
          names[style.name, default: []].append(style)
          names["\(entry.plugin.info.id):\(style.name)", default: []].append(style)
        }
      }
      self.names = names
    }
  }

  /// Creates a registry that searches `searchPath`.
  public init(searchPath: PluginSearchPath = .standard()) {
    self.searchPath = searchPath
  }

  private func load() -> Loaded {
    loaded.withLock { cached in
      if let cached { return cached }
      let (files, refused) = searchPath.libraries()
      var plugins: [LoadedPlugin] = []
      var rejected: [PluginError] = []
      for file in files {
        do throws(PluginError) {
          plugins.append(try LoadedPlugin.load(file))
        } catch {
          rejected.append(error)
        }
      }
      let catalog = Catalog(
        plugins: plugins, rejected: rejected, warnings: searchPath.warnings + refused.map { "ignored: \($0)" })
      let loaded = Loaded(catalog)
      cached = loaded
      return loaded
    }
  }

  /// The catalog: every plugin found, loaded and validated, with the ones refused and why.
  public func catalog() -> Catalog { load().catalog }

  /// Resolves a style name, a preset name or `plugin-id:name`.
  public func resolve(_ reference: String) throws(RegistryError) -> ResolvedStyle {
    let loaded = load()
    let matches = loaded.names[reference] ?? []
    guard matches.count <= 1 else {
      throw .ambiguousStyle(reference, candidates: matches.map { "\($0.entry.plugin.info.id):\($0.name)" })
    }
    guard let match = matches.first else {
      let name = reference.split(separator: ":").last.map(String.init) ?? reference
      throw .unknownStyle(reference, suggestions: Self.suggestions(for: name, in: loaded.catalog))
    }
    return match
  }

  /// The forward animation of `transition` in `context`: the appearing layer is the content being shown.
  public func forward(_ transition: Transition, in context: TransitionContext) throws(RegistryError) -> Animation {
    try build(transition, in: context, inverse: false)
  }

  /// The inverse animation of `transition` in `context`, built now: the appearing layer is the content revealed
  /// again, the disappearing layer the content that leaves.
  public func inverse(_ transition: Transition, in context: TransitionContext) throws(RegistryError) -> Animation {
    try build(transition, in: context, inverse: true)
  }

  private func build(_ transition: Transition, in context: TransitionContext, inverse: Bool) throws(RegistryError)
    -> Animation
  {
    let resolved = try resolve(transition.style)
    let values = try resolved.values(overriding: transition.parameters)
    let bounds: Rect
    let duration: RequestedDuration
    do {
      bounds = try context.bounds.validatedAsBounds()
      duration = try context.duration.validated()
    } catch {
      throw .animation(error)
    }
    let plugin = resolved.entry.plugin
    let index = resolved.entry.styleIndex
    let animation: Animation
    do {
      animation =
        inverse
        ? try plugin.inverse(styleIndex: index, values: values, in: bounds)
        : try plugin.forward(styleIndex: index, values: values, in: bounds)
    } catch {
      throw .plugin(error)
    }
    do {
      return try animation.rescaled(to: duration)
    } catch {
      throw .animation(error)
    }
  }

  /// Known names close to `name`: those that contain it or that it contains, or within two edits.
  static func suggestions(for name: String, in catalog: Catalog) -> [String] {
    let names = catalog.entries.flatMap { [$0.style.name] + $0.style.presets.map(\.name) }
    let close = names.filter { candidate in
      candidate.contains(name) || name.contains(candidate) || editDistance(candidate, name) <= 2
    }
    return Array(close.prefix(3))
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
