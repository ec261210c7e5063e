import Foundation
import StagehandTestSupport
import Testing

/// A bare name that two plugins provide plays the one found first on the search path, as plugin ids do; one warning
/// names both; `list` and `info` say which one a bare name reaches.
@Suite("Names several plugins provide")
struct NamePrecedenceTests {
  /// A third-party plugin `org.example.hostile` whose one style is named `push`, on `STAGEHAND_PLUGIN_PATH`, before
  /// the bundled `org.stagehand.push`; the bundled libraries come already scanned.
  struct Setup {
    let root: URL
    let environment: [String: String]

    init() throws {
      root = try CFixture.temporaryDirectory("name-precedence")
      let plugins = root.appendingPathComponent("plugins")
      try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
      _ = try CFixture.compile(
        HostileSources.plugin, into: plugins, name: "libthird-push.so", flags: ["-DSTYLE_NAME=\"push\""])
      environment = try environmentWithBundledScanned(cacheUnder: root, pluginPath: plugins.path)
    }

    func stagehand(_ arguments: [String]) throws -> ProcessResult {
      try runStagehand(arguments, environment: environment)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  static let warning =
    "stagehand: warning: 'push' is provided by several plugins: 'push' plays org.example.hostile:push, which comes "
    + "first in the search path; name org.stagehand.push:push in full to play it"

  @Test("the bare name plays the first plugin's style, with one warning naming both; the qualified names reach each")
  func bareNamePlaysTheFirst() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let preview = try setup.stagehand(["preview", "push"])
    #expect(preview.status == 0, "\(preview.standardError)")
    #expect(preview.standardOutput.hasPrefix("push (style, plugin org.example.hostile)"), "\(preview.standardOutput)")
    #expect(preview.standardError.components(separatedBy: Self.warning).count == 2, "\(preview.standardError)")
    let bundled = try setup.stagehand(["preview", "org.stagehand.push:push"])
    #expect(bundled.status == 0, "\(bundled.standardError)")
    #expect(bundled.standardOutput.hasPrefix("push (style, plugin org.stagehand.push)"), "\(bundled.standardOutput)")
    // The bundled plugin's presets, which no other plugin names, are untouched.
    let preset = try setup.stagehand(["preview", "push-from-left"])
    #expect(preset.status == 0, "\(preset.standardError)")
  }

  @Test("list marks the shadowed style; info says which one plays and why")
  func listAndInfoSayWhichPlays() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let list = try setup.stagehand(["list"])
    #expect(list.status == 0)
    #expect(list.standardOutput.contains("\npush (shadowed by org.example.hostile:push) "), "\(list.standardOutput)")
    #expect(list.standardOutput.contains("\npush  "), "the first is listed by its bare name")
    let json = try setup.stagehand(["list", "--json"])
    #expect(json.standardOutput.contains("\"shadowedBy\" : \"org.example.hostile:push\""))
    let first = try setup.stagehand(["info", "push"])
    #expect(first.status == 0)
    #expect(first.standardOutput.contains("qualified name: org.example.hostile:push"))
    #expect(
      first.standardOutput.contains(
        "shadows: org.stagehand.push:push (the same name, from a plugin later in the search path; 'push' plays this one)"
      ))
    let second = try setup.stagehand(["info", "org.stagehand.push:push"])
    #expect(second.status == 0)
    #expect(
      second.standardOutput.contains(
        "shadowed by: org.example.hostile:push (the same name, from a plugin earlier in the search path; 'push' plays "
          + "that one, name this one in full as org.stagehand.push:push)"))
  }
}
