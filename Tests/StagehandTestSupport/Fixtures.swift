import Foundation
import Synchronization

/// The temporary directories made by ``CFixture/temporaryDirectory(_:)``, removed when the test process exits.
private let madeDirectories = Mutex<[String]>([])

/// Registers the removal of `madeDirectories` at the test process's exit, once.
private let removalAtExit: Void = {
  atexit {
    for path in madeDirectories.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
  }
}()

/// Builds real plugin libraries from C source at test time, into a fresh temporary directory.
public enum CFixture {
  /// The repository's root, found from this file's location.
  public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The directory of the plugin header.
  public static var headerDirectory: String {
    repositoryRoot.appendingPathComponent("Sources/CStagehandPlugin/include").path
  }

  /// A new empty temporary directory, removed with what it holds when the test process exits (a test may remove it
  /// sooner); fixtures kept for a whole run (in a suite's static property) leave nothing behind.
  public static func temporaryDirectory(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stagehand-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    removalAtExit
    madeDirectories.withLock { $0.append(url.path) }
    return url
  }

  /// Compiles `source` into the shared library `directory/name` with the system C compiler; throws the compiler's
  /// output when it fails.
  ///
  /// The same source, flags and name compiled again in this test process is copied from the first compilation
  /// instead (the test command compiled about 200 libraries, many of them the same fixture for each case of a
  /// parameterized test). Each caller still gets a file of its own, free to rewrite, move or change the mode of.
  @discardableResult
  public static func compile(_ source: String, into directory: URL, name: String, flags: [String] = []) throws -> String
  {
    let sourceURL = directory.appendingPathComponent(name + ".c")
    try source.write(to: sourceURL, atomically: true, encoding: .utf8)
    let output = directory.appendingPathComponent(name).path
    let key = CompiledLibraries.Key(source: source, flags: flags, name: name)
    if let compiled = CompiledLibraries.path(for: key) {
      try? FileManager.default.removeItem(atPath: output)
      try FileManager.default.copyItem(atPath: compiled, toPath: output)
      return output
    }
    let result = try run(
      URL(fileURLWithPath: "/usr/bin/cc"),
      ["-std=c11", "-shared", "-fPIC", "-I", headerDirectory] + flags + ["-o", output, sourceURL.path])
    guard result.status == 0 else { throw CompileError(output: result.standardError) }
    CompiledLibraries.keep(output, for: key)
    return output
  }

  /// A compiler's complaint.
  public struct CompileError: Error, CustomStringConvertible {
    /// What the compiler printed.
    public var output: String
    /// The compiler's output.
    public var description: String { "cc failed:\n\(output)" }
  }
}

/// The libraries `CFixture.compile` has built in this test process, each kept as a copy in a directory removed when the
/// process exits.
enum CompiledLibraries {
  /// What decides a compilation's result: the source, the flags and the output's name.
  struct Key: Hashable {
    var source: String
    var flags: [String]
    var name: String
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var kept: [Key: String] = [:]
  private static let directory: URL? = {
    guard let url = try? CFixture.temporaryDirectory("compiled") else { return nil }
    atexit { if let url = CompiledLibraries.directory { try? FileManager.default.removeItem(at: url) } }
    return url
  }()

  /// The kept copy of the library compiled for `key`, if any.
  static func path(for key: Key) -> String? {
    lock.withLock { kept[key] }
  }

  /// Keeps a copy of the library at `path`, just compiled for `key`.
  static func keep(_ path: String, for key: Key) {
    guard let directory else { return }
    let copy = directory.appendingPathComponent(UUID().uuidString).path
    guard (try? FileManager.default.copyItem(atPath: path, toPath: copy)) != nil else { return }
    lock.withLock { kept[key] = kept[key] ?? copy }
  }
}
