import CStagehandSystem
import SystemPackage

#if canImport(Glibc)
  import Glibc
#endif

/// Pipes, sockets and streams read as their bytes come: the channels between this process and its children.
extension SystemFile {
  /// A pipe whose two ends are close-on-exec.
  package static func pipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    let result = sh_system_pipe(&ends)
    guard result == 0 else { throw SystemCallError("pipe2", code: -result) }
    return (ends[0], ends[1])
  }

  /// A connected pair of Unix stream sockets, both close-on-exec.
  package static func socketPair() throws(SystemCallError) -> (Int32, Int32) {
    var ends: [Int32] = [-1, -1]
    let result = sh_system_socket_pair(&ends)
    guard result == 0 else { throw SystemCallError("socketpair", code: -result) }
    return (ends[0], ends[1])
  }

  /// Reads what `descriptor` has, up to `buffer.count` bytes, at its file offset; returns how many bytes were read
  /// (0 at the end of the stream), or `nil` when a non-blocking descriptor has nothing yet (`EAGAIN`).
  package static func readAvailable(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String? = nil
  ) throws(SystemCallError) -> Int? {
    do {
      return try calling("read", path: path) { try FileDescriptor(rawValue: descriptor).read(into: buffer) }
    } catch {
      if error.number == .resourceTemporarilyUnavailable || error.number == .wouldBlock { return nil }
      throw error
    }
  }

  /// Reads what the channel `descriptor` (a non-blocking pipe or socket to a child) has into `chunk`: how many bytes,
  /// 0 at its end or on an error (the channel is finished either way), `nil` when it has nothing yet.
  package static func readChannel(_ descriptor: Int32, into chunk: inout [UInt8]) -> Int? {
    chunk.withUnsafeMutableBytes { bytes in
      do {
        return try readAvailable(descriptor, into: bytes)
      } catch {
        return 0
      }
    }
  }

  /// Reads from `descriptor` at its file offset until `buffer` is full or the stream ends; returns how many bytes
  /// were read (fewer than `buffer.count` only at the end).
  package static func readFully(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String? = nil
  ) throws(SystemCallError) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var filled = 0
    while filled < buffer.count {
      let rest = UnsafeMutableRawBufferPointer(start: base + filled, count: buffer.count - filled)
      guard let count = try readAvailable(descriptor, into: rest, path: path), count > 0 else { break }
      filled += count
    }
    return filled
  }

  /// Waits at most `milliseconds` for one of `descriptors` to be readable, closed or in error (a negative
  /// descriptor is left out); returns, for each, whether it is. A wait that a signal interrupts returns all false,
  /// as if the time had passed: callers wait in a loop, against their own deadline.
  package static func waitReadable(_ descriptors: [Int32], milliseconds: Int32) throws(SystemCallError) -> [Bool] {
    var polls = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ready = poll(&polls, nfds_t(polls.count), milliseconds)
    if ready < 0 && errno != EINTR { throw .fromErrno("poll") }
    return polls.map { ready > 0 && $0.revents != 0 }
  }

  /// Makes reads and writes of `descriptor` wait (`blocking`) or return `EAGAIN` when they would wait.
  package static func setBlocking(_ descriptor: Int32, _ blocking: Bool) {
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, blocking ? flags & ~O_NONBLOCK : flags | O_NONBLOCK)
  }

  /// A new temporary file in `$TMPDIR` (else /tmp), close-on-exec, already unlinked: it goes away with its last
  /// descriptor. `prefix` begins its name.
  package static func unlinkedTemporary(prefix: String) throws(SystemCallError) -> Int32 {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((directory + "/" + prefix + "-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw .fromErrno("mkstemp", path: directory) }
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return descriptor
  }
}

/// The time of day, and waiting for time to pass; the one `nanosleep` of the package.
package enum SystemTime {
  /// The time of day (`CLOCK_REALTIME`), as the file system stamps modification times.
  package static func now() -> timespec {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return now
  }

  /// Sleeps `nanoseconds`; a signal that interrupts the sleep does not shorten it (the rest is slept).
  package static func sleep(nanoseconds: Int) {
    var request = timespec(tv_sec: nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
    var left = timespec()
    while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
  }
}

extension SystemFile {
  /// The bytes of the file at `path`, opened with `flags` (`O_RDONLY` and `O_CLOEXEC` are added), read to its end;
  /// `nil` when it cannot be opened or read, or holds more than `limit` bytes.
  package static func contents(of path: String, flags: Int32 = 0, limit: Int = .max) -> [UInt8]? {
    guard let descriptor = try? open(path, flags: O_RDONLY | O_CLOEXEC | flags) else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while bytes.count <= limit {
      let count: Int? = chunk.withUnsafeMutableBytes { buffer in
        // A non-blocking descriptor with nothing yet, like an error, ends the reading.
        try? readAvailable(descriptor, into: buffer, path: path)
      }
      guard let count else { return nil }
      if count == 0 { return bytes }
      bytes += chunk[..<count]
    }
    return nil
  }
}
