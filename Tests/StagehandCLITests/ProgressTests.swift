import Foundation
import StagehandTestSupport
import Testing

/// The progress line of long work on standard error: on a terminal only, cleared before the output.
@Suite("Progress on a terminal")
struct ProgressTests {
  /// Two bundled libraries to check.
  static let libraries = ["libStagehandPush.so", "libStagehandFlip.so"].map {
    BuiltProducts.directory.appendingPathComponent($0).path
  }

  /// An environment where the line shows at once (the work of a test is quicker than the second a user waits).
  static func environment(cache: URL) -> [String: String] {
    var environment = cleanEnvironment
    environment["TERM"] = "xterm-256color"
    environment["STAGEHAND_PROGRESS_AFTER"] = "0"
    environment["XDG_CACHE_HOME"] = cache.path
    return environment
  }

  /// The text of `screen` after the last progress line that says `label`, which must be there.
  static func afterLastLine(_ screen: String, _ label: String) throws -> Substring {
    let line = try #require(screen.range(of: "stagehand: \(label): ", options: .backwards), "no progress line")
    return screen[line.upperBound...]
  }

  @Test("check of several libraries shows which library it checks, then clears the line before its report")
  func check() throws {
    let root = try CFixture.temporaryDirectory("progress-check")
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try TerminalRun(
      ["check"] + Self.libraries, environment: Self.environment(cache: root.appendingPathComponent("cache")),
      root: root)
    defer { run.finish() }
    #expect(run.wait(seconds: 120) { !run.process.isRunning }, "it finished")
    #expect(run.process.terminationStatus == 0)
    let screen = run.body
    #expect(screen.contains("stagehand: checking plugin libraries: 0/2 \(Self.libraries[0])"), "\(screen)")
    let after = try Self.afterLastLine(screen, "checking plugin libraries")
    let cleared = try #require(after.range(of: "\r\u{1B}[K"), "the line is cleared")
    #expect(after[cleared.upperBound...].hasPrefix(Self.libraries[0]), "the report follows the cleared line")
    #expect(screen.contains("2 of 2 libraries passed\r\n"))
  }

  @Test("a cold catalog shows the scan's progress, cleared before the table")
  func coldList() throws {
    let root = try CFixture.temporaryDirectory("progress-list")
    defer { try? FileManager.default.removeItem(at: root) }
    let run = try TerminalRun(
      ["list"], environment: Self.environment(cache: root.appendingPathComponent("cache")), root: root)
    defer { run.finish() }
    #expect(run.wait(seconds: 120) { !run.process.isRunning }, "it finished")
    #expect(run.process.terminationStatus == 0)
    let after = try Self.afterLastLine(run.body, "scanning plugin libraries")
    let cleared = try #require(after.range(of: "\r\u{1B}[K"), "the line is cleared")
    #expect(after[cleared.upperBound...].hasPrefix("STYLE"), "the table follows the cleared line")

    // Warm: nothing is scanned, and no line is shown.
    let warm = try TerminalRun(
      ["list"], environment: Self.environment(cache: root.appendingPathComponent("cache")), root: root)
    defer { warm.finish() }
    #expect(warm.wait(seconds: 120) { !warm.process.isRunning }, "it finished")
    #expect(!warm.body.contains("scanning plugin libraries"))
  }

  @Test("no progress line when standard error is not a terminal")
  func notATerminal() throws {
    let root = try CFixture.temporaryDirectory("progress-pipe")
    defer { try? FileManager.default.removeItem(at: root) }
    let environment = Self.environment(cache: root.appendingPathComponent("cache"))
    let check = try runStagehand(["check"] + Self.libraries, environment: environment)
    #expect(check.status == 0 && check.standardError.isEmpty, "\(check.standardError)")
    let list = try runStagehand(["list"], environment: environment)
    #expect(list.status == 0 && list.standardError.isEmpty, "\(list.standardError)")
  }
}
