import Foundation
import StagehandCatalog
import StagehandTestSupport
import Testing

/// Every style and preset of the bundled plugins.
let bundledCatalog = Registry(
  searchPath: PluginSearchPath(directories: [BuiltProducts.directory.path]),
  options: RegistryOptions(cachePath: BuiltProducts.cachePath, scanner: BuiltProducts.scanner.path)
).catalog()

@Suite("stagehand list and info")
struct CatalogCommandTests {
  @Test("list shows every bundled style with its plugin and duration, and every preset")
  func list() throws {
    let result = try runStagehand(["list"], environment: cleanEnvironment)
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("STYLE") == true)
    #expect(lines.contains { $0.hasPrefix("push ") && $0.contains("org.stagehand.push") && $0.contains("0.4 s") })
    #expect(lines.contains { $0.hasPrefix("flip ") && $0.contains("camera-distance=4") && $0.contains("0.6 s") })
    let words = Set(lines.compactMap { $0.split(separator: " ").first.map(String.init) })
    let names = bundledCatalog.entries.flatMap { [$0.style.name] + $0.style.presets.map(\.name) }
    #expect(names.count >= 39)
    for name in names { #expect(words.contains(name), "\(name) is listed") }
  }

  @Test("list --json describes every style for scripts")
  func listJSON() throws {
    let result = try runStagehand(["list", "--json"], environment: cleanEnvironment)
    #expect(result.status == 0)
    let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let styles = document?["styles"] as? [[String: Any]]
    let qualified = styles?.compactMap { $0["qualifiedName"] as? String } ?? []
    #expect(Set(qualified) == Set(bundledCatalog.entries.map(\.qualifiedName)))
    let push = styles?.first { $0["name"] as? String == "push" }
    #expect((push?["library"] as? String)?.hasSuffix("/libStagehandPush.so") == true)
    #expect((push?["presets"] as? [Any])?.count == 18)
  }

  @Test("info of a style names its plugin, library, builder, parameters and presets")
  func infoStyle() throws {
    let result = try runStagehand(["info", "flip"], environment: cleanEnvironment)
    #expect(result.status == 0)
    let out = result.standardOutput
    #expect(out.hasPrefix("style flip: "))
    #expect(out.contains("  plugin: org.stagehand.flip 1.0.0"))
    #expect(out.contains("  library: \(BuiltProducts.directory.path)/libStagehandFlip.so"))
    #expect(out.contains("  flags: uses 3D"))
    #expect(
      out.contains(
        "builder: int32_t (const sh_context *, const sh_host *, sh_builder *, int32_t axis, double camera_distance)"))
    #expect(out.contains("    camera-distance (double): default 4; a number from 1 to 100 (extents)"))
    #expect(out.contains("    flip-horizontally: axis=horizontal"))
  }

  @Test("info of a preset shows what it sets, then its style")
  func infoPreset() throws {
    let result = try runStagehand(["info", "cover-from-top-left-push-to-back"], environment: cleanEnvironment)
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("preset cover-from-top-left-push-to-back: "))
    #expect(result.standardOutput.contains("  sets: direction=top-left push-to-back=true"))
    #expect(result.standardOutput.contains("style cover: "))
  }

  @Test("info of a plugin id describes the plugin")
  func infoPlugin() throws {
    let result = try runStagehand(["info", "org.example.zoom"], environment: cleanEnvironment)
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("plugin org.example.zoom 1.0.0\n"))
    #expect(result.standardOutput.contains("  license: 0BSD"))
    #expect(result.standardOutput.contains("    zoom: "))
  }

  @Test("an unknown name gives one line and exit code 64")
  func infoUnknown() throws {
    let result = try runStagehand(["info", "flop"], environment: cleanEnvironment)
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == "stagehand: error: unknown style 'flop'; did you mean 'flip' or 'flow'? Run 'stagehand list' to see all. "
        + "Plugins were looked for in \(cleanSearchPath)\n")
  }

  @Test("the host binary contains no style: copied alone, it finds none; given the plugin path, it finds them all")
  func hostHasNoStyles() throws {
    // The host may name styles (the demo does), but holds none of their code or descriptors: no plugin id, no
    // summary, and it defines no plugin entry.
    let binary = try Data(contentsOf: BuiltProducts.stagehand)
    let markers = [
      "org.stagehand.push", "org.stagehand.cover", "org.stagehand.flip", "org.stagehand.cross-dissolve",
      "The new content pushes the old one out", "Slides the new content in from the bottom.",
    ]
    for marker in markers {
      #expect(binary.range(of: Data(marker.utf8)) == nil, "the host binary contains \(marker)")
    }
    let symbols = try run(URL(fileURLWithPath: "/usr/bin/nm"), ["--defined-only", BuiltProducts.stagehand.path])
    #expect(symbols.status == 0)
    // Each line is the address, the type and the name, which is the rest of the line: a name may hold spaces. The
    // host names the entry (it looks it up in plugins, and its messages say it), so a build may keep such text under
    // a name of its own: AddressSanitizer's `.str.19.stagehand_plugin_v1`, or `.str.29.the entry stagehand_plugin_v1`
    // in an optimised one, whose last word alone is the entry's name.
    let names = symbols.standardOutput.split(separator: "\n").compactMap { line -> Substring? in
      let fields = line.split(separator: " ", maxSplits: 2)
      return fields.count == 3 && fields[1].count == 1 ? fields[2] : nil
    }
    #expect(!names.isEmpty)
    #expect(!names.contains("stagehand_plugin_v1"))
    let directory = try CFixture.temporaryDirectory("host")
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = directory.appendingPathComponent("stagehand")
    try FileManager.default.copyItem(at: BuiltProducts.stagehand, to: copy)
    let alone = try run(copy, ["list"], environment: cleanEnvironment)
    #expect(alone.status == 0)
    #expect(!alone.standardOutput.contains("push"))
    #expect(alone.standardError.contains("stagehand: warning: no plugin library was found; searched "))
    #expect(alone.standardError.contains("build them with 'swift build', or add a directory to STAGEHAND_PLUGIN_PATH"))
    var environment = cleanEnvironment
    environment["STAGEHAND_PLUGIN_PATH"] = BuiltProducts.directory.path
    environment["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
    let unscanned = try run(copy, ["list"], environment: environment)
    #expect(unscanned.status == 0)
    #expect(unscanned.standardError.contains("stagehand-scanner was not found next to the program"))
    #expect(unscanned.standardError.contains("libraries were not scanned; run 'stagehand plugins' to see why"))
    #expect(!unscanned.standardError.contains("refused"), "libraries not scanned are not called refused")
    environment["STAGEHAND_SCANNER"] = BuiltProducts.scanner.path
    let found = try run(copy, ["list"], environment: environment)
    #expect(found.status == 0)
    #expect(found.standardOutput.contains("push-from-left"))
  }
}
