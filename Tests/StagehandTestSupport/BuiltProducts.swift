import Foundation

/// Where the products of the build (the `stagehand` binary, the plugin libraries) are found by tests.
public enum BuiltProducts {
  /// `STAGEHAND_BUILD_DIR` when set, else the directory of the running test binary, where SwiftPM puts every product.
  public static var directory: URL {
    if let override = ProcessInfo.processInfo.environment["STAGEHAND_BUILD_DIR"], !override.isEmpty {
      return URL(fileURLWithPath: override, isDirectory: true)
    }
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return executable.deletingLastPathComponent()
  }

  /// The built `stagehand` binary.
  public static var stagehand: URL { directory.appendingPathComponent("stagehand") }

  /// The built `stagehand-scanner` binary.
  public static var scanner: URL { directory.appendingPathComponent("stagehand-scanner") }

  /// A directory for the registry caches of this test process (`XDG_CACHE_HOME` of the commands it runs), removed
  /// when the process exits.
  public static let cacheHome: String = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stagehand-cache-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: BuiltProducts.cacheHome) }
    return url.path
  }()

  /// The path of a registry cache of this test process's own.
  public static var cachePath: String { cacheHome + "/stagehand/registry.cache" }

  /// The sanitizers' options of this test process (`ASAN_OPTIONS`, `LSAN_OPTIONS`, `TSAN_OPTIONS`, `UBSAN_OPTIONS`),
  /// for the environments the tests give the commands they run: in a sanitizer build (`.ci/run`) the commands and
  /// their scanner are sanitized too, and need the same suppressions and signal handling. Empty in other runs.
  public static let sanitizerOptions: [String: String] = ProcessInfo.processInfo.environment.filter {
    ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"].contains($0.key)
  }
}

/// What a finished process printed and how it exited.
public struct ProcessResult: Sendable {
  /// The exit status, or the signal number for a process killed by a signal.
  public var status: Int32
  /// Everything written to standard output.
  public var standardOutput: String
  /// Everything written to standard error.
  public var standardError: String
  /// How long the process ran, in seconds.
  public var seconds: Double = 0
  /// Whether it was killed because it ran past the time limit given to `run`.
  public var timedOut = false
}

/// Runs `executable` with `arguments` and an optional environment, waits for it, and returns what it printed; past
/// `timeLimit` seconds it is killed (and `timedOut` is set), so that a test never waits forever.
public func run(
  _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, timeLimit: Double = 120
) throws -> ProcessResult {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stagehand-run-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let outURL = directory.appendingPathComponent("out")
  let errURL = directory.appendingPathComponent("err")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let out = try FileHandle(forWritingTo: outURL)
  let err = try FileHandle(forWritingTo: errURL)
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let environment { process.environment = environment }
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  // Foundation's `waitUntilExit` on any thread but the one that started the process spins without sleeping (that
  // thread's run loop has no source, so each turn returns at once): a waiter thread burnt a processor core for as
  // long as the command ran, about half of the test command's processor time. The termination handler is called
  // from Foundation's own thread once the process has been reaped; `waitUntilExit` then returns at once and lets the
  // process object go.
  let finished = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in finished.signal() }
  let start = ContinuousClock.now
  try process.run()
  let timedOut = finished.wait(timeout: .now() + timeLimit) == .timedOut
  if timedOut {
    kill(process.processIdentifier, SIGKILL)
    finished.wait()
  }
  process.waitUntilExit()
  let seconds = (ContinuousClock.now - start) / .seconds(1)
  try out.close()
  try err.close()
  return ProcessResult(
    status: process.terminationStatus,
    standardOutput: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
    standardError: String(decoding: try Data(contentsOf: errURL), as: UTF8.self), seconds: seconds,
    timedOut: timedOut)
}

/// Runs the built `stagehand` binary.
public func runStagehand(_ arguments: [String], environment: [String: String]? = nil, timeLimit: Double = 120) throws
  -> ProcessResult
{
  try run(BuiltProducts.stagehand, arguments, environment: environment, timeLimit: timeLimit)
}

/// The toolchain's programs (`swift`, `swiftc`): found on PATH, else in this machine's toolchain at /opt/swift.
public enum Toolchain {
  /// The path of the toolchain program `name`.
  public static func path(of name: String) -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    for directory in path.split(separator: ":") + ["/opt/swift/usr/bin"] {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return "/usr/bin/\(name)"
  }
}
