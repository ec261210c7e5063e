import Foundation
import StagehandTestSupport
import Testing

@Suite("stagehand check: the validator on the command line")
struct CheckCommandTests {
  /// The bundled plugin libraries next to the built executable.
  static let bundled = [
    "Clip", "Cover", "CrossDissolve", "Cube", "Door", "Emerge", "ExampleZoom", "FadeThrough", "Flip", "Flow", "None",
    "Push", "Reveal", "Rotate", "Spring", "ZoomThrough",
  ].map {
    BuiltProducts.directory.appendingPathComponent("libStagehand\($0).so").path
  }

  @Test("every bundled plugin passes check --strict, each on a summary line with no finding", arguments: bundled)
  func bundledPassStrictly(_ library: String) throws {
    let result = try runStagehand(["check", "--strict", library], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("\(library) (org."))
    #expect(result.standardOutput.hasSuffix(" builds\n") && result.standardOutput.contains(": 0 errors, 0 warnings, "))
    #expect((Int(result.buildCount) ?? 0) > 0, "\(result.standardOutput)")
    #expect(result.standardError == "")
  }

  @Test("--json gives one report per library, and a directory's libraries are all checked")
  func json() throws {
    let result = try runStagehand(
      ["check", "--json", BuiltProducts.directory.path], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let reports = document?["libraries"] as? [[String: Any]]
    #expect(Set(reports?.compactMap { $0["library"] as? String } ?? []) == Set(Self.bundled))
    #expect(reports?.allSatisfy { ($0["findings"] as? [Any])?.isEmpty == true } == true)
  }

  @Test("a warning passes without --strict (exit 0) and fails with it (exit 1); a usage error exits 64")
  func exitCodes() throws {
    let directory = try CFixture.temporaryDirectory("check-cli")
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = FixtureSources.plugin.replacingOccurrences(of: "\"MIT\"", with: "\"all rights reserved\"")
    let library = try CFixture.compile(
      source, into: directory, name: "libodd-license.so", flags: ["-fvisibility=hidden"])
    let lenient = try runStagehand(["check", library], environment: cleanEnvironment)
    #expect(lenient.status == 0, "\(lenient.standardOutput)")
    #expect(lenient.standardOutput.contains("warning (section 12): the license 'all rights reserved'"))
    let strict = try runStagehand(["check", "--strict", library], environment: cleanEnvironment)
    #expect(strict.status == 1)
    let usage = try runStagehand(["check", "--timeout", "soon", library], environment: cleanEnvironment)
    #expect(usage.status == 64)
    #expect(usage.standardError.contains("--timeout 'soon' is not valid"))
  }
}

extension ProcessResult {
  /// The build count of a one-library summary line.
  fileprivate var buildCount: String {
    standardOutput.split(separator: " ").dropLast().last.map(String.init) ?? "?"
  }
}
