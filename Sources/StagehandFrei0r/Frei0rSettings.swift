import StagehandAnimation
import StagehandCatalog
import StagehandPlugins
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// What the settings file next to the modules (`stagehand-frei0r.conf`, written by `stagehand frei0r`) says: where the
/// `stagehand` that wrote the modules lives, and optionally the plugin path and the registry cache.
///
/// A host such as `melt` or `gst-launch-1.0` is not in Stagehand's directory, so the registry cannot find the plugin
/// process (`stagehand-scanner`) and the bundled plugins next to its executable, as `stagehand` does: it finds them
/// next to the `stagehand` named here instead. The environment still counts: `STAGEHAND_PLUGIN_PATH`, when set, comes
/// before the plugin path written in the file, and `STAGEHAND_SCANNER` before the scanner found here.
struct Frei0rSettings: Hashable, Sendable {
  /// The directory of the `stagehand` executable that wrote the modules (`stagehand=`).
  var stagehandDirectory: String?
  /// `STAGEHAND_PLUGIN_PATH` as it was when the modules were written (`plugin-path=`), if it was set.
  var pluginPath: String?
  /// The registry cache file (`cache=`); the standard one when absent.
  var cachePath: String?

  /// The settings in the file's text: `key=value` lines; `#` comments, blank and unknown lines are skipped.
  init(text: String) {
    for line in text.split(separator: "\n") {
      guard !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
      let value = String(line[line.index(after: equals)...])
      switch line[..<equals] {
      case "stagehand": stagehandDirectory = value.hasPrefix("/") ? value : nil
      case "plugin-path": pluginPath = value
      case "cache": cachePath = value.hasPrefix("/") ? value : nil
      default: continue
      }
    }
  }

  /// The settings in the file at `path`; empty settings when it cannot be read (the module found it a moment ago)
  /// or is larger than 1 MiB (`stagehand frei0r` writes a few lines).
  init(path: String) {
    let bytes = SystemFile.contents(of: path, limit: 1 << 20) ?? []
    self.init(text: String(decoding: bytes, as: UTF8.self))
  }

  /// A registry with these settings: the search path and options `stagehand` would have in its own directory, with
  /// the plugin path and the cache given here.
  func makeRegistry(environment: [String: String] = ProcessEnvironment.current) -> Registry {
    var environment = environment
    if environment["STAGEHAND_PLUGIN_PATH"] == nil, let pluginPath { environment["STAGEHAND_PLUGIN_PATH"] = pluginPath }
    let directory = stagehandDirectory ?? PluginSearchPath.executableDirectory
    var options = RegistryOptions.standard(environment: environment, executableDirectory: directory)
    if let cachePath { options.cachePath = cachePath }
    return Registry(
      searchPath: .standard(environment: environment, executableDirectory: directory), options: options)
  }

  /// The registries made so far, one for each settings file: every module of one directory shares one, so one plugin
  /// process serves them all.
  private static let registries = Locked<[Frei0rSettings: Registry]>([:])

  /// The registry for these settings, made on first use.
  var registry: Registry {
    Self.registries.withLock { registries in
      if let registry = registries[self] { return registry }
      let made = makeRegistry()
      registries[self] = made
      return made
    }
  }
}

/// Writes one line to standard error, with one `write` so that lines of several threads do not mix.
func say(_ line: String) {
  // Nothing is left to tell of a failure to write to standard error.
  try? SystemFile.writeAll(STDERR_FILENO, Array(line.escapingRemainingControlCharacters.utf8) + [10])
}
