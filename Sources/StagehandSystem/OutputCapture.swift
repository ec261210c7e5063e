import CStagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Where a child's standard output and error go while a plugin library's code runs: a memory file, read and emptied
/// after each piece of work; `/dev/null` in between. Used by the scanner child and by the validator's child.
package struct OutputCapture {
  /// The memory file, or -1 when none could be made (then nothing is redirected).
  private let capture: Int32
  /// `/dev/null`, or -1.
  private let quiet: Int32

  /// Makes the memory file, named `name` in /proc/self/fd.
  package init(name: String) {
    capture = sh_system_memory_file(name)
    quiet = (try? SystemFile.open("/dev/null", flags: O_WRONLY | O_CLOEXEC)) ?? -1
  }

  /// Sends standard output and error to the memory file.
  package func begin() {
    guard capture >= 0 else { return }
    _ = dup2(capture, 1)
    _ = dup2(capture, 2)
  }

  /// Sends standard output and error to `/dev/null` again.
  package func end() {
    guard capture >= 0 else { return }
    _ = dup2(quiet, 1)
    _ = dup2(quiet, 2)
  }

  /// Runs `body` with standard output and error sent to the memory file.
  package func capturing<Result>(_ body: () -> Result) -> Result {
    begin()
    defer { end() }
    return body()
  }

  /// What was written since the last call, if anything: its size in bytes and its first `limit` bytes. The memory
  /// file is emptied.
  package func take(limit: Int) -> (size: Int, prefix: [UInt8])? {
    guard capture >= 0, let info = try? SystemFile.status(capture), info.st_size > 0 else { return nil }
    defer {
      _ = try? SystemFile.truncate(capture, to: 0)
      _ = lseek(capture, 0, SEEK_SET)
    }
    var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), limit))
    let count = bytes.withUnsafeMutableBytes { (try? SystemFile.readFully(capture, into: $0, at: 0)) ?? 0 }
    return (Int(info.st_size), Array(bytes.prefix(count)))
  }
}
