import Foundation

/// Builds real plugin libraries from C source at test time, into a fresh temporary directory.
public enum CFixture {
  /// The repository's root, found from this file's location.
  public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The directory of the plugin header.
  public static var headerDirectory: String {
    repositoryRoot.appendingPathComponent("Sources/CStagehandPlugin/include").path
  }

  /// A new empty temporary directory.
  public static func temporaryDirectory(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stagehand-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Compiles `source` into the shared library `directory/name` with the system C compiler; throws the compiler's
  /// output when it fails.
  @discardableResult
  public static func compile(_ source: String, into directory: URL, name: String, flags: [String] = []) throws -> String
  {
    let sourceURL = directory.appendingPathComponent(name + ".c")
    try source.write(to: sourceURL, atomically: true, encoding: .utf8)
    let output = directory.appendingPathComponent(name).path
    let result = try run(
      URL(fileURLWithPath: "/usr/bin/cc"),
      ["-std=c11", "-shared", "-fPIC", "-I", headerDirectory] + flags + ["-o", output, sourceURL.path])
    guard result.status == 0 else { throw CompileError(output: result.standardError) }
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
