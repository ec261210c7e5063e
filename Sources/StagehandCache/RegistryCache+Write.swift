import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

extension RegistryCache {
  /// Writes all records atomically.
  ///
  /// Creates the directory (mode 0700, with its parents) if needed, writes a temporary file in it (`mkstemp`, mode
  /// 0600), flushes it to disk, renames it over the cache and flushes the directory. Readers see the old file or the
  /// new one, never a mix; when several processes write at once, the last rename wins and no file is corrupt.
  /// Refuses a directory writable by group or others, or owned by another user, and records that would not read
  /// back (a record that breaks a rule of the plugin header, two records with the same path).
  public func write(_ records: some Sequence<CacheRecord>) throws(CacheError) {
    let records = Array(records)  // a sequence may be single-pass
    var paths: Set<String> = []
    for record in records where !paths.insert(record.path).inserted {
      throw CacheError(file: path, reason: .invalidRecord, detail: "two records have the path \(record.path)")
    }
    let bytes = Self.encode(records)
    do throws(CacheError) {
      _ = try Self.decode(bytes, file: path)
    } catch {
      throw CacheError(file: path, reason: .invalidRecord, detail: error.detail)
    }
    try write(bytes: bytes)
  }

  /// Writes the bytes of a whole cache file atomically (see ``write(_:)``); the caller checked that they read back.
  package func write(bytes: [UInt8]) throws(CacheError) {
    guard bytes.count <= Self.maximumFileSize else {
      throw CacheError(
        file: path, reason: .tooLarge,
        detail: "the records take \(bytes.count) bytes; the limit is \(Self.maximumFileSize)")
    }
    let directory = Self.directory(of: path)
    try Self.makeDirectories(directory)
    try Self.checkTrust(of: directory, isDirectory: true)

    let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path
    let descriptor: Int32
    let temporary: String
    do {
      (descriptor, temporary) = try SystemFile.makeTemporaryFile(prefix: "\(directory)/.\(name).")
    } catch {
      throw CacheError(
        file: directory, reason: .cannotOpen,
        detail: "cannot create a temporary file in it: \(systemMessage(error.code))", systemError: error.code)
    }
    var renamed = false
    var isOpen = true
    defer {
      if isOpen { SystemFile.close(descriptor) }
      if !renamed { SystemFile.removeIfPossible(temporary) }
    }
    func failure(_ step: String, _ code: Int32) -> CacheError {
      CacheError(
        file: path, reason: .cannotWrite, detail: "\(step) \(temporary) failed: \(systemMessage(code))",
        systemError: code)
    }
    /// One call on the temporary file; its failure names the step.
    func step(_ name: String, _ call: () throws(SystemCallError) -> Void) throws(CacheError) {
      do { try call() } catch { throw failure(name, error.code) }
    }

    try step("setting the mode of") { () throws(SystemCallError) in
      try SystemFile.setMode(descriptor, 0o600, path: temporary)
    }
    try step("writing") { () throws(SystemCallError) in try SystemFile.writeAll(descriptor, bytes, path: temporary) }
    try step("flushing") { () throws(SystemCallError) in try SystemFile.flush(descriptor, path: temporary) }
    isOpen = false
    try step("closing") { () throws(SystemCallError) in try SystemFile.closeWritten(descriptor, path: temporary) }
    try step("renaming over the cache") { () throws(SystemCallError) in try SystemFile.rename(temporary, to: path) }
    renamed = true

    // Flush the directory, so that the rename itself survives a crash. Some file systems cannot (EINVAL).
    guard let directoryDescriptor = try? SystemFile.open(directory, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC) else {
      return
    }
    defer { SystemFile.close(directoryDescriptor) }
    do {
      try SystemFile.flush(directoryDescriptor, path: directory)
    } catch {
      guard error.code != EINVAL else { return }
      throw CacheError(
        file: directory, reason: .cannotWrite, detail: "flushing the directory failed: \(error.message)",
        systemError: error.code)
    }
  }

  /// Creates `directory` and its missing parents, each with mode 0700; existing ones are left as they are. A missing
  /// directory of the root (a `HOME` of `/nonexistent`, as services have) is never created: the cache belongs in a
  /// home or cache directory that exists.
  static func makeDirectories(_ directory: String) throws(CacheError) {
    var prefixes: [String] = []
    var current = ""
    for (index, component) in directory.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
      current += index == 0 ? String(component) : "/" + component
      if !component.isEmpty, component != "." { prefixes.append(current) }
    }
    for prefix in prefixes {
      if let info = try? SystemFile.status(ofPath: prefix) {
        guard SystemFile.isDirectory(info) else {
          throw CacheError(
            file: prefix, reason: .cannotOpen, detail: "it is not a directory, so the cache cannot go in it")
        }
        continue
      }
      guard prefix.utf8.dropFirst().contains(UInt8(ascii: "/")) else {
        throw CacheError(
          file: prefix, reason: .cannotOpen,
          detail: "it does not exist, and a directory of / is not created for a cache; set XDG_CACHE_HOME or HOME "
            + "to a directory that exists")
      }
      do {
        try SystemFile.makeDirectory(prefix, mode: 0o700)
      } catch {
        guard error.code == EEXIST else {
          throw CacheError(
            file: prefix, reason: .cannotOpen, detail: "cannot create it: \(error.message)", systemError: error.code)
        }
      }
    }
  }
}
