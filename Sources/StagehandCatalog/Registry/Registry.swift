import StagehandAnimation
import StagehandPlugins
import StagehandSystem

/// The run-time object that finds plugins, resolves styles by name and builds forward and inverse animations on
/// demand, from the context of that moment.
///
/// The catalog comes from the registry cache and the isolated scanner (`CatalogBuilder`): listing and resolving
/// load no library. No plugin code runs in this process: builds run in the registry's plugin process (a sandboxed
/// `stagehand-scanner` child, started on the first build), which loads a library only if the file still has the
/// identity and the SHA-256 it had when it was scanned, and sends back what the builders did, which is checked here.
public final class Registry: TransitionBuilding, Sendable {
  /// Where plugins are looked for.
  public let searchPath: PluginSearchPath
  /// The cache, scanner, time limit and allow-list.
  public let options: RegistryOptions
  private let known = Locked<Known>(Known())
  /// The plugin process that runs the builders, made on the first build.
  private let process = Locked<PluginProcess?>(nil)

  /// What the registry has found so far: the index, then the whole catalog when something asked for it.
  private struct Known {
    var index: CatalogIndex?
    var catalog: Catalog?
  }

  /// The names resolved so far, with what they resolved to: a new name costs a pass over the names in the cache and
  /// the decoding of the records that hold it; a name resolved again costs a lookup (a command resolves one name; a
  /// container resolves the same few again and again).
  let resolved = Locked<[String: [ResolvedStyle]]>([:])
  /// The styles the application registered in this process (``register(_:)``).
  let inProcess = Locked(InProcessStyles())

  /// Creates a registry that searches `searchPath`, with the options of this process's environment unless given.
  public init(searchPath: PluginSearchPath = .standard(), options: RegistryOptions = .standard()) {
    self.searchPath = searchPath
    self.options = options
  }

  private var builder: CatalogBuilder { CatalogBuilder(searchPath: searchPath, options: options) }

  /// The index of the search path, built on first use; the whole catalog too, when `decoded` is true.
  private func known(decoded: Bool) -> Known {
    known.withLock { known in
      if known.index == nil { known.index = builder.index(force: false) }
      if decoded, known.catalog == nil {
        (known.catalog, known.index) = builder.catalog(of: known.index!, force: false)
      }
      return known
    }
  }

  /// The index of the search path (what the cache's frames say of every library), built on first use.
  func catalogIndex() -> CatalogIndex {
    known(decoded: false).index!
  }

  /// The catalog: every library found, what its scan found, and the plugins that can be used.
  public func catalog() -> Catalog {
    withInProcessStyles(known(decoded: true).catalog!)
  }

  /// Brings the cache up to date, as ``catalog()`` does, and also scans again every library quarantined because its
  /// scan ran out of time (the machine may only have been busy): what `stagehand scan` does.
  @discardableResult
  public func scan() -> Catalog {
    let catalog = known.withLock { known in
      (known.catalog, known.index) = builder.catalog(
        of: builder.index(force: false, retryingTimeouts: true), force: false)
      return known.catalog!
    }
    resolved.withLock { $0 = [:] }
    return catalog
  }

  /// Scans every library on the search path again, whatever the cache says, and writes the cache.
  @discardableResult
  public func rescan() -> Catalog {
    let catalog = known.withLock { known in
      (known.catalog, known.index) = builder.catalog(of: builder.index(force: true), force: true)
      return known.catalog!
    }
    resolved.withLock { $0 = [:] }
    return catalog
  }

  /// Warnings about ignored paths, the cache, the scanner and name conflicts, and one line for the libraries that
  /// cannot be used: ``Catalog/problems``, without decoding every plugin's description.
  public var problems: [String] {
    catalogIndex().problems + inProcessProblems
  }

  /// The names (of styles or presets) that several usable plugins provide, each with the qualified names that tell
  /// them apart in search order: the first plays for the bare name, the others are shadowed. Read from the cache's
  /// names, without decoding a description.
  public var nameConflicts: [(name: String, qualifiedNames: [String])] {
    catalogIndex().conflicts
  }

  /// The usable plugin with this id, if there is one.
  public func plugin(id: String) -> CatalogPlugin? {
    if id == Self.inProcessPluginID { return inProcess.withLock { $0.plugin } }
    let known = known(decoded: false)
    if let catalog = known.catalog { return catalog.plugins.first { $0.info.id == id } }
    guard let position = known.index!.usablePosition(id: id) else { return nil }
    return known.index!.plugin(at: position) ?? catalog().plugins.first { $0.info.id == id }
  }

  /// The styles and presets `reference` names exactly, else those it names in another case (names are lowercase,
  /// so an exact match always wins over one found by case-folding).
  private func matches(_ reference: String) -> [ResolvedStyle] {
    let exact = exactMatches(reference)
    let folded = reference.lowercased()
    guard exact.isEmpty, folded != reference else { return exact }
    return exactMatches(folded)
  }

  /// The in-process styles first, then the plugins', in search order.
  private func exactMatches(_ reference: String) -> [ResolvedStyle] {
    inProcessMatches(reference) + exactPluginMatches(reference)
  }

  func exactPluginMatches(_ reference: String) -> [ResolvedStyle] {
    if let known = resolved.withLock({ $0[reference] }) { return known }
    let known = known(decoded: false)
    var found: [ResolvedStyle]
    if known.catalog == nil, let matches = known.index!.matches(reference) {
      found = matches
    } else {
      found = []
      let catalog = self.known(decoded: true).catalog!  // the plugins' only: the in-process styles come first
      let colon = reference.firstIndex(of: ":")
      let name = colon.map { String(reference[reference.index(after: $0)...]) } ?? reference
      for plugin in catalog.plugins {
        if let colon, plugin.info.id != reference[..<colon] { continue }
        found += ResolvedStyle.matches(of: name, in: plugin)
      }
    }
    resolved.withLock { $0[reference] = found }
    return found
  }

  /// Resolves a style name, a preset name or `plugin-id:name`, in any case (`FLIP` is `flip`).
  ///
  /// A bare name that several plugins provide resolves by search order, as plugin ids do: the plugin found first
  /// (`STAGEHAND_PLUGIN_PATH`, then the user's, the system's and the bundled directories) provides it, and the others
  /// must be named in full (`plugin-id:name`). ``problems`` holds one line for each such name; ``providers(of:)``
  /// lists them all.
  public func resolve(_ reference: String) throws(RegistryError) -> ResolvedStyle {
    // In search order: a plugin's names are unique, so the first match is the first plugin's.
    guard let match = matches(reference).first else {
      let catalog = catalog()  // an error: decoding everything costs nothing that matters now
      if let library = catalog.unusableProvider(of: reference) {
        throw .unusableStyle(reference, library: library.path, reason: library.status.reason)
      }
      let name = reference.split(separator: ":").last.map(String.init) ?? reference
      let names = catalog.entries.flatMap { [$0.style.name] + $0.style.presets.map(\.name) }
      let suggestions = Self.suggestions(for: name.lowercased(), among: names)
      let unusable = catalog.unusable
      // Libraries that do not say which names they hold: quarantined or not scanned, or refused before their
      // description could be read (a refusal that names its plugin is of a plugin whose names are not this one).
      let silent = unusable.filter { report in
        switch report.status {
        case .quarantined, .notScanned: true
        case .refused(let error): error.plugin == nil
        default: false
        }
      }
      if suggestions.isEmpty, !silent.isEmpty {
        throw .styleInUnusableLibrary(reference, libraries: silent.map { "\($0.path): \($0.status.reason)" })
      }
      throw .unknownStyle(
        reference, suggestions: suggestions, unusableLibraries: unusable.count, searched: searchPath.directories)
    }
    return match
  }

  /// Every usable style or preset that the bare name `name` (in any case) names, as `plugin-id:name`, in search
  /// order: the first is the one `resolve(_:)` gives; the others are shadowed by it and reached only by their full
  /// names.
  public func providers(of name: String) -> [String] {
    matches(name).map { "\($0.entry.plugin.info.id):\($0.name)" }
  }

  /// The plugin process of this registry, made on first use, or an error when there is no plugin process executable.
  private func pluginProcess() throws(RegistryError) -> PluginProcess {
    try process.withLock { (process) throws(RegistryError) -> PluginProcess in
      if let process { return process }
      guard let executable = options.scanner else {
        throw .pluginProcessUnavailable(MessageHints.scannerMissing)
      }
      let made = PluginProcess(
        executable: executable, arguments: options.scannerArguments, timeLimit: options.buildTimeout)
      process = made
      return made
    }
  }

  /// Ends the plugin processes of every registry of this program, and waits for them: for a program that leaves with
  /// `_exit` (a normal `exit` does it by itself). A registry used afterwards starts a new one.
  public static func endPluginProcesses() {
    PluginProcess.endAll()
  }

  /// Loads `plugin` into the registry's plugin process, as its first build would: its file is opened and checked
  /// against the identity (change time included) and the SHA-256 it had when it was scanned, the plugin process loads
  /// that very file, and the description it gives is checked against the scan's. An application may call it at start
  /// so that its first transition does not wait for the plugin process.
  public func prepare(_ plugin: CatalogPlugin) throws(RegistryError) {
    try pluginProcess().load(plugin)
  }

  /// The transition played for `transition` in `context`: when the context reduces motion and the style (or the
  /// preset's style) names a reduced-motion fallback, that fallback, as `plugin-id:name` with no parameter values (the
  /// fallback is another style: it plays with its own defaults, or its preset's values); else `transition` itself.
  ///
  /// A fallback whose style names a fallback in turn is followed, so that the result is its own fallback: playing it
  /// again in the same context plays it, and a container that remembers it can reverse exactly what it played. A
  /// fallback of another plugin that cannot be resolved, or a chain that comes back to a style it passed, is a
  /// `RegistryError` naming the style and its fallback.
  public func played(_ transition: Transition, in context: TransitionContext) throws(RegistryError) -> Transition {
    try resolvePlayed(transition, in: context).transition
  }

  /// The transition `played(_:in:)` returns, with its style resolved (a build needs both, and resolves it once).
  private func resolvePlayed(_ transition: Transition, in context: TransitionContext) throws(RegistryError)
    -> (transition: Transition, resolved: ResolvedStyle)
  {
    var resolved = try resolve(transition.style)
    guard context.reducesMotion else { return (transition, resolved) }
    var current = transition
    var passed: [String] = []
    while let fallback = resolved.entry.style.reducedMotionFallback {
      let id = resolved.entry.plugin.info.id
      let style = "\(id):\(resolved.name)"
      passed.append(style)
      let reference = FallbackReference(fallback).qualified(by: id)
      do {
        resolved = try resolve(reference)
      } catch {
        throw .unresolvableFallback(style: style, fallback: fallback, reason: error.description)
      }
      let next = "\(resolved.entry.plugin.info.id):\(resolved.name)"
      guard !passed.contains(next) else { throw .fallbackCycle(passed + [next]) }
      current = Transition(reference, timing: transition.timing)  // the fallback keeps the timing asked for
    }
    return (current, resolved)
  }

  /// The forward animation of `transition` in `context`: the appearing layer is the content being shown. When the
  /// context reduces motion, it is the animation of `played(_:in:)`: the style's reduced-motion fallback, if it names
  /// one, built with the same context (reduced motion still set).
  public func forward(_ transition: Transition, in context: TransitionContext) throws(RegistryError) -> Animation {
    try build(transition, in: context, inverse: false)
  }

  /// The inverse animation of `transition` in `context`, built now: the appearing layer is the content revealed
  /// again, the disappearing layer the content that leaves. When the context reduces motion, it is the inverse of
  /// `played(_:in:)`.
  public func inverse(_ transition: Transition, in context: TransitionContext) throws(RegistryError) -> Animation {
    try build(transition, in: context, inverse: true)
  }

  private func build(_ requested: Transition, in context: TransitionContext, inverse: Bool) throws(RegistryError)
    -> Animation
  {
    let (transition, resolved) = try resolvePlayed(requested, in: context)
    let values = try resolved.values(overriding: transition.parameters)
    let bounds: Rect
    let duration: RequestedDuration
    do {
      bounds = try context.bounds.validatedAsBounds()
      duration = try context.duration.validated()
    } catch {
      throw .animation(error)
    }
    var buildContext = context
    buildContext.bounds = bounds
    let animation =
      resolved.entry.plugin.info.id == Self.inProcessPluginID
      ? try buildInProcess(resolved, values: values, in: buildContext, inverse: inverse)
      : try pluginProcess().build(
        resolved.entry.plugin, styleIndex: resolved.entry.styleIndex, values: values, in: buildContext,
        inverse: inverse)
    let rescaled: Animation
    do {
      // No particular duration asked: the style's default duration, as stagehand_plugin.h says (section 12).
      let played = duration == .intrinsic ? .seconds(resolved.entry.style.defaultDuration) : duration
      rescaled = try animation.rescaled(to: played)
    } catch {
      throw .animation(error)
    }
    guard let timing = transition.timing else { return rescaled }
    // A timing replaces every step's curve; the inverse takes its reverse, so the inverse law still holds.
    do {
      let curve = try timing.curve()
      return rescaled.withCurves(inverse ? curve.reversed() : curve)
    } catch {
      throw .timing(error)
    }
  }

  /// Known names close to `name` (see `Names.suggestions(for:among:)`).
  static func suggestions(for name: String, among names: [String]) -> [String] {
    Names.suggestions(for: name, among: names)
  }
}
