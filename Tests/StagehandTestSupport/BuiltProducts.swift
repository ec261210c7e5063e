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
}

/// What a finished process printed and how it exited.
public struct ProcessResult: Sendable {
  /// The exit status, or the signal number for a process killed by a signal.
  public var status: Int32
  /// Everything written to standard output.
  public var standardOutput: String
  /// Everything written to standard error.
  public var standardError: String
}

/// Runs `executable` with `arguments` and an optional environment, waits for it, and returns what it printed.
public func run(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult
{
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
  try process.run()
  process.waitUntilExit()
  try out.close()
  try err.close()
  return ProcessResult(
    status: process.terminationStatus,
    standardOutput: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
    standardError: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// Runs the built `stagehand` binary.
public func runStagehand(_ arguments: [String], environment: [String: String]? = nil) throws -> ProcessResult {
  try run(BuiltProducts.stagehand, arguments, environment: environment)
}
