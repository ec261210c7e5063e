import Foundation

/// Where plugin libraries are looked for, in order: `STAGEHAND_PLUGIN_PATH` (absolute directories only), the user's
/// and the system's plugin directories, then the plugins bundled next to the executable. The current directory is
/// never searched.
public struct PluginSearchPath: Hashable, Sendable {
  /// The directories, in search order.
  public var directories: [String]
  /// Entries of `STAGEHAND_PLUGIN_PATH` that were ignored, and why.
  public var warnings: [String]

  /// Creates a search path from explicit directories.
  public init(directories: [String], warnings: [String] = []) {
    self.directories = directories
    self.warnings = warnings
  }

  /// The search path of this process, from its environment and the location of its executable.
  public static func standard(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executableDirectory: String = PluginSearchPath.executableDirectory
  ) -> PluginSearchPath {
    var directories: [String] = []
    var warnings: [String] = []
    if let value = environment["STAGEHAND_PLUGIN_PATH"] {
      for entry in value.split(separator: ":", omittingEmptySubsequences: false).map(String.init) {
        if entry.isEmpty {
          warnings.append("STAGEHAND_PLUGIN_PATH has an empty entry, ignored; list absolute directories only")
        } else if !entry.hasPrefix("/") {
          warnings.append(
            "STAGEHAND_PLUGIN_PATH entry '\(entry)' is relative, ignored; the current directory is never searched, "
              + "list absolute directories only")
        } else {
          directories.append(entry)
        }
      }
    }
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      directories.append(dataHome + "/stagehand/plugins")
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      directories.append(home + "/.local/share/stagehand/plugins")
    }
    directories += ["/usr/local/lib/stagehand/plugins", "/usr/lib/stagehand/plugins"]
    directories += [executableDirectory, executableDirectory + "/../lib/stagehand/plugins"]
    var seen: Set<String> = []
    directories = directories.map { URL(fileURLWithPath: $0).standardizedFileURL.path }.filter {
      seen.insert($0).inserted
    }
    return PluginSearchPath(directories: directories, warnings: warnings)
  }

  /// The directory of the running executable.
  public static var executableDirectory: String {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
  }

  /// The plugin libraries (`*.so` regular files) in the directories, in search order, each real file once; and the
  /// files and directories refused because others could have changed them.
  public func libraries() -> (files: [String], refused: [String]) {
    let manager = FileManager.default
    var files: [String] = []
    var refused: [String] = []
    var seen: Set<String> = []
    for directory in directories {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
      if let why = Trust.problem(directory) {
        refused.append("\(directory): \(why)")
        continue
      }
      let names = ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".so") }.sorted()
      for name in names {
        let path = directory + "/" + name
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard Trust.isRegularFile(real), seen.insert(real).inserted else { continue }
        if let why = Trust.problem(real) {
          refused.append("\(path): \(why)")
        } else {
          files.append(path)
        }
      }
    }
    return (files, refused)
  }
}

/// Refuses files and directories that another user could have changed.
enum Trust {
  static func problem(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return "cannot be read" }
    if info.st_mode & S_IWOTH != 0 {
      return "is writable by every user, so anyone could replace it; refused (chmod o-w it)"
    }
    if info.st_uid != getuid() && info.st_uid != 0 {
      return "is owned by another user (uid \(info.st_uid)); refused"
    }
    return nil
  }

  static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }
}
