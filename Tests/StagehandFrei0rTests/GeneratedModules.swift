import Foundation
import StagehandCatalog
import StagehandTestSupport

/// The environment the tests give `stagehand` and the real hosts: no user plugins, the test process's cache.
let cleanEnvironment = [
  "HOME": "/nonexistent", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "XDG_CACHE_HOME": BuiltProducts.cacheHome,
].merging(BuiltProducts.sanitizerOptions) { clean, _ in clean }

/// The registry over the bundled plugins only, for the styles' names and durations.
let bundledRegistry = Registry(
  searchPath: PluginSearchPath(directories: [BuiltProducts.directory.path]),
  options: RegistryOptions(cachePath: BuiltProducts.cachePath, scanner: BuiltProducts.scanner.path))

/// Every bundled style, by name.
let bundledStyles: [String] = bundledRegistry.catalog().entries.map(\.style.name)

/// The modules `stagehand frei0r` writes for every bundled style, once for the test process, in a directory removed
/// when it exits; their settings name the test process's cache (`cache=`), so that no test writes the user's.
enum GeneratedModules {
  /// The directory, or the error `stagehand frei0r` gave.
  static let directory: Result<String, HostError> = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("stagehand-frei0r-\(UUID().uuidString)")
      .path
    atexit { try? FileManager.default.removeItem(atPath: GeneratedModules.removal) }
    removal = path
    return write(to: path, styles: [])
  }()

  /// The directory removed at exit.
  nonisolated(unsafe) static var removal = ""

  /// Runs `stagehand frei0r -o path STYLES...` and adds `cache=` to the settings.
  static func write(to path: String, styles: [String]) -> Result<String, HostError> {
    do {
      let result = try runStagehand(["frei0r", "-o", path, "--bundled"] + styles, environment: cleanEnvironment)
      guard result.status == 0 else {
        return .failure(HostError(message: "stagehand frei0r: \(result.status) \(result.standardError)"))
      }
      let settings = path + "/stagehand-frei0r.conf"
      let text = try String(contentsOfFile: settings, encoding: .utf8)
      try (text + "cache=\(BuiltProducts.cachePath)\n").write(toFile: settings, atomically: true, encoding: .utf8)
      return .success(path)
    } catch {
      return .failure(HostError(message: "\(error)"))
    }
  }

  /// The module of `style`.
  static func module(_ style: String) throws -> String {
    try directory.get() + "/stagehand-\(style).so"
  }
}
