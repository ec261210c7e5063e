import ArgumentParser
import StagehandCatalog
import StagehandPlugins

/// The completions the shell scripts (`stagehand --generate-completion-script bash|zsh|fish`) ask the command for:
/// style and preset names, plugin ids, and `--param NAME=VALUE` for the style on the command line. They read the
/// catalog as `list` does (the registry cache; a cold cache is scanned first) and print nothing on standard error.
enum Completion {
  /// The names of every usable style and preset that start with `prefix` (in any case); the qualified names too when
  /// the prefix has a colon, and the plugin ids when `pluginIDs` (for `info`).
  static func names(startingWith prefix: String, pluginIDs: Bool = false) -> [String] {
    let catalog = registry().catalog()
    var names: [String] = []
    let qualified = prefix.contains(":")
    for entry in catalog.entries {
      let bare = [entry.style.name] + entry.style.presets.map(\.name)
      names += qualified ? bare.map { "\(entry.plugin.info.id):\($0)" } : bare
    }
    if pluginIDs { names += catalog.plugins.map(\.info.id) }
    return unique(names.filter { $0.lowercased().hasPrefix(prefix.lowercased()) })
  }

  /// `NAME=` for every parameter of the style named on the command line (`words`), and `NAME=VALUE` for each label of
  /// an enumeration and for `true` and `false`; those that start with `prefix`.
  static func assignments(words: [String], startingWith prefix: String) -> [String] {
    let registry = registry()
    // The style is the first word that names one: the words before it are the command and options.
    guard let resolved = words.dropFirst().lazy.compactMap({ try? registry.resolve($0) }).first else { return [] }
    var candidates: [String] = []
    for parameter in resolved.entry.style.parameters {
      switch parameter.type {
      case .enum: candidates += parameter.labels.map { "\(parameter.symbol)=\($0)" }
      case .bool: candidates += ["\(parameter.symbol)=true", "\(parameter.symbol)=false"]
      case .int, .double: candidates.append("\(parameter.symbol)=")
      }
    }
    // Before the '=', one candidate per parameter is enough: the shell completes the name, then the value.
    if !prefix.contains("=") {
      let names = unique(candidates.map { String($0.prefix { $0 != "=" }) + "=" })
      return names.filter { $0.hasPrefix(prefix) }
    }
    return candidates.filter { $0.hasPrefix(prefix) }
  }

  /// A registry over the standard search path, with no progress line.
  private static func registry() -> Registry {
    let environment = ProcessEnvironment.current
    let registry = Registry(
      searchPath: .standard(environment: environment), options: .standard(environment: environment))
    keptRegistries.withLock { $0.append(registry) }
    return registry
  }

  private static func unique(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }
}

extension CompletionKind {
  /// Style and preset names.
  static var styleNames: CompletionKind {
    .custom { _, _, prefix in Completion.names(startingWith: prefix) }
  }

  /// Style, preset and plugin names, for `info`.
  static var styleOrPluginNames: CompletionKind {
    .custom { _, _, prefix in Completion.names(startingWith: prefix, pluginIDs: true) }
  }

  /// `NAME=VALUE` for the parameters of the style on the command line.
  static var parameterAssignments: CompletionKind {
    .custom { words, _, prefix in Completion.assignments(words: words, startingWith: prefix) }
  }

  /// Pictures the renderer reads.
  static var pictures: CompletionKind { .file(extensions: ["png", "jpg", "jpeg"]) }

  /// Pictures and clips `render` reads: the pictures, Y4M, and the common video files ffmpeg decodes.
  static var clips: CompletionKind {
    .file(extensions: ["png", "jpg", "jpeg", "y4m", "mp4", "mkv", "webm", "mov", "avi", "nut"])
  }

  /// Plugin libraries, and the directories that hold them.
  static var libraries: CompletionKind { .file(extensions: ["so"]) }
}
