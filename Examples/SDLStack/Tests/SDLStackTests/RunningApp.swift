import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The SDLStack executable started on a display with `--report`, whose report lines the test reads as they come.
final class RunningApp {
  /// The executable SwiftPM built next to this test binary.
  static var executable: String {
    let test = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
    return URL(fileURLWithPath: test).deletingLastPathComponent().appendingPathComponent("SDLStack").path
  }

  private let process = Process()
  private var reader: LineReader
  /// Every line read so far, to show when a wait fails.
  private(set) var lines: [String] = []

  init(display: String, arguments: [String]) throws {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: Self.executable)
    process.arguments = arguments + ["--report"]
    let environment = ProcessInfo.processInfo.environment
    process.environment = [
      "DISPLAY": display, "PATH": "/usr/bin:/bin", "HOME": environment["HOME"] ?? "/tmp",
      "XDG_CACHE_HOME": environment["XDG_CACHE_HOME"] ?? NSTemporaryDirectory(),
    ]
    process.standardOutput = output
    reader = LineReader(output.fileHandleForReading.fileDescriptor)
    try process.run()
  }

  deinit {
    // SIGKILL: a process started from the test binary may have SIGTERM blocked. Its plugin process sees its
    // request pipe close and exits by itself.
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// The first line from now on that `matches` accepts; throws, with the lines read, when none comes within
  /// `seconds` (a generous limit: it only stops a test that would otherwise wait forever).
  func line(within seconds: Double = 60, where matches: (String) -> Bool) throws -> String {
    let deadline = Date().addingTimeInterval(seconds)
    while deadline.timeIntervalSinceNow > 0 {
      guard let line = reader.next(within: deadline.timeIntervalSinceNow) else { break }
      lines.append(line)
      if matches(line) { return line }
    }
    throw XToolError("SDLStack printed no such line within \(seconds) s; it printed:\n" + lines.joined(separator: "\n"))
  }

  /// The process id, for `/proc` and signals.
  var processIdentifier: Int32 { process.processIdentifier }

  /// Sends `signal` and waits for the process to exit, at most `seconds` (a generous limit: it only stops a test that
  /// would otherwise wait forever); returns how it ended, or nil if it is still running then.
  func end(with signal: Int32, within seconds: Double = 30) -> (reason: Process.TerminationReason, status: Int32)? {
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && deadline.timeIntervalSinceNow > 0 { usleep(10_000) }
    guard !process.isRunning else { return nil }
    return (process.terminationReason, process.terminationStatus)
  }

  /// The value of `key=value` in a report line.
  static func value(_ key: String, in line: String) -> String? {
    line.split(separator: " ").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
  }
}
