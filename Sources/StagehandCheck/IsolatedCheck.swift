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
    let ends: (read: Int32, write: Int32)
    do {
      ends = try SystemFile.pipe()
    } catch {
      return failed(report, "cannot create a pipe: \(error.reason)")
    }
    let arguments = ["check", "--first-descriptor", "4", path]
    let started = Result { () throws(SystemCallError) in
      // The scanner's environment: the Swift backtracer off.
      try ChildProcess.startIsolated(
        executable, arguments: arguments, environment: ScannerChildProcess.environment, channel: ends.write,
        descriptors: [descriptor])
    }
    SystemFile.close(ends.write)
    defer { SystemFile.close(ends.read) }
    switch started {
    case .success(let child):
      return resolvingFallbacks(wait(for: child, reading: ends.read, report))
    case .failure(let error):
      return failed(
        report,
        "cannot start the validator \(executable): \(error.reason); check that "
          + "stagehand-scanner is installed next to stagehand, or set STAGEHAND_SCANNER to its path")
    }
  }

  /// Reads the child's lines until its report, its death or the time limit.
  private func wait(for child: ChildProcess, reading pipe: Int32, _ report: CheckReport) -> CheckReport {
    var report = report
    var buffer: [UInt8] = []
    var doing = "starting"
    let deadline = ContinuousClock.now + .seconds(timeout)
    var chunk = [UInt8](repeating: 0, count: 65536)
    reading: while true {
      let left = deadline - .now
      guard left > .zero else {
        child.kill()
        return failed(report, "did not finish within \(Int(timeout)) s while \(doing); the check was stopped")
      }
      let milliseconds = Int32(min(1000, max(1, left / .milliseconds(1))))
      do throws(SystemCallError) {
        guard try SystemFile.waitReadable([pipe], milliseconds: milliseconds)[0] else { continue }
        let count = try chunk.withUnsafeMutableBytes { bytes in
          Result { () throws(SystemCallError) in try SystemFile.readAvailable(pipe, into: bytes) }
        }.get()
        guard let count else { continue }
        guard count > 0 else { break reading }
        buffer += chunk[0..<count]
      } catch {
        break reading
      }
      while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = buffer[..<newline]
        buffer.removeFirst(newline + 1)
        switch try? JSONDecoder().decode(CheckMessage.self, from: Data(line)) {
        case .progress(let what): doing = what
        case .report(let answered):
          child.waitForExit()
          report.plugin = answered.plugin
          report.builds = answered.builds
          report.fallbacksToOtherPlugins = answered.fallbacksToOtherPlugins
          report.findings += answered.findings
          return report
        case nil:
          child.kill()
          return failed(report, "the validator's child answered something unreadable while \(doing)")
        }
      }
    }
    let how =
      switch child.waitForExit() ?? .exited(0) {
      case .signaled(let signal):
        "crashed with signal \(signal)\(signal == 11 ? " (SIGSEGV)" : signal == 6 ? " (SIGABRT)" : "")"
      case .exited(let code): "exited with status \(code)"
      }
    return failed(report, "\(how) while \(doing); a plugin must not crash or end the process (section 7)")
  }

  private func failed(_ report: CheckReport, _ message: String) -> CheckReport {
    var report = report
    report.findings.append(CheckFinding(.error, section: 7, message))
    return report
  }
}

/// Why a library was not handed to the validator: the finding that says so.
private struct Refusal: Error {
  var finding: CheckFinding
}
