import StagehandPlugins
import StagehandTestSupport
import Testing

@testable import StagehandCache
@testable import StagehandCatalog

@Suite("Binary coding of plugin descriptions and errors")
struct PluginInfoBinaryTests {
  func encode(_ info: PluginInfo) -> [UInt8] {
    var writer = BinaryWriter()
    info.write(to: &writer)
    return writer.bytes
  }

  func decodeInfo(_ bytes: [UInt8]) throws(CacheError) -> PluginInfo {
    try BinaryReader.withReader(bytes) { (reader) throws(CacheError) in
      let info = try PluginInfo(from: &reader)
      try reader.expectEnd()
      return info
    }
  }

  @Test("hand-made descriptions read back equal")
  func handMadeRoundTrip() throws {
    for info in [CacheSamples.info, CacheSamples.smallInfo(0), CacheSamples.smallInfo(999)] {
      #expect(try decodeInfo(encode(info)) == info)
    }
  }

  @Test("the descriptions of the bundled plugins, as loaded, read back equal")
  func bundledRoundTrip() throws {
    let libraries = CacheSamples.bundledLibraries
    #expect(libraries.count >= 5, "\(libraries)")
    #expect(libraries.contains { $0.hasSuffix("/libStagehandExampleZoom.so") })
    for library in libraries {
      let info = try LoadedPlugin.load(library).info
      #expect(try decodeInfo(encode(info)) == info, "\(library)")
    }
  }

  @Test("every reason of a plugin error reads back equal, with and without plugin, style and parameter")
  func errorsRoundTrip() throws {
    #expect(Set(CacheSamples.reasons.map(CacheSamples.caseNumber)) == Set(0...25), "a case has no sample")
    for error in CacheSamples.errors {
      var writer = BinaryWriter()
      error.write(to: &writer)
      let read = try BinaryReader.withReader(writer.bytes) { (reader) throws(CacheError) in
        let read = try PluginError(from: &reader)
        try reader.expectEnd()
        return read
      }
      #expect(read == error)
      #expect(read.description == error.description)
    }
  }

  @Test("over-long texts of an error are cut so that it reads back; an inverted range or unknown reason is refused")
  func errorLimits() throws {
    let long = String(repeating: "m", count: 5000)
    let error = PluginError(
      file: "/" + long, plugin: long, style: nil, parameter: nil, reason: .cannotOpen(loaderMessage: long))
    var writer = BinaryWriter()
    error.write(to: &writer)
    let read = try BinaryReader.withReader(writer.bytes) { (reader) throws(CacheError) in
      try PluginError(from: &reader)
    }
    #expect(read.file.utf8.count == 4096 && read.plugin?.utf8.count == 1024)
    #expect(read.reason == .cannotOpen(loaderMessage: String(long.prefix(4096))))

    var inverted = BinaryWriter()
    inverted.writeUInt8(12)
    inverted.writeString("field")
    for number in [1, 5, 2] { inverted.writeInt(number) }
    var unknown = BinaryWriter()
    unknown.writeUInt8(99)
    for bytes in [inverted.bytes, unknown.bytes] {
      let failure = #expect(throws: CacheError.self) {
        try BinaryReader.withReader(bytes) { (reader) throws(CacheError) in try PluginError.Reason(from: &reader) }
      }
      #expect(failure?.reason == .corrupt)
    }
  }

  /// Descriptions that break a rule of stagehand_plugin.h, each named.
  static var brokenInfos: [(String, PluginInfo)] {
    let base = CacheSamples.info
    func with(_ change: (inout PluginInfo) -> Void) -> PluginInfo {
      var info = base
      change(&info)
      return info
    }
    func parameter(_ index: Int, _ change: @escaping (inout ParameterInfo) -> Void) -> PluginInfo {
      with { change(&$0.styles[0].parameters[index]) }
    }
    let long = String(repeating: "x", count: 1025)
    return [
      ("an id with capitals", with { $0.id = "Org.Example" }),
      ("an id of one label", with { $0.id = "sample" }),
      ("an id over 128 bytes", with { $0.id = "org." + String(repeating: "a", count: 125) }),
      ("a version of two numbers", with { $0.version = "1.0" }),
      ("a version over 64 bytes", with { $0.version = "1.0.0-" + String(repeating: "a", count: 59) }),
      ("an ABI version that is not major.minor", with { $0.abiVersion = "one" }),
      ("a description over 1024 bytes", with { $0.description = long }),
      ("no style", with { $0.styles = [] }),
      (
        "257 styles",
        with { info in
          info.styles = (0..<257).map {
            var style = base.styles[1]
            style.name = "spin\($0)"
            return style
          }
        }
      ),
      ("two styles of one name", with { $0.styles[1].name = "slide" }),
      ("a preset named like a style", with { $0.styles[0].presets[1].name = "spin" }),
      ("a style name with a capital", with { $0.styles[0].name = "Slide" }),
      ("a style name over 64 bytes", with { $0.styles[0].name = String(repeating: "s", count: 65) }),
      ("a summary over 1024 bytes", with { $0.styles[0].summary = long }),
      ("a negative duration", with { $0.styles[0].defaultDuration = -1 }),
      ("a fallback that names its own style", with { $0.styles[0].reducedMotionFallback = "slide" }),
      ("a fallback that names its own preset", with { $0.styles[0].reducedMotionFallback = "slide-plain" }),
      (
        "a qualified fallback that names its own style",
        with { $0.styles[1].reducedMotionFallback = "org.example.sample:spin" }
      ),
      ("a fallback that names nothing of the plugin", with { $0.styles[0].reducedMotionFallback = "wobble" }),
      ("a malformed fallback", with { $0.styles[0].reducedMotionFallback = "Not:a name" }),
      ("a fallback over 1024 bytes", with { $0.styles[0].reducedMotionFallback = long }),
      ("a fallback in a plugin of ABI 1.0", with { $0.abiVersion = "1.0" }),
      ("a NaN duration", with { $0.styles[0].defaultDuration = .nan }),
      ("an infinite duration", with { $0.styles[0].defaultDuration = .infinity }),
      (
        "17 parameters",
        with {
          $0.styles[1].parameters = (0..<17).map { index in
            var parameter = base.styles[0].parameters[1]
            parameter.symbol = "p\(index)"
            return parameter
          }
        }
      ),
      ("two parameters of one symbol", parameter(1) { $0.symbol = "direction" }),
      (
        "an enum without labels",
        parameter(0) {
          $0.labels = []; $0.maximum = 0; $0.defaultValue = 0
        }
      ),
      ("an enum with a label twice", parameter(0) { $0.labels[3] = "left" }),
      ("an enum label with a space", parameter(0) { $0.labels[3] = "bot tom" }),
      (
        "65 enum labels",
        parameter(0) {
          $0.labels = (0..<65).map { "l\($0)" }; $0.maximum = 64
        }
      ),
      ("an enum range that is not its labels", parameter(0) { $0.maximum = 4 }),
      ("an enum default between labels", parameter(0) { $0.defaultValue = 1.5 }),
      ("a minimum above the default", parameter(1) { $0.minimum = 1.5 }),
      ("a default above the maximum", parameter(1) { $0.defaultValue = 3 }),
      ("a NaN minimum", parameter(1) { $0.minimum = .nan }),
      ("an infinite maximum", parameter(1) { $0.maximum = .infinity }),
      ("a decimal with labels", parameter(1) { $0.labels = ["a"] }),
      ("an integer default of 0.5", parameter(2) { $0.defaultValue = 0.5 }),
      ("an integer beyond int32_t", parameter(2) { $0.maximum = 3e9 }),
      ("a boolean maximum of 2", parameter(3) { $0.maximum = 2 }),
      ("a unit over 1024 bytes", parameter(1) { $0.unit = long }),
      ("a preset of an unknown parameter", with { $0.styles[0].presets[0].values[0].parameter = "angle" }),
      ("a preset with an invalid label", with { $0.styles[0].presets[0].values[0].value = "sideways" }),
      ("a preset value out of range", with { $0.styles[0].presets[0].values[1].value = "9" }),
      ("a preset setting one parameter twice", with { $0.styles[0].presets[0].values[1].parameter = "direction" }),
      (
        "a preset with more values than parameters",
        with { $0.styles[0].presets[0].values += [PresetValue(parameter: "fade", value: "true")] }
      ),
    ]
  }

  @Test("descriptions that break a rule of the plugin header are refused as corrupt, never trusted")
  func brokenDescriptions() {
    for (name, info) in Self.brokenInfos {
      let error = #expect(throws: CacheError.self, "\(name)") { try decodeInfo(encode(info)) }
      #expect(error?.reason == .corrupt, "\(name): \(String(describing: error))")
    }
  }

  @Test("an unknown parameter type and a style flag other than 0 or 1 are refused")
  func unknownCodes() {
    let parameter = CacheSamples.info.styles[0].parameters[2]
    var writer = BinaryWriter()
    parameter.write(to: &writer)
    for code: UInt8 in [0, 5, 255] {
      var bytes = writer.bytes
      bytes[4 + parameter.symbol.utf8.count] = code
      let error = #expect(throws: CacheError.self) {
        try BinaryReader.withReader(bytes) { (reader) throws(CacheError) in try ParameterInfo(from: &reader) }
      }
      #expect(error?.reason == .corrupt)
    }
    let style = CacheSamples.info.styles[1]
    var styleWriter = BinaryWriter()
    style.write(to: &styleWriter)
    var bytes = styleWriter.bytes
    bytes[4 + style.name.utf8.count + 4 + style.summary.utf8.count + 8] = 2  // uses3D
    #expect(throws: CacheError.self) {
      try BinaryReader.withReader(bytes) { (reader) throws(CacheError) in try StyleInfo(from: &reader) }
    }
  }

  @Test("randomly damaged descriptions read as valid descriptions or fail with a typed error, never trap")
  func damagedDescriptions() throws {
    var random = SeededGenerator(seed: SeededGenerator.testSeed(0xDA_4A6E))
    let original = encode(CacheSamples.info)
    for _ in 0..<3000 {
      var bytes = original
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
      }
      if let info = try? decodeInfo(bytes) {
        // Whatever reads back is valid, so it reads back again the same.
        #expect(try decodeInfo(encode(info)) == info, "seed \(random.seed)")
      }
    }
  }
}
