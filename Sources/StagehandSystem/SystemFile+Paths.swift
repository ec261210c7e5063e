import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Files and directories by their paths: status, creating, renaming and removing, temporary files, flushing; each
/// call made again when interrupted, each failure a ``SystemCallError`` that names the call and the path.
extension SystemFile {
  /// The status of the file at `path`, through symbolic links (`stat`).
  package static func status(ofPath path: String) throws(SystemCallError) -> stat {
    var info = stat()
    guard retryingInterrupts({ stat(path, &info) }) == 0 else { throw .fromErrno("stat", path: path) }
    return info
  }

  /// The status of the entry `name` of the open directory `directory` (`fstatat`): of a symbolic link itself unless
  /// `followingLinks`. `path` names the entry in the error.
  package static func status(
    of name: UnsafePointer<CChar>, inDirectory directory: Int32, followingLinks: Bool, path: String? = nil
  ) throws(SystemCallError) -> stat {
    var info = stat()
    let flags = followingLinks ? 0 : AT_SYMLINK_NOFOLLOW
    guard retryingInterrupts({ fstatat(directory, name, &info, flags) }) == 0 else {
      throw .fromErrno("fstatat", path: path)
    }
    return info
  }

  /// Whether `info` is the status of a directory.
  package static func isDirectory(_ info: stat) -> Bool {
    info.st_mode & S_IFMT == S_IFDIR
  }

  /// Whether `info` is the status of a symbolic link.
  package static func isSymbolicLink(_ info: stat) -> Bool {
    info.st_mode & S_IFMT == S_IFLNK
  }

  /// Creates the directory `path` with `mode` (less the umask) (`mkdir`); fails with `EEXIST` when something is
  /// there already.
  package static func makeDirectory(_ path: String, mode: mode_t) throws(SystemCallError) {
    guard retryingInterrupts({ mkdir(path, mode) }) == 0 else { throw .fromErrno("mkdir", path: path) }
  }

  /// Renames `source` to `target`, replacing what `target` names, in one step (`rename`).
  package static func rename(_ source: String, to target: String) throws(SystemCallError) {
    guard retryingInterrupts({ Glibc.rename(source, target) }) == 0 else { throw .fromErrno("rename", path: source) }
  }

  /// Removes the file `path` (`unlink`).
  package static func remove(_ path: String) throws(SystemCallError) {
    guard retryingInterrupts({ unlink(path) }) == 0 else { throw .fromErrno("unlink", path: path) }
  }

  /// Removes the file `path` if it can: for clean-ups whose failure leaves nothing to do (a temporary file).
  package static func removeIfPossible(_ path: String) {
    _ = try? remove(path)
  }

  /// Removes the empty directory `path` (`rmdir`).
  package static func removeDirectory(_ path: String) throws(SystemCallError) {
    guard retryingInterrupts({ rmdir(path) }) == 0 else { throw .fromErrno("rmdir", path: path) }
  }

  /// Creates a new file of a unique name that starts with `prefix` (six characters are added), mode 0600, open for
  /// reading and writing (`mkstemp`) and then made close-on-exec (`fcntl`); returns its descriptor and its path.
  package static func makeTemporaryFile(prefix: String) throws(SystemCallError) -> (descriptor: Int32, path: String) {
    var template = Array((prefix + "XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { name in
      retryingInterrupts { mkstemp(name.baseAddress!) }
    }
    guard descriptor >= 0 else { throw .fromErrno("mkstemp", path: prefix + "XXXXXX") }
    let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    guard retryingInterrupts({ fcntl(descriptor, F_SETFD, FD_CLOEXEC) }) == 0 else {
      let error = SystemCallError.fromErrno("fcntl", path: path)
      close(descriptor)
      removeIfPossible(path)
      throw error
    }
    return (descriptor, path)
  }

  /// Flushes what was written to `descriptor` to the disk (`fsync`); `path` names it in the error.
  package static func flush(_ descriptor: Int32, path: String? = nil) throws(SystemCallError) {
    guard retryingInterrupts({ fsync(descriptor) }) == 0 else { throw .fromErrno("fsync", path: path) }
  }

  /// A new descriptor, close-on-exec, for the file `descriptor` is open on (`fcntl` with `F_DUPFD_CLOEXEC`).
  package static func duplicate(_ descriptor: Int32, path: String? = nil) throws(SystemCallError) -> Int32 {
    let copy = retryingInterrupts { fcntl(descriptor, F_DUPFD_CLOEXEC, 0) }
    guard copy >= 0 else { throw .fromErrno("fcntl", path: path) }
    return copy
  }

  /// Sets the mode of the open file `descriptor` to `mode` (`fchmod`).
  package static func setMode(_ descriptor: Int32, _ mode: mode_t, path: String? = nil) throws(SystemCallError) {
    guard retryingInterrupts({ fchmod(descriptor, mode) }) == 0 else { throw .fromErrno("fchmod", path: path) }
  }

  /// Cuts the open file `descriptor` to `length` bytes (`ftruncate`).
  package static func truncate(_ descriptor: Int32, to length: Int64, path: String? = nil) throws(SystemCallError) {
    try calling("ftruncate", path: path) { try FileDescriptor(rawValue: descriptor).resize(to: length) }
  }

  /// Whether this process may use the file at `path` as `mode` asks (`R_OK`, `W_OK`, `X_OK`; `access`).
  package static func isAccessible(_ path: String, _ mode: Int32) -> Bool {
    retryingInterrupts { access(path, mode) } == 0
  }

  /// The absolute path of `path` with every symbolic link, `.` and `..` resolved (`realpath`).
  package static func resolvedPath(_ path: String) throws(SystemCallError) -> String {
    guard let resolved = realpath(path, nil) else { throw .fromErrno("realpath", path: path) }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// The entries of directories, read with `opendir` (or `fdopendir`), `readdir` and `closedir`.
package enum SystemDirectory {
  /// Calls `body` with the name of each entry of the directory at `path` but `.` and `..`, in the order the system
  /// gives them; the bytes are the entry's own and valid only during the call.
  package static func forEachName(
    in path: String, _ body: (UnsafeRawBufferPointer) -> Void
  ) throws(SystemCallError) {
    guard let stream = opendir(path) else { throw .fromErrno("opendir", path: path) }
    defer { closedir(stream) }
    forEachName(of: stream, body)
  }

  /// Calls `body` with the name of each entry of the open directory `descriptor` but `.` and `..` (see
  /// ``forEachName(in:_:)``). The descriptor stays the caller's: the entries are read through a copy of it.
  package static func forEachName(
    inOpenDirectory descriptor: Int32, path: String? = nil, _ body: (UnsafeRawBufferPointer) -> Void
  ) throws(SystemCallError) {
    let copy = try SystemFile.duplicate(descriptor, path: path)
    guard let stream = fdopendir(copy) else {
      let error = SystemCallError.fromErrno("fdopendir", path: path)
      SystemFile.close(copy)
      throw error
    }
    defer { closedir(stream) }
    // The copy shares the file offset with `descriptor`: the listing starts at the first entry whatever read before.
    rewinddir(stream)
    forEachName(of: stream, body)
  }

  /// The names of the entries of the directory at `path` but `.` and `..`, in the order the system gives them.
  package static func names(in path: String) throws(SystemCallError) -> [String] {
    var names: [String] = []
    try forEachName(in: path) { names.append(String(decoding: $0, as: UTF8.self)) }
    return names
  }

  private static func forEachName(of stream: OpaquePointer, _ body: (UnsafeRawBufferPointer) -> Void) {
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    while let entry = readdir(stream) {
      // The name in place, not a copy of the whole 256-byte field.
      let start = UnsafeRawPointer(entry) + nameOffset
      let name = UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self)))
      if name.count <= 2, name.allSatisfy({ $0 == UInt8(ascii: ".") }) { continue }
      body(name)
    }
  }
}
