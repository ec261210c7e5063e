import Foundation
import StagehandCatalog
import StagehandPlugins
import StagehandTestSupport
import Testing

@Suite("Catalog manifests")
struct ManifestTests {
  static let catalogDirectory = CFixture.repositoryRoot.appendingPathComponent("Catalog")

  static var manifestFiles: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: catalogDirectory.path)) ?? []).filter {
      $0.hasSuffix(".json")
    }.sorted()
  }

  @Test("every bundled plugin has a manifest in Catalog/, and every manifest a bundled library")
  func everyPluginHasAManifest() {
    let plugins = bundledRegistry.catalog().plugins
    #expect(Set(plugins.map { "\($0.info.id).json" }) == Set(Self.manifestFiles))
    #expect(plugins.count == 16)
  }

  @Test("each manifest agrees with its library, to the byte", arguments: manifestFiles)
  func manifestMatchesLibrary(file: String) throws {
    let data = try Data(contentsOf: Self.catalogDirectory.appendingPathComponent(file))
    let manifest = try PluginManifest.decode(data)
    let plugin = try LoadedPlugin.load(BuiltProducts.directory.appendingPathComponent(manifest.library).path)
    let fresh = PluginManifest(plugin)
    #expect(
      fresh == manifest,
      "regenerate with: stagehand manifest $(ls .build/debug/libStagehand*.so | grep -v Frei0r) --output Catalog")
    #expect(fresh.json() == data)
    #expect(manifest.fileName == file)
  }
}
