import CStagehandSystem
import FoundationEssentials
import StagehandCatalog
import StagehandSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Checks a library in a child process (`stagehand-scanner check`), with a time limit, so that a library that
/// crashes, hangs or exits is reported as such, with what was being done at that moment, and harms nothing else.
public struct IsolatedCheck: Sendable {
  /// The `stagehand-scanner` executable.
  public var executable: String
  /// The time limit for the whole check of one library, in seconds.
  public var timeout: Double
  /// The `plugin-id:name` of every style and preset of the installed catalog, against which reduced-motion fallbacks
  /// into other plugins are resolved (`resolvingFallbacks(_:)`); nil when no catalog is known.
  public var installed: Set<String>?

  /// The default time limit, in seconds: a few thousand builds of a well-behaved plugin take well under one.
  public static let defaultTimeout = 60.0

  /// Creates a checker that runs `executable`.
  public init(executable: String, timeout: Double = IsolatedCheck.defaultTimeout) {
    self.executable = executable
    self.timeout = timeout
  }

  /// Checks the library at `path`: opens it, then runs the child on that open file.
  public func check(_ path: String) -> CheckReport {
    var report = CheckReport(library: path)
    let notRegular = Refusal(finding: CheckFinding(.error, section: 1, "is not a regular file"))
    let descriptor: Int32
    do {
      (descriptor, _) = try SystemFile.openChecked(path, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK) { error in
        guard error.call == "open" else { return notRegular }
        return Refusal(finding: CheckFinding(.error, section: 1, "cannot be opened: \(error.reason)"))
      } check: { info throws(Refusal) in
        guard SystemFile.isRegular(info) else { throw notRegular }
      }
    } catch {
      report.findings.append(error.finding)
      return report
    }
    defer { SystemFile.close(descriptor) }
    var ends: [Int32] = [-1, -1]
    let piped = sh_system_pipe(&ends)
    guard piped == 0 else { return failed(report, "cannot create a pipe: \(SystemCallError.reason(-piped))") }
    let arguments = [executable, "check", "--first-descriptor", "4", path]
    let environment = ScannerChildProcess.environment  // the scanner's: the Swift backtracer off
    var descriptors = [descriptor]
    let pid = withCStrings(arguments) { argv in
      withCStrings(environment) { envp in
        sh_system_spawn(executable, argv, envp, ends[1], &descriptors, 1, 4)
      }
    }
    SystemFile.close(ends[1])
    guard pid > 0 else {
      SystemFile.close(ends[0])
      return failed(
        report,
        "cannot start the validator \(executable): \(SystemCallError.reason(-pid)); check that "
          + "stagehand-scanner is installed next to stagehand, or set STAGEHAND_SCANNER to its path")
    }
    defer { SystemFile.close(ends[0]) }
    return resolvingFallbacks(wait(for: pid, reading: ends[0], report))
  }

  /// Reads the child's lines until its report, its death or the time limit.
  private func wait(for pid: pid_t, reading pipe: Int32, _ report: CheckReport) -> CheckReport {
    var report = report
    var buffer: [UInt8] = []
    var doing = "starting"
    let deadline = ContinuousClock.now + .seconds(timeout)
    while true {
      let left = deadline - .now
      guard left > .zero else {
        kill(pid, SIGKILL)
        _ = reap(pid)
        return failed(report, "did not finish within \(Int(timeout)) s while \(doing); the check was stopped")
      }
      var poller = pollfd(fd: pipe, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(min(1000, max(1, left / .milliseconds(1)))))
      if ready < 0 && errno != EINTR { break }
      guard ready > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let count = chunk.withUnsafeMutableBytes { read(pipe, $0.baseAddress, $0.count) }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard count > 0 else { break }
      buffer += chunk[0..<count]
      while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = buffer[..<newline]
        buffer.removeFirst(newline + 1)
        switch try? JSONDecoder().decode(CheckMessage.self, from: Data(line)) {
        case .progress(let what): doing = what
        case .report(let answered):
          _ = reap(pid)
          report.plugin = answered.plugin
          report.builds = answered.builds
          report.fallbacksToOtherPlugins = answered.fallbacksToOtherPlugins
          report.findings += answered.findings
          return report
        case nil:
          kill(pid, SIGKILL)
          _ = reap(pid)
          return failed(report, "the validator's child answered something unreadable while \(doing)")
        }
      }
    }
    let status = reap(pid)
    let signal = status & 0x7f
    let how =
      signal != 0
      ? "crashed with signal \(signal)\(signal == 11 ? " (SIGSEGV)" : signal == 6 ? " (SIGABRT)" : "")"
      : "exited with status \((status >> 8) & 0xff)"
    return failed(report, "\(how) while \(doing); a plugin must not crash or end the process (section 7)")
  }

  private func failed(_ report: CheckReport, _ message: String) -> CheckReport {
    var report = report
    report.findings.append(CheckFinding(.error, section: 7, message))
    return report
  }

  private func reap(_ pid: pid_t) -> Int32 {
    SystemFile.waitForExit(pid) ?? 0
  }
}

/// Why a library was not handed to the validator: the finding that says so.
private struct Refusal: Error {
  var finding: CheckFinding
}
