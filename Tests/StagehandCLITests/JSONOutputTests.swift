import Foundation
import StagehandTestSupport
import Testing

/// The documented schema of every `--json` output, Docs/stagehand-output.schema.json, read at each use: a global
/// would keep its tree for the life of the process, and LeakSanitizer cannot follow the pointers Swift keeps in the
/// spare bits of an enum's payload, so it reported the whole tree as leaked.
var documentedSchema: JSONSchema {
  let url = CFixture.repositoryRoot.appendingPathComponent("Docs/stagehand-output.schema.json")
  let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
  return JSONSchema(text) ?? JSONSchema("{\"not\": \"a schema\"}")!
}

/// Runs `stagehand` and parses its standard output as JSON; records an issue when it exits with another status.
func stagehandJSON(
  _ arguments: [String], environment: [String: String], status: Int32 = 0,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> JSONNode {
  let result = try runStagehand(arguments, environment: environment)
  #expect(result.status == status, "\(arguments): \(result.standardError)", sourceLocation: sourceLocation)
  return try #require(
    JSONNode.parse(result.standardOutput), "\(arguments) printed no JSON: \(result.standardOutput)",
    sourceLocation: sourceLocation)
}

@Suite("The --json outputs: one vocabulary, a documented schema")
struct JSONOutputTests {
  /// A plugin directory with a library that warns in `check` (an odd license) and a file that is no library, and an
  /// environment that searches it with a cache of its own.
  struct Setup {
    var root: URL
    var warning: String
    var broken: String
    var environment: [String: String]

    init() throws {
      root = try CFixture.temporaryDirectory("json")
      let plugins = root.appendingPathComponent("plugins")
      try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
      let source = FixtureSources.plugin.replacingOccurrences(of: "\"MIT\"", with: "\"all rights reserved\"")
      warning = try CFixture.compile(source, into: plugins, name: "libodd-license.so", flags: ["-fvisibility=hidden"])
      broken = plugins.appendingPathComponent("libbroken.so").path
      try Data("not a library".utf8).write(to: URL(fileURLWithPath: broken))
      environment = StagehandCLITests.environment(cacheUnder: root, pluginPath: plugins.path)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  @Test("every --json output conforms to the documented schema, as a whole and as its command's document")
  func conforms() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let pushLibrary = BuiltProducts.directory.appendingPathComponent("libStagehandPush.so").path
    let cases: [(arguments: [String], definition: String, status: Int32)] = [
      (["scan", "--json"], "scan", 0),
      (["list", "--json"], "list", 0),
      (["info", "flip", "--json"], "info", 0),
      (["info", "push-from-left", "--json"], "info", 0),
      (["info", "org.stagehand.push", "--json"], "info", 0),
      (["plugins", "--json"], "plugins", 0),
      (["check", "--json", pushLibrary, setup.warning], "check", 0),
      (["check", "--json", "--strict", setup.warning, setup.broken], "check", 1),
    ]
    for (arguments, definition, status) in cases {
      let document = try stagehandJSON(arguments, environment: setup.environment, status: status)
      #expect(documentedSchema.problems(document, definition: definition) == [], "\(arguments)")
      #expect(documentedSchema.problems(document) == [], "\(arguments) against the root schema")
    }
  }

  @Test("the outputs cover what the schema allows: a refused library, a finding, a preset, a plugin")
  func coverage() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let plugins = try stagehandJSON(["plugins", "--json"], environment: setup.environment)
    let broken = plugins["libraries"]?.elements?.first { $0["library"]?.text == setup.broken }
    #expect(broken?["status"]?.text != "ok" && broken?["plugin"] == .null, "\(String(describing: broken))")
    #expect(broken?["reason"]?.text?.isEmpty == false)

    let check = try stagehandJSON(["check", "--json", setup.warning], environment: setup.environment)
    let report = try #require(check["libraries"]?.elements?.first)
    #expect(report["warnings"] == .number(1, isInteger: true))
    let finding = try #require(report["findings"]?.elements?.first)
    #expect(finding["severity"]?.text == "warning" && finding["section"] == .number(12, isInteger: true))
    #expect(finding["message"]?.text?.contains("all rights reserved") == true)
  }

  @Test("ids and versions apart, enumeration defaults and preset values as labels, one style object everywhere")
  func vocabulary() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let list = try stagehandJSON(["list", "--json"], environment: setup.environment)
    let styles = try #require(list["styles"]?.elements)
    #expect(styles.count >= 20)
    for style in styles {
      let parameters = style["parameters"]?.elements ?? []
      for parameter in parameters where parameter["type"]?.text == "enum" {
        let labels = parameter["labels"]?.elements ?? []
        #expect(
          parameter["default"].map { labels.contains($0) } == true,
          "\(style["name"]?.text ?? "?"): the default of \(parameter["name"]?.text ?? "?") is a label")
      }
      for preset in style["presets"]?.elements ?? [] {
        guard case .object(let values) = preset["values"] else { continue }
        for (name, value) in values {
          let parameter = parameters.first { $0["name"]?.text == name }
          if parameter?["type"]?.text == "enum" {
            #expect(parameter?["labels"]?.elements?.contains(value) == true, "\(preset["name"]?.text ?? "?")")
          }
        }
      }
    }
    let flip = try #require(styles.first { $0["name"]?.text == "flip" })
    #expect(flip["plugin"] == .object(["id": .string("org.stagehand.flip"), "version": .string("1.0.0")]))
    let distance = flip["parameters"]?.elements?.first { $0["name"]?.text == "camera-distance" }
    #expect(distance?["default"] == .number(4, isInteger: true) && distance?["minimum"] == .number(1, isInteger: true))
    #expect(flip["uses3D"] == .bool(true))

    // The same style object in list, in info of the style, of a preset, and of the plugin.
    let info = try stagehandJSON(["info", "flip", "--json"], environment: setup.environment)
    #expect(info["kind"]?.text == "style" && info["style"] == flip && info["preset"] == .null)
    let preset = try stagehandJSON(["info", "flip-horizontally", "--json"], environment: setup.environment)
    #expect(preset["kind"]?.text == "preset" && preset["style"] == flip)
    #expect(preset["preset"]?["values"] == .object(["axis": .string("horizontal")]))
    let plugin = try stagehandJSON(["info", "org.stagehand.flip", "--json"], environment: setup.environment)
    #expect(plugin["kind"]?.text == "plugin" && plugin["plugin"]?["styles"]?.elements?.first == flip)
    #expect(plugin["plugin"]?["id"]?.text == "org.stagehand.flip" && plugin["plugin"]?["version"]?.text == "1.0.0")

    let check = try stagehandJSON(["check", "--json", setup.warning], environment: setup.environment)
    let checked = check["libraries"]?.elements?.first?["plugin"]
    #expect(checked?["id"]?.text?.contains(" ") == false && checked?["version"]?.text?.isEmpty == false)
  }

  @Test("every subcommand that has --json is one the schema describes")
  func everyJSONCommand() throws {
    let help = try runStagehand(["--help"], environment: cleanEnvironment)
    let subcommands = listedSubcommands(help.standardOutput)
    #expect(subcommands.count >= 12, "\(help.standardOutput)")
    var withJSON: Set<String> = []
    for subcommand in subcommands {
      let text = try runStagehand([subcommand, "--help"], environment: cleanEnvironment).standardOutput
      if text.contains("  --json ") { withJSON.insert(subcommand) }
    }
    let defined = Set(
      documentedSchema.root["$defs"].flatMap { node -> [String]? in
        guard case .object(let definitions) = node else { return nil }
        return Array(definitions.keys)
      } ?? [])
    #expect(withJSON == ["list", "info", "plugins", "scan", "check"])
    #expect(withJSON.isSubset(of: defined))
  }

  @Test("the validator refuses what breaks the schema")
  func validatorRefuses() throws {
    let valid = JSONNode.object(["schema": .number(1, isInteger: true), "styles": .array([])])
    #expect(documentedSchema.problems(valid, definition: "list") == [])
    let wrongVersion = JSONNode.object(["schema": .number(2, isInteger: true), "styles": .array([])])
    #expect(!documentedSchema.problems(wrongVersion, definition: "list").isEmpty)
    let missing = JSONNode.object(["schema": .number(1, isInteger: true)])
    #expect(documentedSchema.problems(missing, definition: "list") == ["$: the member 'styles' is missing"])
    let extra = JSONNode.object(["schema": .number(1, isInteger: true), "styles": .array([]), "more": .null])
    #expect(documentedSchema.problems(extra, definition: "list") == ["$: the member 'more' is not in the schema"])
    let joined = JSONNode.object(["id": .string("org.example.x 1.0"), "version": .number(1, isInteger: true)])
    #expect(
      documentedSchema.problems(joined, definition: "pluginReference") == [
        "$.version: 1.0 is not of type string"
      ])
    let unknownKeyword = try #require(JSONSchema(#"{"minimum": 3}"#))
    #expect(
      unknownKeyword.problems(.number(4, isInteger: true)) == [
        "$: the validator does not know the keyword 'minimum'"
      ])
  }

  @Test("check takes --scan-timeout like every other command; --timeout stays as a hidden alias; manifest has -o")
  func optionNames() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let help = try runStagehand(["check", "--help"], environment: cleanEnvironment)
    #expect(help.standardOutput.contains("--scan-timeout <seconds>"))
    #expect(!help.standardOutput.contains("--timeout"))
    for option in ["--scan-timeout", "--timeout"] {
      let result = try runStagehand(["check", option, "30", setup.warning], environment: setup.environment)
      #expect(result.status == 0, "\(option): \(result.standardError)")
      let bad = try runStagehand(["check", option, "soon", setup.warning], environment: setup.environment)
      #expect(bad.status == 64)
      #expect(bad.standardError.contains("\(option) 'soon' is not valid"), "\(bad.standardError)")
    }
    let both = try runStagehand(
      ["check", "--scan-timeout", "30", "--timeout", "30", setup.warning], environment: setup.environment)
    #expect(both.status == 64)
    #expect(both.standardError.contains("--timeout is the old name of --scan-timeout"), "\(both.standardError)")

    let output = setup.root.appendingPathComponent("manifests")
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    let manifest = try runStagehand(["manifest", "-o", output.path, setup.warning], environment: setup.environment)
    #expect(manifest.status == 0, "\(manifest.standardError)")
    #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("org.example.fixture.json").path))
    let missing = try runStagehand(
      ["manifest", "-o", setup.root.appendingPathComponent("none").path, setup.warning], environment: setup.environment)
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("give -o a directory that exists"), "\(missing.standardError)")
  }
}
