import StagehandCache
import StagehandScanning
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// How a registry finds, scans and trusts plugins: its cache, its scanner, the scan time limit and the allow-list.
public struct RegistryOptions: Sendable {
  /// The registry cache file; nil to neither read nor write one (every library is scanned).
  public var cachePath: String?
  /// The plugin process executable (`stagehand-scanner`, or an application's own, see `PluginProcessHosting`); nil
  /// when none was found, so new libraries cannot be scanned nor styles built.
  public var scanner: String?
  /// The arguments that come before the protocol's when `scanner` is started: `--stagehand-plugin-process` for an
  /// application's own executable, none for `stagehand-scanner`.
  public var scannerArguments: [String] = []
  /// The time limit for scanning one library, in seconds.
  public var scanTimeout: Double
  /// The time limit for one build in the plugin process (or loading a library there), in seconds.
  public var buildTimeout: Double = PluginProcess.defaultTimeLimit
  /// How many scanner children run at once; nil for one per core.
  public var scanParallelism: Int?
  /// The allow-list file; when it exists, only the plugins it lists (by id and SHA-256) are used.
  public var allowListPath: String?
  /// Called during a scan with the number of libraries scanned and the total.
  public var progress: (@Sendable (Int, Int) -> Void)?
  /// Problems found while reading the environment, one line each.
  public var warnings: [String]
  /// How long before it is read a directory must have last changed for its listing to be kept in the cache, in
  /// seconds (see `DirectoryListing`); tests shorten it.
  var directorySettleTime = DirectoryListing.settleTime
  /// Whether the cache keeps directory listings (`STAGEHAND_DIRECTORY_LISTINGS=0` turns them off, for a file system
  /// whose change times cannot be trusted): off, every directory is read by every command.
  var keepsDirectoryListings = true

  /// Creates options.
  public init(
    cachePath: String?, scanner: String?, scanTimeout: Double = PluginScanner.defaultTimeout,
    scanParallelism: Int? = nil, allowListPath: String? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil,
    warnings: [String] = []
  ) {
    self.cachePath = cachePath
    self.scanner = scanner
    self.scanTimeout = scanTimeout
    self.scanParallelism = scanParallelism
    self.allowListPath = allowListPath
    self.progress = progress
    self.warnings = warnings
  }

  /// The options of this process, from its environment:
  /// - the cache: `RegistryCache.standardPath` (`$XDG_CACHE_HOME/stagehand/registry.cache`);
  /// - the scanner: `STAGEHAND_SCANNER` (an absolute path), else this executable when it serves as its own plugin
  ///   process (`PluginProcessHosting`), else `stagehand-scanner` next to the executable, else in
  ///   `../libexec/stagehand/` from it;
  /// - the time limit: `STAGEHAND_SCAN_TIMEOUT` (seconds), else 5 s;
  /// - the build time limit: `STAGEHAND_BUILD_TIMEOUT` (seconds), else 2 s;
  /// - the allow-list: `$XDG_CONFIG_HOME/stagehand/allowed-plugins` (or `~/.config/stagehand/allowed-plugins`);
  /// - directory listings in the cache: on unless `STAGEHAND_DIRECTORY_LISTINGS` is `0`.
  public static func standard(
    environment: [String: String] = ProcessEnvironment.current,
    executableDirectory: String = PluginSearchPath.executableDirectory
  ) -> RegistryOptions {
    var warnings: [String] = []
    /// The seconds of the variable `name`, else `fallback` (with a warning when it is set but not valid).
    func seconds(_ name: String, else fallback: Double) -> Double {
      guard let text = environment[name] else { return fallback }
      if let seconds = ScanTimeout.parse(text) { return seconds }
      warnings.append(
        "\(name) '\(text)' is not valid, \(QuarantineReason.seconds(fallback)) s used; \(ScanTimeout.rule)")
      return fallback
    }
    let timeout = seconds("STAGEHAND_SCAN_TIMEOUT", else: PluginScanner.defaultTimeout)
    let buildTimeout = seconds("STAGEHAND_BUILD_TIMEOUT", else: PluginProcess.defaultTimeLimit)
    var keepsListings = true
    if let text = environment["STAGEHAND_DIRECTORY_LISTINGS"] {
      if text == "0" || text == "1" {
        keepsListings = text == "1"
      } else {
        warnings.append("STAGEHAND_DIRECTORY_LISTINGS '\(text)' is not valid, 1 used; give 0 (off) or 1 (on)")
      }
    }
    var options = RegistryOptions(
      cachePath: RegistryCache.standardPath(environment: environment),
      scanner: scannerPath(environment: environment, executableDirectory: executableDirectory, warnings: &warnings),
      scanTimeout: timeout, allowListPath: AllowList.standardPath(environment: environment), warnings: warnings)
    options.keepsDirectoryListings = keepsListings
    if options.scanner == executableDirectory + "/" + ownExecutableName, PluginProcessHosting.isHosting {
      options.scannerArguments = [PluginProcessHosting.argument]
    }
    options.buildTimeout = buildTimeout
    return options
  }

  static func scannerPath(
    environment: [String: String], executableDirectory: String, warnings: inout [String]
  ) -> String? {
    if let path = environment["STAGEHAND_SCANNER"], !path.isEmpty {
      if path.hasPrefix("/") { return path }
      warnings.append("STAGEHAND_SCANNER '\(path)' is not an absolute path, ignored")
    }
    if PluginProcessHosting.isHosting { return executableDirectory + "/" + ownExecutableName }
    for candidate in [
      executableDirectory + "/stagehand-scanner", executableDirectory + "/../libexec/stagehand/stagehand-scanner",
    ] where SystemFile.isAccessible(candidate, X_OK) {
      return candidate
    }
    return nil
  }
}

/// The file name of this process's executable (symlinks resolved).
let ownExecutableName: String = {
  guard let path = try? SystemFile.resolvedPath("/proc/self/exe") else { return "" }
  return String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
}()

/// The scan time limit as a user writes it.
public enum ScanTimeout {
  /// The rule, in words.
  public static let rule = "give a number of seconds from 0.1 to 3600"

  /// The seconds in `text`, or nil when it is not a decimal number from 0.1 to 3600.
  public static func parse(_ text: String) -> Double? {
    guard text.utf8.allSatisfy({ (48...57).contains($0) || $0 == 46 }), let seconds = Double(text),
      seconds >= 0.1, seconds <= 3600
    else { return nil }
    return seconds
  }
}
