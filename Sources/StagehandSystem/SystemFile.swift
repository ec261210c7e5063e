import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Files through their descriptors: opening, reading their status, reading, closing; the one place of the package
/// that calls them.
///
/// Opening, reading, writing, resizing and closing go through swift-system's `FileDescriptor`; the package keeps plain
/// `Int32` descriptors, which cross to its children and its C shims as they are. One policy for interrupted calls: a
/// call that fails with `EINTR` is made again (swift-system's `retryOnInterrupt`, ``retryingInterrupts(_:)`` for
/// Glibc's calls), except `close`, which Linux has released the descriptor for whatever it returns, so it is never
/// repeated.
package enum SystemFile {
  /// Makes `body`, calls of swift-system, and turns the `Errno` it throws into a ``SystemCallError`` of `call` on
  /// `path`.
  @inline(__always)
  package static func calling<Value>(
    _ call: String, path: String?, _ body: () throws -> Value
  ) throws(SystemCallError) -> Value {
    do {
      return try body()
    } catch let number as Errno {
      throw SystemCallError(call, path: path, number: number)
    } catch {
      // swift-system throws nothing but `Errno`; an error of another type would be a new version's, said as EIO.
      throw SystemCallError(call, path: path, code: EIO)
    }
  }

  /// Runs `call` again while it fails with `EINTR` (returns -1 with `errno` set to `EINTR`); returns its last result.
  @inline(__always)
  package static func retryingInterrupts<Result: FixedWidthInteger>(_ call: () -> Result) -> Result {
    while true {
      let result = call()
      if result == -1 && errno == EINTR { continue }
      return result
    }
  }

  /// Closes `descriptor`, once. Its result is not looked at: on Linux the descriptor is released even when `close`
  /// fails, so there is nothing to retry and nothing left to do.
  package static func close(_ descriptor: Int32) {
    try? FileDescriptor(rawValue: descriptor).close()
  }

  /// Closes `descriptor` of a file just written, once, and reports a failure: some file systems (NFS, FUSE) report a
  /// write that failed only when the file is closed. The descriptor is released either way.
  package static func closeWritten(_ descriptor: Int32, path: String? = nil) throws(SystemCallError) {
    try calling("close", path: path) { try FileDescriptor(rawValue: descriptor).close() }
  }

  /// Opens `path` with `flags` (and `mode` for a file it creates); returns the descriptor.
  package static func open(_ path: String, flags: Int32, mode: mode_t = 0) throws(SystemCallError) -> Int32 {
    // `flags` as swift-system splits them: the access mode, and the options (which include O_CREAT, and then the
    // file's permissions must be given).
    let access = FileDescriptor.AccessMode(rawValue: flags & O_ACCMODE)
    let options = FileDescriptor.OpenOptions(rawValue: flags & ~O_ACCMODE)
    let permissions = options.contains(.create) ? FilePermissions(rawValue: mode) : nil
    return try calling("open", path: path) {
      try FileDescriptor.open(path, access, options: options, permissions: permissions).rawValue
    }
  }

  /// The status of the open file `descriptor` (`path` names it in the error).
  package static func status(_ descriptor: Int32, path: String? = nil) throws(SystemCallError) -> stat {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .fromErrno("fstat", path: path) }
    return info
  }

  /// Opens `path`, reads the status of what was opened and hands it to `check`, so that the file checked is the file
  /// then used. Returns the open descriptor and its status; the caller closes it with ``close(_:)``.
  ///
  /// When `open` or `fstat` fails, `failure` turns the ``SystemCallError`` into the caller's error; when `check`
  /// throws, its error is thrown. Either way the descriptor is closed first.
  package static func openChecked<Failure: Error>(
    _ path: String, flags: Int32, failure: (SystemCallError) -> Failure, check: (stat) throws(Failure) -> Void
  ) throws(Failure) -> (descriptor: Int32, status: stat) {
    let descriptor: Int32
    do {
      descriptor = try open(path, flags: flags)
    } catch {
      throw failure(error)
    }
    let info: stat
    do {
      info = try status(descriptor, path: path)
    } catch {
      close(descriptor)
      throw failure(error)
    }
    do {
      try check(info)
    } catch {
      close(descriptor)
      throw error
    }
    return (descriptor, info)
  }

  /// Whether `info` is the status of a regular file.
  package static func isRegular(_ info: stat) -> Bool {
    info.st_mode & S_IFMT == S_IFREG
  }

  /// Reads up to `count` bytes at `offset` of `descriptor` into `buffer`, without moving the file offset; returns how
  /// many were read (0 at the end of the file).
  package static func read(
    _ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64, path: String? = nil
  ) throws(SystemCallError) -> Int {
    try calling("pread", path: path) {
      try FileDescriptor(rawValue: descriptor).read(
        fromAbsoluteOffset: offset, into: UnsafeMutableRawBufferPointer(start: buffer, count: count))
    }
  }

  /// Reads from offset `offset` of `descriptor` until `buffer` is full or the file ends, without moving the file
  /// offset; returns how many bytes were read (fewer than `buffer.count` only at the end of the file).
  package static func readFully(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64, path: String? = nil
  ) throws(SystemCallError) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var filled = 0
    while filled < buffer.count {
      let count = try read(
        descriptor, into: base + filled, count: buffer.count - filled, at: offset + Int64(filled), path: path)
      if count == 0 { break }
      filled += count
    }
    return filled
  }

  /// Writes up to `count` bytes at `bytes` to `descriptor` at its file offset; returns how many were written.
  package static func write(
    _ descriptor: Int32, from bytes: UnsafeRawPointer, count: Int, path: String? = nil
  ) throws(SystemCallError) -> Int {
    try calling("write", path: path) {
      try FileDescriptor(rawValue: descriptor).write(UnsafeRawBufferPointer(start: bytes, count: count))
    }
  }

  /// Writes all of `bytes` to `descriptor`; a write that writes nothing fails with `EIO`.
  package static func writeAll(
    _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String? = nil
  ) throws(SystemCallError) {
    guard let base = bytes.baseAddress else { return }
    var written = 0
    while written < bytes.count {
      let count = try write(descriptor, from: base + written, count: bytes.count - written, path: path)
      guard count > 0 else { throw SystemCallError("write", path: path, code: EIO) }
      written += count
    }
  }

  /// Writes all of `bytes` to `descriptor`; a write that writes nothing fails with `EIO`.
  package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String? = nil) throws(SystemCallError) {
    // withUnsafeBytes rethrows untyped errors: the typed one travels in a Result.
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(SystemCallError) in try writeAll(descriptor, buffer, path: path) }
    }.get()
  }

  /// Waits for the child `pid` to end and returns its raw wait status (`waitpid`, made again when interrupted).
  package static func waitForExit(_ pid: pid_t) -> Int32? {
    var status: Int32 = 0
    let result = retryingInterrupts { waitpid(pid, &status, 0) }
    return result == pid ? status : nil
  }

  /// The path a descriptor was opened with, for messages, from /proc; else `file descriptor N`.
  package static func name(of descriptor: Int32) -> String {
    var target = [CChar](repeating: 0, count: 4097)
    let count = readlink("/proc/self/fd/\(descriptor)", &target, 4096)
    guard count > 0 else { return "file descriptor \(descriptor)" }
    return String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
