import Foundation
import StagehandTestSupport
import Testing

/// `stagehand plugins --dirs` and `--cflags`: one rule for where plugins go and where the header is, printed by the
/// host itself; and "unknown style" names the directories it searched.
@Suite("Where plugins go: plugins --dirs, --cflags, and the directories an unknown style names")
struct PluginDirectoriesTests {
  /// The clean environment with a data home of its own and one directory on STAGEHAND_PLUGIN_PATH.
  static func environment(_ root: URL) -> [String: String] {
    var environment = cleanEnvironment
    environment["XDG_DATA_HOME"] = root.appendingPathComponent("data").path
    environment["STAGEHAND_PLUGIN_PATH"] = root.appendingPathComponent("mine").path
    return environment
  }

  @Test("--dirs lists the search path in order, marks the user's directory (XDG_DATA_HOME) and names the header")
  func directories() throws {
    let root = try CFixture.temporaryDirectory("dirs")
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try runStagehand(["plugins", "--dirs"], environment: Self.environment(root))
    #expect(result.status == 0, "\(result.standardError)")
    let user = root.appendingPathComponent("data/stagehand/plugins").path
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "Plugins are looked for in these directories, in order (the first holding a plugin id wins):")
    #expect(lines.dropFirst().first == "  " + root.appendingPathComponent("mine").path)
    #expect(lines.dropFirst(2).first == "  \(user)   (yours: install your plugins here)")
    #expect(lines.contains("Your plugin directory: \(user)"))
    let header = CFixture.repositoryRoot.appendingPathComponent("Sources/CStagehandPlugin/include").path
    #expect(lines.last == "The plugin header, stagehand_plugin.h: \(header)", "\(lines)")
  }

  @Test("--dirs --json gives the same for scripts; a relative XDG_DATA_HOME falls back to HOME, as the search does")
  func directoriesAsJSON() throws {
    let root = try CFixture.temporaryDirectory("dirs-json")
    defer { try? FileManager.default.removeItem(at: root) }
    var environment = Self.environment(root)
    environment["XDG_DATA_HOME"] = "relative/data"
    environment["HOME"] = root.path
    let result = try runStagehand(["plugins", "--dirs", "--json"], environment: environment)
    #expect(result.status == 0, "\(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let user = root.path + "/.local/share/stagehand/plugins"
    #expect(object["userDirectory"] as? String == user)
    let searchPath = try #require(object["searchPath"] as? [String])
    #expect(searchPath.prefix(2) == [root.appendingPathComponent("mine").path, user])
    #expect(object["headerDirectory"] as? String == CFixture.repositoryRoot.path + "/Sources/CStagehandPlugin/include")
  }

  @Test("--cflags prints -I and the header's folder, which holds stagehand_plugin.h")
  func compilerFlags() throws {
    let result = try runStagehand(["plugins", "--cflags"], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("-I") && result.standardOutput.hasSuffix("\n"))
    let folder = String(result.standardOutput.dropFirst(2).dropLast())
    #expect(FileManager.default.fileExists(atPath: folder + "/stagehand_plugin.h"), "\(folder)")
  }

  @Test(
    "flags that print different things are refused together, exit 64",
    arguments: [["--dirs", "--cflags"], ["--cflags", "--json"]])
  func conflictingFlags(_ flags: [String]) throws {
    let result = try runStagehand(["plugins"] + flags, environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix("stagehand: error: --"), "\(result.standardError)")
  }

  @Test("an unknown style names the directories searched, STAGEHAND_PLUGIN_PATH and XDG_DATA_HOME's among them")
  func unknownStyleNamesTheSearchPath() throws {
    let root = try CFixture.temporaryDirectory("dirs-unknown")
    defer { try? FileManager.default.removeItem(at: root) }
    let result = try runStagehand(["info", "no-such-style"], environment: Self.environment(root))
    #expect(result.status == 64)
    let mine = root.appendingPathComponent("mine").path
    let user = root.appendingPathComponent("data/stagehand/plugins").path
    #expect(
      result.standardError.contains("Plugins were looked for in \(mine), \(user), /usr/local/lib/stagehand/plugins"),
      "\(result.standardError)")
  }
}
