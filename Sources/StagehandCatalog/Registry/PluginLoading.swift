import StagehandCache
import StagehandPlugins
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Checks that a scanned plugin's file is still the one that was scanned, before the plugin process loads it.
enum PluginLoading {
  /// Opens `plugin.file` and checks its identity and its SHA-256 through the descriptor against what the scan recorded;
  /// returns the open descriptor (the caller closes it). The hash is checked on every load, with an allow-list or
  /// without: only code that was scanned runs (libcrypto hashes a bundled library of 300 KB in well under a
  /// millisecond).
  static func checkedDescriptor(_ plugin: CatalogPlugin) throws(RegistryError) -> Int32 {
    let other = RegistryError.libraryChanged(file: plugin.file, why: "the file is not the one that was scanned")
    let (descriptor, _) = try SystemFile.openChecked(plugin.file, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK) { error in
      error.call == "open" ? .libraryChanged(file: plugin.file, why: "it cannot be opened (\(error.reason))") : other
    } check: { info throws(RegistryError) in
      guard FileIdentity(info) == plugin.identity else { throw other }
    }
    let digest: LibraryDigest
    do {
      digest = try LibraryDigest.hashing(fileDescriptor: descriptor)
    } catch {
      SystemFile.close(descriptor)
      throw .libraryChanged(file: plugin.file, why: "it cannot be read (\(error))")
    }
    guard digest == plugin.sha256 else {
      SystemFile.close(descriptor)
      throw .libraryChanged(file: plugin.file, why: "its SHA-256 is now \(digest.hex), not \(plugin.sha256.hex)")
    }
    return descriptor
  }

  /// Checks that a library, once loaded, describes itself as it did when it was scanned.
  static func checkSameDescription(_ plugin: CatalogPlugin, loaded: PluginInfo) throws(RegistryError) {
    guard loaded == plugin.info else {
      throw .libraryChanged(
        file: plugin.file,
        why: "it describes itself differently than when it was scanned (\(difference(plugin.info, loaded)))")
    }
  }
}

/// The first part of two plugin descriptions that differs, in words.
func difference(_ scanned: PluginInfo, _ loaded: PluginInfo) -> String {
  let fields: [(String, String, String)] = [
    ("id", scanned.id, loaded.id), ("version", scanned.version, loaded.version), ("name", scanned.name, loaded.name),
    ("author", scanned.author, loaded.author), ("license", scanned.license, loaded.license),
    ("description", scanned.description, loaded.description), ("ABI", scanned.abiVersion, loaded.abiVersion),
  ]
  if let (field, _, _) = fields.first(where: { $0.1 != $0.2 }) { return "its \(field) differs" }
  guard scanned.styles.map(\.name) == loaded.styles.map(\.name) else { return "its styles differ" }
  for (a, b) in zip(scanned.styles, loaded.styles) where a != b {
    if a.parameters != b.parameters {
      for (p, q) in zip(a.parameters, b.parameters) where p != q {
        return "parameter '\(p.symbol)' of style '\(a.name)' differs (its type, range, default or labels)"
      }
      return "the parameters of style '\(a.name)' differ"
    }
    if a.presets != b.presets { return "the presets of style '\(a.name)' differ" }
    return "style '\(a.name)' differs (its summary, duration or flags)"
  }
  return "it differs"
}
