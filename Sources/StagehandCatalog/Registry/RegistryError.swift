import StagehandAnimation
import StagehandCache
import StagehandPlugins

/// Why the registry could not resolve a style or build an animation; each message is one line that says what is
/// valid.
public enum RegistryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No style, preset or plugin has that name; `unusableLibraries` libraries could not be used, and might have had it;
  /// `searched` lists the directories where plugins were looked for.
  case unknownStyle(String, suggestions: [String], unusableLibraries: Int = 0, searched: [String] = [])
  /// The name belongs to a library that cannot be used (refused when it was scanned, or by the allow-list); `reason`
  /// says why, as `stagehand plugins` does.
  case unusableStyle(String, library: String, reason: String)
  /// No usable library provides the name, none is close to it, and some libraries cannot be used without saying
  /// which names they hold (quarantined, not scanned, or refused before their description was read): any of them may
  /// provide it. Each of `libraries` is one library's path and why it cannot be used.
  case styleInUnusableLibrary(String, libraries: [String])
  /// The style has no parameter of that name.
  case unknownParameter(style: String, name: String, valid: [String])
  /// A parameter's value could not be used.
  case invalidValue(style: String, parameter: String, problem: ParameterProblem)
  /// The plugin refused to build.
  case plugin(PluginError)
  /// The library changed since it was scanned, so it is not loaded.
  case libraryChanged(file: String, why: String)
  /// The context or the requested duration was invalid.
  case animation(AnimationError)
  /// The transition's timing makes no curve (a `Timing` made in code, not read with `Timing(parsing:)`).
  case timing(TimingError)
  /// A style's reduced-motion fallback names a style or preset of another plugin that cannot be resolved (`reason`
  /// says why); `style` is `plugin-id:name` of the style that names it.
  case unresolvableFallback(style: String, fallback: String, reason: String)
  /// Reduced-motion fallbacks lead in a circle: each style of the list names the next as its fallback.
  case fallbackCycle([String])
  /// The plugin process crashed, exited, answered nonsense or ran out of time while loading `file` or building its
  /// style `style` in the context class `context` (in words); `again` when it had already failed there, so the
  /// build was not tried again.
  case pluginProcess(file: String, style: String, reason: QuarantineReason, context: String, again: Bool)
  /// No plugin process can be started: `why`.
  case pluginProcessUnavailable(String)

  /// The message.
  public var description: String {
    switch self {
    case .unknownStyle(let name, let suggestions, let unusable, let searched):
      Self.unknown(name, suggestions: suggestions, unusable: unusable, searched: searched)
    case .unusableStyle(let name, let library, let reason):
      "'\(name.escapingControlCharacters)' is in \(library.escapingControlCharacters), which cannot be used: "
        + "\(reason.escapingControlCharacters). Fix or update that library (\(MessageHints.libraryList))"
    case .styleInUnusableLibrary(let name, let libraries):
      "no usable library provides '\(name.escapingControlCharacters)', and "
        + (libraries.count == 1
          ? "one library that may provide it cannot be used: "
          : "\(libraries.count) libraries "
            + "that may provide it cannot be used: ")
        + libraries.prefix(3).map(\.escapingControlCharacters).joined(separator: "; ")
        + (libraries.count > 3 ? "; and \(libraries.count - 3) more" : "")
        + ". Fix, update or remove that library (\(MessageHints.libraryList))"
    case .unknownParameter(let style, let name, let valid):
      "style '\(style)' has no parameter '\(name)'; "
        + (valid.isEmpty ? "it has no parameters" : "its parameters are \(valid.joined(separator: ", "))")
    case .invalidValue(let style, let parameter, let problem):
      "style '\(style)': parameter '\(parameter)': \(problem)"
    case .plugin(let error):
      error.description
    case .libraryChanged(let file, let why):
      "\(file): not loaded: \(why); \(MessageHints.rescan)"
    case .animation(let error):
      error.description
    case .timing(let error):
      error.description
    case .unresolvableFallback(let style, let fallback, let reason):
      "style '\(style.escapingControlCharacters)' names '\(fallback.escapingControlCharacters)' as its reduced-motion "
        + "fallback, which cannot be played: \(reason). Install the plugin that provides it, or play without "
        + "reduced motion"
    case .pluginProcess(let file, let style, let reason, let context, let again):
      "style '\(style.escapingControlCharacters)' of \(file.escapingControlCharacters) "
        + (again ? "was not built: earlier, the plugin process " : "was not built: the plugin process ")
        + Self.failure(reason) + " while building it (\(context)); it is not built again in that context by this "
        + "program. Report it to the plugin's author, or use another style"
    case .pluginProcessUnavailable(let why):
      "no plugin process can be started to build animations: \(why)"
    case .fallbackCycle(let styles):
      "the reduced-motion fallbacks \(styles.joined(separator: " -> ")) lead in a circle; a fallback must end at a "
        + "style that names none. Fix one of these plugins, or play without reduced motion"
    }
  }

  /// What happened to the plugin process, as the end of a sentence that starts with it.
  private static func failure(_ reason: QuarantineReason) -> String {
    if case .timeout(let seconds) = reason {
      return "did not finish within \(QuarantineReason.seconds(seconds)) s (the build time limit, "
        + "STAGEHAND_BUILD_TIMEOUT) and was killed"
    }
    return reason.description
  }

  private static func unknown(_ name: String, suggestions: [String], unusable: Int, searched: [String]) -> String {
    var text = "unknown style '\(name.escapingControlCharacters)'"
    if suggestions.isEmpty {
      text += "; " + MessageHints.styleList
    } else {
      let names = suggestions.map { "'\($0)'" }.joined(separator: " or ")
      text += "; did you mean \(names)? " + MessageHints.styleListAfterSuggestions
    }
    if unusable > 0 {
      text +=
        " (\(unusable) \(unusable == 1 ? "library" : "libraries") could not be used; \(MessageHints.whyUnusable))"
    }
    if !searched.isEmpty {
      text += ". Plugins were looked for in " + searched.map(\.escapingControlCharacters).joined(separator: ", ")
    }
    return text
  }
}
