import Foundation
import StagehandTestSupport
import Testing

@Suite("stagehand manifest")
struct ManifestCommandTests {
  @Test("prints the manifest kept in Catalog/, byte for byte")
  func printsCatalogManifest() throws {
    let library = BuiltProducts.directory.appendingPathComponent("libStagehandCover.so").path
    let result = try runStagehand(["manifest", library], environment: cleanEnvironment)
    #expect(result.status == 0)
    let kept = try String(
      contentsOf: CFixture.repositoryRoot.appendingPathComponent("Catalog/org.stagehand.cover.json"), encoding: .utf8)
    #expect(result.standardOutput == kept)
  }

  @Test("a file that is not a plugin gives exit code 1 and names the file")
  func notAPlugin() throws {
    let directory = try CFixture.temporaryDirectory("manifest")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("libnotes.so")
    try Data("just text".utf8).write(to: file)
    let result = try runStagehand(["manifest", file.path], environment: cleanEnvironment)
    #expect(result.status == 1)
    #expect(result.standardError.hasPrefix("stagehand: error: \(file.path): cannot be loaded: "))
  }

  @Test("a bare name is a file in the current directory, never one dlopen finds elsewhere; an empty name is refused")
  func bareAndEmptyNames() throws {
    // The test process does not run in the build directory, so this name is not a file here; dlopen's own search
    // would find the bundled library next to the executable (its RUNPATH has $ORIGIN).
    #expect(!FileManager.default.fileExists(atPath: "libStagehandPush.so"))
    let bare = try runStagehand(["manifest", "libStagehandPush.so"], environment: cleanEnvironment)
    #expect(bare.status == 1)
    #expect(
      bare.standardError.hasPrefix("stagehand: error: ./libStagehandPush.so: cannot be loaded: "),
      "\(bare.standardError)")
    let empty = try runStagehand(["manifest", ""], environment: cleanEnvironment)
    #expect(empty.status == 64)
    #expect(empty.standardError.contains("an empty library name is not a file; give a path"))
  }
}

/// `stagehand manifest` reads libraries through the sandboxed scanner: their code never runs in the command's process.
@Suite("stagehand manifest runs no plugin code")
struct ManifestIsolationTests {
  @Test("a constructor that prints leaves the manifest alone: standard output holds only the JSON")
  func constructorPrints() throws {
    let directory = try CFixture.temporaryDirectory("manifest-prints")
    defer { try? FileManager.default.removeItem(at: directory) }
    let library = try CFixture.compile(
      HostileSources.plugin, into: directory, name: "libprints.so", flags: ["-DHOSTILE_CONSTRUCTOR_PRINTS"])
    let result = try runStagehand(["manifest", library], environment: cleanEnvironment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!result.standardOutput.contains("from a constructor"))
    let manifest = try PluginManifestJSON.decode(result.standardOutput)
    #expect(manifest.id == "org.example.hostile" && manifest.library == "libprints.so")
  }

  @Test("a constructor that crashes fails that library only (exit 1, naming it and the signal); the others are written")
  func constructorCrashes() throws {
    let directory = try CFixture.temporaryDirectory("manifest-crash")
    defer { try? FileManager.default.removeItem(at: directory) }
    let library = try CFixture.compile(
      HostileSources.plugin, into: directory, name: "libcrash.so", flags: ["-DHOSTILE_CONSTRUCTOR_CRASH"])
    let cover = BuiltProducts.directory.appendingPathComponent("libStagehandCover.so").path
    let result = try runStagehand(["manifest", library, cover], environment: cleanEnvironment)
    #expect(result.status == 1)
    #expect(
      result.standardError.hasPrefix("stagehand: error: \(library): crashed with signal 11 (SIGSEGV)"),
      "\(result.standardError)")
    let kept = try String(
      contentsOf: CFixture.repositoryRoot.appendingPathComponent("Catalog/org.stagehand.cover.json"), encoding: .utf8)
    #expect(result.standardOutput == kept)
  }
}

/// The two fields of a printed manifest these tests look at.
private struct PluginManifestJSON: Decodable {
  var id: String
  var library: String

  static func decode(_ text: String) throws -> PluginManifestJSON {
    struct Plugin: Decodable { var id: String }
    struct Whole: Decodable {
      var library: String
      var plugin: Plugin
    }
    let whole = try JSONDecoder().decode(Whole.self, from: Data(text.utf8))
    return PluginManifestJSON(id: whole.plugin.id, library: whole.library)
  }
}
