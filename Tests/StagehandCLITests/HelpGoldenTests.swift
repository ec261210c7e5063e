import Foundation
import StagehandTestSupport
import Testing

/// The help of `stagehand` and of every subcommand, compared with the golden files in Tests/StagehandCLITests/Golden
/// (help-stagehand.txt, help-SUBCOMMAND.txt): a change of an option, a default or a text shows in review.
///
/// To accept a change, run the tests with STAGEHAND_UPDATE_GOLDEN=1 (for example
/// `STAGEHAND_UPDATE_GOLDEN=1 swift test --skip-build --filter HelpGoldenTests`): each test whose help differs
/// rewrites its golden file and fails, so that an update never passes silently; run them again without the variable
/// and commit the files.
@Suite("The help of every command, against golden files")
struct HelpGoldenTests {
  /// Every subcommand of `stagehand`, the hidden `generate-manual` included.
  static let subcommands = [
    "list", "info", "preview", "render", "export", "gallery", "demo", "plugins", "scan", "check", "new-plugin",
    "manifest", "frei0r", "generate-manual",
  ]

  /// The environment of the runs: the clean one, with a fixed width (the argument parser wraps the help to COLUMNS,
  /// else to the terminal's width, else to 80 columns).
  static let environment = cleanEnvironment.merging(["COLUMNS": "100", "LINES": "50"]) { _, fixed in fixed }

  /// The folder of the golden files, next to this file.
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// Whether the run rewrites the golden files that differ (STAGEHAND_UPDATE_GOLDEN=1).
  static var updating: Bool { ProcessInfo.processInfo.environment["STAGEHAND_UPDATE_GOLDEN"] == "1" }

  @Test("stagehand --help and stagehand SUBCOMMAND --help print their golden text", arguments: [nil] + subcommands)
  func help(_ subcommand: String?) throws {
    let result = try runStagehand((subcommand.map { [$0] } ?? []) + ["--help"], environment: Self.environment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "")
    try Self.compare(result.standardOutput, golden: "help-\(subcommand ?? "stagehand").txt")
  }

  @Test("the golden files cover every subcommand that stagehand --help lists")
  func everySubcommandIsCovered() throws {
    let result = try runStagehand(["--help"], environment: Self.environment)
    let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "SUBCOMMANDS:"), "\(result.standardOutput)")
    // A subcommand's line starts with two spaces and its name; its abstract's continuation lines with more.
    let listed = lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line -> String? in
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
      return line.split(separator: " ").first.map(String.init)
    }
    #expect(listed.count > 10, "\(result.standardOutput)")
    #expect(Set(listed).isSubset(of: Self.subcommands), "listed: \(listed)")
  }

  /// Compares `text` with the golden file `name`; with STAGEHAND_UPDATE_GOLDEN=1, rewrites a file that differs (or is
  /// missing) and records an issue saying so.
  static func compare(_ text: String, golden name: String) throws {
    let url = goldenDirectory.appendingPathComponent(name)
    let golden = try? String(contentsOf: url, encoding: .utf8)
    guard golden != text else { return }
    if updating {
      try FileManager.default.createDirectory(at: goldenDirectory, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
      Issue.record("rewrote \(url.path); run the tests again without STAGEHAND_UPDATE_GOLDEN, and review the change")
      return
    }
    guard let golden else {
      Issue.record("\(url.path) is missing; run the tests with STAGEHAND_UPDATE_GOLDEN=1 to write it")
      return
    }
    let got = text.split(separator: "\n", omittingEmptySubsequences: false)
    let expected = golden.split(separator: "\n", omittingEmptySubsequences: false)
    let common = min(got.count, expected.count)
    let line = (0..<common).first { got[$0] != expected[$0] } ?? common
    Issue.record(
      """
      the output differs from \(url.path) at line \(line + 1):
        golden: \(line < expected.count ? String(expected[line]) : "(end)")
        output: \(line < got.count ? String(got[line]) : "(end)")
      If the change is meant, run the tests with STAGEHAND_UPDATE_GOLDEN=1 and commit the files.
      """)
  }
}
