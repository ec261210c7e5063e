import Foundation
import StagehandAnimation
import StagehandPlugins
import StagehandTestSupport
import Testing

/// The plain-C example plugin, Plugins/Examples/Zoom/zoom.c, built by SwiftPM like any other plugin.
@Suite("The C example plugin, zoom")
struct ExampleZoomTests {
  static let origins = ["center", "top-left", "top-right", "bottom-left", "bottom-right"]
  static let scales = [0.05, 0.3, 0.5, 0.95]

  static func load() throws -> LoadedPlugin {
    try LoadedPlugin.load(builtLibrary("libStagehandExampleZoom.so"))
  }

  @Test("describes itself as zoom.c says")
  func info() throws {
    let info = try Self.load().info
    #expect(info.id == "org.example.zoom")
    #expect(info.version == "1.0.0")
    #expect(info.license == "0BSD")
    #expect(info.abiVersion == "1.3")
    #expect(info.styles.count == 1)
    let style = try #require(info.styles.first)
    #expect(style.name == "zoom")
    #expect(style.defaultDuration == 0.5)
    #expect(!style.uses3D && !style.isSymmetric && !style.hasInverseBuilder)
    #expect(style.parameters.count == 2)

    let scale = try #require(style.parameters.first)
    #expect(scale.symbol == "scale" && scale.type == .double)
    #expect(scale.minimum == 0.05 && scale.maximum == 0.95 && scale.defaultValue == 0.5)
    #expect(scale.unit == "factor" && scale.labels.isEmpty)

    let origin = try #require(style.parameters.last)
    #expect(origin.symbol == "origin" && origin.type == .enum)
    #expect(origin.labels == Self.origins)
    #expect(origin.minimum == 0 && origin.maximum == 4 && origin.defaultValue == 0)
    #expect(origin.unit == nil)

    #expect(style.presets.map(\.name) == ["zoom-in", "zoom-from-top-left"])
    #expect(style.presets.first?.values == [])
    #expect(style.presets.last?.values == [PresetValue(parameter: "origin", value: "top-left")])
    #expect(
      style.builderSignature
        == "int32_t (const sh_context *, const sh_host *, sh_builder *, double scale, int32_t origin)")
  }

  @Test(
    "forward ends with the appearing layer at rest and the disappearing one transparent; the inverse ends at rest",
    arguments: origins.indices, scales)
  func buildsAndReverses(origin: Int, scale: Double) throws {
    let plugin = try Self.load()
    let values: [ParameterValue] = [.double(scale), .label(Int32(origin))]

    let forward = try plugin.forward(styleIndex: 0, values: values, in: testBounds)
    #expect(forward.duration == 0.5)
    #expect(forward.initialStates == .identity)
    let start = forward.sample(at: 0)
    #expect(start.appearing.opacity == 0)
    #expect(abs(start.appearing.scale.x - scale) < 1e-12 && abs(start.appearing.scale.y - scale) < 1e-12)
    let end = forward.finalStates
    #expect(abs(end.appearing.opacity - 1) < 1e-12)
    #expect(maxDifference(end.appearing.scale, .one) < 1e-9)
    #expect(end.appearing.translation == .zero && end.appearing.rotation == .identity)
    #expect(abs(end.disappearing.opacity) < 1e-12)
    #expect(maxDifference(end.stage, .identity) == 0)

    let inverse = try plugin.inverse(styleIndex: 0, values: values, in: testBounds)
    #expect(inverse.duration == 0.5)
    #expect(maxDifference(inverse.initialStates, forward.finalStates.swapped) < 1e-12)
    #expect(maxDifference(inverse.finalStates, LayerStates.identity.swapped) < 1e-9)
    #expect(inverseLawError(forward: forward.swapped(), reversed: inverse) < 1e-9)
  }

  @Test("every preset builds")
  func presets() throws {
    let plugin = try Self.load()
    let style = plugin.info.styles[0]
    for preset in style.presets {
      let values = try presetValues(preset, of: style)
      let forward = try plugin.forward(styleIndex: 0, values: values, in: testBounds)
      #expect(abs(forward.finalStates.appearing.opacity - 1) < 1e-12, "\(preset.name)")
    }
  }
}

/// The largest difference between two vectors' components.
private func maxDifference(_ a: Vector3, _ b: Vector3) -> Double {
  worse(worse(abs(a.x - b.x), abs(a.y - b.y)), abs(a.z - b.z))
}

/// stagehand_plugin.h asks a plugin to export its entry function and nothing else; the bundled plugins do.
@Suite("Exported symbols")
struct ExportedSymbolsTests {
  static let libraries = [
    "libStagehandCrossDissolve.so", "libStagehandPush.so", "libStagehandCover.so", "libStagehandFlip.so",
    "libStagehandExampleZoom.so",
  ]

  @Test("each bundled plugin exports only stagehand_plugin_v1", arguments: libraries)
  func onlyTheEntry(library: String) throws {
    let path = BuiltProducts.directory.appendingPathComponent(library).path
    let result = try run(URL(fileURLWithPath: "/usr/bin/nm"), ["-D", "--defined-only", path])
    #expect(result.status == 0, "\(result.standardError)")
    // Global symbols have an upper-case type letter; the linker adds the three bounds of the data segment.
    let globals = result.standardOutput.split(separator: "\n").compactMap { line -> String? in
      let fields = line.split(separator: " ")
      guard fields.count == 3, fields[1].uppercased() == fields[1] else { return nil }
      return String(fields[2])
    }
    #expect(Set(globals).subtracting(["__bss_start", "_edata", "_end"]) == ["stagehand_plugin_v1"])
  }
}
