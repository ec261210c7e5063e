import Foundation
import StagehandTestSupport
import Testing

/// A style whose default duration and steps last 1e300 s (finite, so the loader accepts it): every command that turns
/// it into frames or keyframes refuses it by its length, and none traps converting it to a count.
@Suite("A style that lasts 1e300 s")
struct LongStyleTests {
  /// The endless library, compiled once per test run into a directory removed at exit.
  static let plugins: Result<URL, Error> = Result {
    let directory = try CFixture.temporaryDirectory("long-plugins")
    atexit { try? FileManager.default.removeItem(at: LongStyleTests.plugins.get()) }
    let source = HostileSources.plugin.replacingOccurrences(
      of: "host->begin_step(builder, 0.3, SH_CURVE_EASE_IN_OUT)",
      with: "host->begin_step(builder, 1e300, SH_CURVE_LINEAR)"
    ).replacingOccurrences(of: ".default_duration = 0.3,", with: ".default_duration = 1e300,")
    try CFixture.compile(source, into: directory, name: "libendless.so")
    return directory
  }

  /// A directory of a test's own, and an environment that finds the endless library, with a cache in that directory.
  static func sandbox(_ label: String) throws -> (URL, [String: String]) {
    let root = try CFixture.temporaryDirectory(label)
    var environment = cleanEnvironment
    environment["STAGEHAND_PLUGIN_PATH"] = try plugins.get().path
    environment["XDG_CACHE_HOME"] = root.appendingPathComponent("cache").path
    return (root, environment)
  }

  @Test(
    "render and export refuse it by its length (64), with a message that says what to give",
    arguments: [
      (["render", "wobble", "--size", "64x64", "-o", "out.webp"], "would take more than"),
      (["export", "wobble", "--format", "json", "-o", "out.json"], "longer than the 600 s an export covers"),
      (["export", "wobble", "--format", "css", "-o", "out.css"], "longer than the 600 s an export covers"),
    ])
  func refused(_ arguments: [String], _ message: String) throws {
    let (root, environment) = try Self.sandbox("long-refused")
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try runStagehand(
      arguments.map { $0.hasPrefix("out.") ? root.appendingPathComponent($0).path : $0 }, environment: environment)
    #expect(result.status == 64, "\(result.standardError)")
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent(arguments.last!).path))
  }

  @Test("the gallery shows it without pictures, says why, writes the rest and exits 1")
  func gallery() throws {
    let (root, environment) = try Self.sandbox("long-gallery")
    defer { try? FileManager.default.removeItem(at: root) }
    let output = root.appendingPathComponent("gallery").path
    // The smallest pictures, one frame a second: what is checked is the refusal, not the pictures.
    let result = try runStagehand(["gallery", "-o", output, "--size", "16x16", "--fps", "1"], environment: environment)
    #expect(result.status == 1)
    #expect(result.standardError.contains("it lasts 1e+300 s, longer than the 600 s a gallery shows"))
    #expect(FileManager.default.fileExists(atPath: output + "/index.html"))
    #expect(FileManager.default.fileExists(atPath: output + "/org.stagehand.push_push.forward.webp"))
  }
}
