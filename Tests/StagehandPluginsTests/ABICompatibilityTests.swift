import CStagehandPlugin
import Foundation
import StagehandAnimation
import StagehandPlugins
import StagehandTestSupport
import Testing

/// A host of ABI 1.1 loads plugins of 1.0 unchanged (section 4 of stagehand_plugin.h): their styles end at
/// `inverse_builder`, and nothing past the declared size is read.
@Suite("ABI 1.0 plugins on a 1.1 host")
struct ABICompatibilityTests {
  static let directory = Result { try CFixture.temporaryDirectory("abi-compatibility") }

  /// The valid fixture built against the committed 1.0 header, once.
  static let abi10 = Result { try MotionFixture.compileABI10(into: directory.get()) }

  @Test("the committed 1.0 header is the 1.0 ABI: minor 0, and sh_style ends at inverse_builder")
  func header10() throws {
    let text = try String(
      contentsOfFile: MotionFixture.abi10HeaderDirectory + "/stagehand_plugin.h", encoding: .utf8)
    #expect(text.contains("#define SH_ABI_MINOR 0"))
    #expect(!text.contains("reduced_motion_fallback"))
    // The 1.0 size of sh_style is where 1.1 appended its field: 8 more bytes of pointer.
    let offset = try #require(MemoryLayout<sh_style>.offset(of: \sh_style.reduced_motion_fallback))
    #expect(offset + MemoryLayout<UnsafePointer<CChar>?>.size == MemoryLayout<sh_style>.size)
  }

  @Test("a plugin built against the 1.0 header loads, lists its style, builds forward and inverse, keeps the law")
  func loadsAndBuilds() throws {
    let plugin = try LoadedPlugin.load(Self.abi10.get())
    #expect(plugin.info.id == fixtureID)
    #expect(plugin.info.abiVersion == "1.0")
    let style = try #require(plugin.info.styles.first)
    #expect(plugin.info.styles.map(\.name) == ["slide"])
    #expect(style.presets.map(\.name) == ["slide-from-right"])
    #expect(style.reducedMotionFallback == nil)
    for preset in [nil] + style.presets {
      let values = try preset.map { try presetValues($0, of: style) } ?? style.parameters.map(\.defaultParameterValue)
      for context in [
        TransitionContext(bounds: testBounds),
        TransitionContext(
          bounds: Rect(x: 10, y: 20, width: 800, height: 600), layoutDirection: .rightToLeft, displayScale: 2,
          reducesMotion: true),
      ] {
        let forward = try plugin.forward(styleIndex: 0, values: values, in: context)
        #expect(forward.duration == 0.3)
        #expect(maxDifference(forward.finalStates.appearing, .identity) < 1e-9)
        let inverse = try plugin.inverse(styleIndex: 0, values: values, in: context)
        #expect(maxDifference(inverse.finalStates.appearing, .identity) < 1e-9)
        #expect(inverseLawError(forward: forward.swapped(), reversed: inverse) < 1e-9)
      }
    }
  }

  @Test("the example zoom plugin, built with the 1.3 header, keeps loading and building")
  func exampleZoom() throws {
    let plugin = try LoadedPlugin.load(builtLibrary("libStagehandExampleZoom.so"))
    #expect(plugin.info.abiVersion == "1.3")
    #expect(plugin.info.styles.map(\.reducedMotionFallback) == [nil])
    let context = TransitionContext(bounds: testBounds, layoutDirection: .rightToLeft, reducesMotion: true)
    let values: [ParameterValue] = [.double(0.5), .label(0)]
    let forward = try plugin.forward(styleIndex: 0, values: values, in: context)
    let inverse = try plugin.inverse(styleIndex: 0, values: values, in: context)
    #expect(inverseLawError(forward: forward.swapped(), reversed: inverse) < 1e-9)
  }

  @Test("a plugin declaring minor 0 with 1.1-sized styles is read as 1.0: its fallback field is ignored, not checked")
  func minorZeroIgnoresFallback() throws {
    // "slide" names itself, which a 1.1 plugin may not: read as 1.0, the field is not there.
    let path = try MotionFixture.compile(
      into: Self.directory.get(), name: "libminor0.so", minor: 0, slideFallback: "slide", fadeFallback: "nothing")
    let plugin = try LoadedPlugin.load(path)
    #expect(plugin.info.abiVersion == "1.0")
    #expect(plugin.info.styles.map(\.reducedMotionFallback) == [nil, nil])
    _ = try plugin.forward(styleIndex: 0, values: [.label(0)], in: TransitionContext(bounds: testBounds))
  }

  @Test("a plugin declaring minor 1 with styles of the 1.0 size is refused: structTooSmall with the 1.1 size")
  func minorOneNeedsTheWholeStyle() throws {
    let directory = try Self.directory.get()
    let source = MotionFixture.source.replacingOccurrences(
      of: ".struct_size = sizeof(sh_style),", with: ".struct_size = offsetof(sh_style, reduced_motion_fallback),")
    let path = try CFixture.compile(
      source, into: directory, name: "libshort-style.so",
      flags: ["-DPLUGIN_ID=\"org.example.short\"", "-DSLIDE_FALLBACK=NULL", "-DFADE_FALLBACK=NULL"])
    let error = try loadFailure(path)
    guard case .structTooSmall(let name, let size, let minimum) = error.reason else { return unexpected(error) }
    #expect(name == "sh_style")
    #expect(size == MemoryLayout<sh_style>.offset(of: \sh_style.reduced_motion_fallback))
    #expect(minimum == MemoryLayout<sh_style>.size)
    #expect(error.description.contains("Set struct_size to sizeof(sh_style)"))
  }

  @Test("a plugin declaring minor 4 is refused, naming both versions")
  func minorFour() throws {
    let path = try MotionFixture.compile(into: Self.directory.get(), name: "libminor4.so", minor: 4)
    let error = try loadFailure(path)
    guard case .abiMinorTooNew(let found, let supported) = error.reason else { return unexpected(error) }
    #expect(found == 4 && supported == 3)
  }
}

/// A style's reduced-motion fallback (ABI 1.1) is read, and one of the same plugin is checked at load.
@Suite("Reduced-motion fallbacks in descriptors")
struct FallbackDescriptorTests {
  static let directory = Result { try CFixture.temporaryDirectory("fallback-descriptors") }

  @Test(
    "a fallback naming a style, a preset, or another plugin's name is kept as written",
    arguments: ["fade", "fade-quick", "org.example.other:dissolve", "org.example.motion:fade"])
  func accepted(fallback: String) throws {
    let name = "libok-\(fallback.replacingOccurrences(of: ":", with: "-")).so"
    let plugin = try LoadedPlugin.load(
      MotionFixture.compile(into: Self.directory.get(), name: name, slideFallback: fallback))
    #expect(plugin.info.abiVersion == "1.3")
    #expect(plugin.info.styles.map(\.reducedMotionFallback) == [fallback, nil])
  }

  @Test(
    "a fallback that names the style itself, one of its presets, nothing of the plugin, or is malformed is refused",
    arguments: [
      ("slide", "names the style itself"),
      ("org.example.motion:slide", "names the style itself"),
      ("slide-from-trailing", "names 'slide-from-trailing', a preset of the style itself"),
      ("wobble", "names no style or preset of this plugin (the others are: fade, fade-quick)"),
      ("Fade Out", "is not valid: a fallback is the name of a style or preset"),
      ("org:fade", "is not valid"),
      ("org.example.other:", "is not valid"),
    ])
  func refused(fallback: String, problem: String) throws {
    let name = "libbad-" + String(fallback.map { $0.isLetter || $0.isNumber ? $0 : "_" }) + ".so"
    let path = try MotionFixture.compile(into: Self.directory.get(), name: name, slideFallback: fallback)
    let error = try loadFailure(path)
    guard case .badFallback(let value, _) = error.reason else { return unexpected(error) }
    #expect(value == fallback)
    #expect(error.plugin == "org.example.motion")
    #expect(error.style == "slide")
    #expect(error.description.contains("style 'slide': reduced_motion_fallback '\(fallback)' \(problem)"))
    #expect(error.description.contains("or set it to NULL"))
  }

  @Test("the reader's grammar of fallbacks")
  func grammar() {
    #expect(FallbackReference.isValid("fade"))
    #expect(FallbackReference.isValid("org.example.zoom:zoom-in"))
    #expect(!FallbackReference.isValid(""))
    #expect(!FallbackReference.isValid(":fade"))
    #expect(!FallbackReference.isValid("a:b:c"))
    #expect(!FallbackReference.isValid(String(repeating: "a", count: 65)))
    #expect(FallbackReference("org.x.y:fade") == FallbackReference("org.x.y:fade"))
    #expect(FallbackReference("fade").qualified(by: "org.x.y") == "org.x.y:fade")
    #expect(FallbackReference("org.a.b:fade").qualified(by: "org.x.y") == "org.a.b:fade")
  }
}
