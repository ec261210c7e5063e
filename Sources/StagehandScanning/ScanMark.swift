import StagehandCache
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// A "scan in progress" mark: a small file a host leaves beside the registry cache while its scanner children scan,
/// naming the libraries being scanned, and removes once their outcomes are in the cache.
///
/// The sandbox keeps a scanned library from signalling the host, but a host can still end during a scan for reasons
/// a library may cause (the kernel's out-of-memory killer chooses the host, a debugger, a machine that stops). A mark
/// left by a host that is gone says which libraries were being scanned then:
/// - those of a batch become suspects: the next scan scans each of them alone, under a mark of its own;
/// - a library whose scan alone was under way when its host ended is quarantined (``QuarantineReason/hostEnded``),
///   without loading it again; a later `stagehand scan` tries it once more, as it does a timeout.
///
/// File: `registry.cache.scanning-PID` beside the cache; a first line `stagehand-scan-mark 1`, a second line with the
/// host's pid, its start time (field 22 of `/proc/PID/stat`, so that a reused pid is not taken for the host) and
/// `1` when the mark is of one library scanned alone, else `0`; then each library's path followed by a NUL byte.
/// A signal that the command handles (SIGINT, SIGTERM, SIGHUP) removes the mark, as it removes temporary files.
package struct ScanMark {
  /// The mark's path.
  var path: String { recorded.path }
  /// The path, recorded for the signal handler, which removes the mark when SIGINT, SIGTERM or SIGHUP ends the host.
  private let recorded: TemporaryPath

  private static let header = "stagehand-scan-mark 1"

  /// Scans `requests` with `scanner` under marks beside the cache at `cachePath` (none without a cache): first reads
  /// the marks ended hosts left; a library scanned alone when its host ended is quarantined without being loaded,
  /// the suspects among `requests` are scanned one at a time, each under a mark of its own, then the others together
  /// under one mark. Each mark is removed once its scan is over. One outcome per request, in order.
  package static func scan(
    _ requests: [ScanRequest], with scanner: PluginScanner, besideCache cachePath: String?,
    progress: ((Int, Int) -> Void)?
  ) throws(ScannerError) -> [ScanOutcome] {
    guard let cachePath else { return try scanner.scan(requests, progress: progress) }
    let left = collectLeft(beside: cachePath)
    var outcomes: [ScanOutcome?] = Array(repeating: nil, count: requests.count)
    var suspects: [Int] = []
    var others: [Int] = []
    for (index, request) in requests.enumerated() {
      if left.endedAlone.contains(request.path) {
        outcomes[index] = .quarantined(.hostEnded)
      } else if left.suspects.contains(request.path) {
        suspects.append(index)
      } else {
        others.append(index)
      }
    }
    for index in suspects {
      let mark = write(beside: cachePath, paths: [requests[index].path], alone: true)
      defer { mark?.remove() }
      outcomes[index] = try scanner.scan([requests[index]])[0]
    }
    if !others.isEmpty {
      let batch = others.map { requests[$0] }
      let mark = write(beside: cachePath, paths: batch.map(\.path), alone: false)
      defer { mark?.remove() }
      for (index, outcome) in zip(others, try scanner.scan(batch, progress: progress)) { outcomes[index] = outcome }
    }
    return outcomes.map { $0! }
  }

  /// Writes the mark of this host for `paths` beside the cache at `cachePath` (replacing the one it had); nil when it
  /// cannot be written (the scan goes on without it).
  static func write(beside cachePath: String, paths: [String], alone: Bool) -> ScanMark? {
    guard let me = ProcessStart.of("self") else { return nil }
    let path = "\(cachePath).scanning-\(SystemProcess.id)"
    let temporary = path + ".new"
    var bytes = Array("\(header)\n\(SystemProcess.id) \(me) \(alone ? 1 : 0)\n".utf8)
    for library in paths { bytes += Array(library.utf8) + [0] }
    // Both files are recorded for the signal handler before they can exist: the temporary one as it is created, the
    // mark before the rename makes it; a signal at any point leaves neither behind.
    let created = TemporaryPath.create(
      temporary, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode: 0o600)
    guard case .success(let (written, descriptor)) = created else { return nil }
    let whole = (try? SystemFile.writeAll(descriptor, bytes, path: temporary)) != nil
    SystemFile.close(descriptor)
    let mark = TemporaryPath.record(path)
    guard whole, (try? SystemFile.rename(temporary, to: path)) != nil else {
      written.remove()
      mark.forget()
      return nil
    }
    written.forget()
    return ScanMark(recorded: mark)
  }

  /// Removes the mark: the outcomes of its libraries are in the cache (or were never going to be).
  func remove() {
    recorded.remove()
  }

  /// What the marks of ended hosts say, read and removed.
  struct Left {
    /// Libraries that were scanned alone when their host ended.
    var endedAlone: Set<String> = []
    /// Libraries that were scanned in a batch when their host ended.
    var suspects: Set<String> = []
  }

  /// Reads the marks beside the cache at `cachePath` whose hosts have ended, and removes them; a mark that cannot be
  /// read is removed too. Marks of hosts that still run (another command scanning now) are left alone.
  static func collectLeft(beside cachePath: String) -> Left {
    var left = Left()
    let slash = cachePath.utf8.lastIndex(of: UInt8(ascii: "/"))
    let directory = slash.map { String(cachePath[..<$0]) } ?? "."
    let prefix = (slash.map { String(cachePath[cachePath.utf8.index(after: $0)...]) } ?? cachePath) + ".scanning-"
    guard let names = try? SystemDirectory.names(in: directory) else { return left }
    for name in names {
      guard name.hasPrefix(prefix), !name.hasSuffix(".new") else { continue }
      let path = directory + "/" + name
      guard let mark = read(path) else {
        SystemFile.removeIfPossible(path)
        continue
      }
      guard ProcessStart.of(String(mark.pid)) != mark.start else { continue }  // its host still runs
      if mark.alone, mark.libraries.count == 1 {
        left.endedAlone.formUnion(mark.libraries)
      } else {
        left.suspects.formUnion(mark.libraries)
      }
      SystemFile.removeIfPossible(path)
    }
    left.suspects.subtract(left.endedAlone)
    return left
  }

  /// A mark's contents, or nil when it is not a mark.
  private static func read(_ path: String) -> (pid: Int32, start: String, alone: Bool, libraries: [String])? {
    guard let bytes = WholeFileBytes.read(path, limit: 16 << 20) else { return nil }
    let lines = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
    guard lines.count == 3, String(decoding: lines[0], as: UTF8.self) == header else { return nil }
    let fields = String(decoding: lines[1], as: UTF8.self).split(separator: " ")
    guard fields.count == 3, let pid = Int32(fields[0]), pid > 0, fields[2] == "0" || fields[2] == "1" else {
      return nil
    }
    let libraries = lines[2].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    return (pid, String(fields[1]), fields[2] == "1", libraries)
  }
}

/// When a process started, as `/proc` says: field 22 of `/proc/PID/stat`, in clock ticks since boot.
enum ProcessStart {
  /// The start time of the process `pid` (a number, or `self`), or nil when there is no such process.
  static func of(_ pid: String) -> String? {
    guard let bytes = WholeFileBytes.read("/proc/\(pid)/stat", limit: 4096),
      let close = bytes.lastIndex(of: UInt8(ascii: ")"))
    else { return nil }
    // After the command name in parentheses: field 3 (the state) onwards.
    let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
    guard fields.count > 19 else { return nil }
    return String(decoding: fields[19], as: UTF8.self)
  }
}

/// Small files read whole.
enum WholeFileBytes {
  /// The bytes of the regular file at `path` (at most `limit`), or nil when it cannot be read.
  static func read(_ path: String, limit: Int) -> [UInt8]? {
    SystemFile.contents(of: path, flags: O_NONBLOCK | O_NOFOLLOW, limit: limit)
  }
}
