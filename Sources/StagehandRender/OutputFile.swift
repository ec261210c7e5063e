import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A file written under a temporary name beside its final path, and renamed to it only once complete: an error or
/// an interruption leaves no partial output under the final name, and `abandon()` removes the temporary file. The
/// temporary name is recorded for the signal handler (``InterruptCleanup``) before the file is created, and forgotten
/// once the file is renamed or removed, so that SIGINT, SIGTERM or SIGHUP removes it too.
///
/// An output that exists and is not a regular file (a device such as /dev/null, a pipe, a socket) is written directly:
/// renaming a file over it would replace the device.
final class OutputFile {
  /// The path the file gets once complete.
  let path: String
  /// The temporary path written meanwhile (the path itself for a device or a pipe).
  let temporaryPath: String
  /// Whether the output is written in place: a device, a pipe or a socket.
  let isSpecial: Bool
  /// The temporary path as the signal handler knows it (`nil` for a device or a pipe).
  let temporary: TemporaryPath?
  private var descriptor: Int32

  /// The directories this file's creation made (``OutputDirectories``), removed again when it is abandoned.
  private var createdDirectories: [String] = []

  /// Creates the temporary file; fails with the final path's name when its directory is not writable (or missing,
  /// unless `createsDirectories`: then the missing directories are created, see ``OutputDirectories``), or when the
  /// path is a directory.
  init(path: String, createsDirectories: Bool = false) throws(RenderError) {
    self.path = path
    if let status = try? SystemFile.status(ofPath: path), !SystemFile.isRegular(status) {
      guard !SystemFile.isDirectory(status) else { throw .outputUnwritable(file: path, errno: EISDIR) }
      isSpecial = true
      temporaryPath = path
      temporary = nil
      // Opened without blocking: a pipe with no reader fails at once (ENXIO) instead of waiting forever; its reader
      // may be starting beside this command (`reader < pipe & stagehand ... -o pipe`), so it is given 2 s.
      var waited = 0
      var opened: Int32 = -1
      while true {
        do {
          opened = try SystemFile.open(path, flags: O_WRONLY | O_NONBLOCK | O_CLOEXEC)
          break
        } catch {
          guard error.code == ENXIO, status.st_mode & S_IFMT == S_IFIFO else {
            throw .outputUnwritable(file: path, errno: error.code)
          }
        }
        guard waited < 200 else { throw .pipeWithoutReader(file: path) }
        usleep(10_000)
        waited += 1
      }
      descriptor = opened
      SystemFile.setBlocking(descriptor, true)
      return
    }
    isSpecial = false
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    if createsDirectories, !directory.isEmpty {
      createdDirectories = try OutputDirectories.create(String(directory.dropLast()), for: path)
    }
    let serial = OutputFile.counter.add()
    temporaryPath = "\(directory).\(name).stagehand-\(SystemProcess.id)-\(serial).tmp"
    switch TemporaryPath.create(temporaryPath, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o666) {
    case .success(let (temporary, opened)):
      self.temporary = temporary
      descriptor = opened
    case .failure(let error):
      OutputDirectories.remove(createdDirectories)
      throw .outputUnwritable(file: path, errno: error.code)
    }
  }

  deinit { abandon() }

  /// Appends `bytes`.
  func write(_ bytes: UnsafeRawBufferPointer) throws(RenderError) {
    guard descriptor >= 0 else { throw .outputUnwritable(file: path, errno: EBADF) }
    if let code = writeAll(descriptor, bytes) { throw .outputUnwritable(file: path, errno: code) }
  }

  /// Closes the file and gives it its final name.
  func commit() throws(RenderError) {
    guard descriptor >= 0 else { throw .outputUnwritable(file: path, errno: EBADF) }
    let closing = descriptor
    descriptor = -1
    do {
      try SystemFile.closeWritten(closing, path: path)
    } catch {
      temporary?.remove()
      OutputDirectories.remove(createdDirectories)
      throw .outputUnwritable(file: path, errno: error.code)
    }
    try rename()
  }

  /// Gives the closed temporary file (filled by another writer) its final name; removes it when that fails.
  func rename() throws(RenderError) {
    guard let temporary else { return }
    do {
      try SystemFile.rename(temporaryPath, to: path)
    } catch {
      temporary.remove()
      OutputDirectories.remove(createdDirectories)
      throw .outputUnwritable(file: path, errno: error.code)
    }
    temporary.forget()
  }

  /// Removes the temporary file (closed or not) and the directories its creation made.
  func remove() {
    guard descriptor < 0 else { return abandon() }
    temporary?.remove()
    OutputDirectories.remove(createdDirectories)
  }

  /// Hands the open file over to a writer that closes it (the PNG encoder): writing through the descriptor, never
  /// through the path, so that a temporary file that the signal handler has just removed is not created again.
  func takeDescriptor() -> Int32 {
    let taken = descriptor
    descriptor = -1
    return taken
  }

  /// Closes and removes the temporary file, if it is still open.
  func abandon() {
    guard descriptor >= 0 else { return }
    SystemFile.close(descriptor)
    descriptor = -1
    temporary?.remove()
    OutputDirectories.remove(createdDirectories)
  }

  /// Numbers the temporary files of this process.
  static let counter = Counter()
}

/// The missing directories of an output, created for every format alike: with their missing parents (mode 0777 less
/// the umask), except a directory of the root, which is never created (`/nonexistent/out.webp` is a typo, not a place
/// for a new directory).
public enum OutputDirectories {
  /// Creates the missing directories of `directory`, the directory of the output `file` (the name messages give);
  /// returns those it created, outermost first. It stops at a file in the way, whose error (ENOTDIR) the output's
  /// creation then reports.
  public static func create(_ directory: String, for file: String) throws(RenderError) -> [String] {
    var created: [String] = []
    var prefix = directory.hasPrefix("/") ? "/" : ""
    for component in directory.split(separator: "/") {
      prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
      if let status = try? SystemFile.status(ofPath: prefix) {
        // A file in the way: opening the output says so (ENOTDIR), with the output's name.
        guard SystemFile.isDirectory(status) else { return created }
        continue
      }
      if prefix.hasPrefix("/") && !prefix.dropFirst().contains("/") {
        throw .outputUnwritable(file: file, errno: ENOENT)
      }
      do {
        try SystemFile.makeDirectory(prefix, mode: 0o777)
      } catch  where error.code != EEXIST {
        remove(created)
        throw .directoryUncreatable(file: file, directory: prefix, errno: error.code)
      } catch {}
      created.append(prefix)
    }
    return created
  }

  /// Removes the directories `create` made, innermost first, those that are empty.
  public static func remove(_ created: [String]) {
    for directory in created.reversed() { _ = try? SystemFile.removeDirectory(directory) }
  }
}

/// A thread-safe counter.
final class Counter: Sendable {
  private let value = Locked(0)

  /// The next number, from 1.
  func add() -> Int {
    value.withLock { count in
      count += 1
      return count
    }
  }
}

/// Writes all of `bytes` to `descriptor`, retrying after interruptions; the `errno` of a failure, or `nil`.
func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
  do {
    try SystemFile.writeAll(descriptor, bytes)
    return nil
  } catch {
    return error.code
  }
}
