import FoundationEssentials
import StagehandPlugins

#if canImport(Glibc)
  import Glibc
#endif

/// A JSON description of a plugin, readable without loading its library: its id, version, styles, parameters,
/// presets, default durations and builder signatures, and the library's file name.
public struct PluginManifest: Hashable, Sendable, Codable {
  /// The version of the manifest format.
  public var format: Int
  /// The library's file name, e.g. `libStagehandPush.so`.
  public var library: String
  /// What the plugin says about itself.
  public var plugin: PluginInfo
  /// Each style's builder signature, by style name.
  public var builders: [String: String]

  /// The manifest of a loaded plugin.
  public init(_ loaded: LoadedPlugin) {
    format = 1
    library = URL(fileURLWithPath: loaded.file).lastPathComponent
    plugin = loaded.info
    builders = Dictionary(uniqueKeysWithValues: loaded.info.styles.map { ($0.name, $0.builderSignature) })
  }

  /// The manifest as JSON: pretty-printed with sorted keys, so that the same plugin always gives the same bytes.
  public func json() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { $0 + Data("\n".utf8) } ?? Data()
  }

  /// Reads a manifest from JSON.
  public static func decode(_ data: Data) throws -> PluginManifest {
    try JSONDecoder().decode(PluginManifest.self, from: data)
  }

  /// The file name a manifest is kept under in `Catalog/`: the plugin id followed by `.json`.
  public var fileName: String { plugin.id + ".json" }
}
