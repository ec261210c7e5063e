import StagehandPlugins
import StagehandScanning
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

extension PluginManifest {
  /// The manifest of a library whose plugin described itself as `info`.
  public init(library path: String, info: PluginInfo) {
    format = 1
    library = path.split(separator: "/").last.map(String.init) ?? path
    plugin = info
    builders = Dictionary(uniqueKeysWithValues: info.styles.map { ($0.name, $0.builderSignature) })
  }

  /// Reads the manifests of plugin library files through the scanner: each library is loaded, described and built in a
  /// sandboxed child process (the same scan the registry makes), so none of its code runs in this process.
  ///
  /// Returns one result per path, in order: the manifest, or why that library gave none. Throws only when the scanner
  /// itself cannot run.
  public static func scan(_ paths: [String], scanner: PluginScanner) throws(ScannerError)
    -> [Result<PluginManifest, ManifestError>]
  {
    var results: [Result<PluginManifest, ManifestError>?] = Array(repeating: nil, count: paths.count)
    var requests: [ScanRequest] = []
    var requested: [Int] = []
    for (index, path) in paths.enumerated() {
      switch openLibrary(path) {
      case .success(let descriptor):
        requests.append(ScanRequest(path: path, descriptor: descriptor))
        requested.append(index)
      case .failure(let error):
        results[index] = .failure(error)
      }
    }
    defer { for request in requests { SystemFile.close(request.descriptor) } }
    let outcomes = try scanner.scan(requests)
    for (slot, index) in requested.enumerated() {
      let path = paths[index]
      switch outcomes[slot] {
      case .ok(let info, _):
        results[index] = .success(PluginManifest(library: path, info: info))
      case .refused(let error):
        results[index] = .failure(ManifestError(description: error.description))
      case .quarantined(let reason):
        results[index] = .failure(
          ManifestError(
            description: "\(path): \(reason) while the sandboxed scanner read it, so it gives no manifest. "
              + "Run 'stagehand check \(path)' for details"))
      }
    }
    return results.map { $0! }
  }

  /// Opens `path` for the scanner: a regular file, read-only, without blocking on a FIFO.
  private static func openLibrary(_ path: String) -> Result<Int32, ManifestError> {
    let notRegular = ManifestError(
      description: "\(path): cannot be loaded: it is not a regular file. Give the path of a plugin library file")
    return Result { () throws(ManifestError) in
      try SystemFile.openChecked(path, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK) { error in
        guard error.call == "open" else { return notRegular }
        return ManifestError(
          description: "\(path): cannot be loaded: \(error.reason). Give the path of a plugin library file")
      } check: { info throws(ManifestError) in
        guard SystemFile.isRegular(info) else { throw notRegular }
      }.descriptor
    }
  }
}

/// Why a library gave no manifest: one line naming the file, the cause, and what to do.
public struct ManifestError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message.
  public var description: String
}
