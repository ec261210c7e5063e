import Foundation
import StagehandAnimation
import StagehandPlugins
import StagehandTestSupport
import Testing

/// The examples of section 15 of stagehand_plugin.h, taken from the header itself, compile with warnings as errors
/// and do what the text says: a third party copying them gets a working wipe, uncover and fade through black.
@Suite("The header's ABI 1.1 examples")
struct HeaderExampleTests {
  /// The C code of section 15: the comment lines indented as code (" *     "), without that prefix.
  static func exampleCode() throws -> String {
    let header = try String(
      contentsOf: URL(fileURLWithPath: CFixture.headerDirectory).appendingPathComponent("stagehand_plugin.h"),
      encoding: .utf8)
    let start = try #require(header.range(of: "/* 15. [1.1] An example"))
    let section = header[start.upperBound...]
    return section.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { $0.hasPrefix(" *     ") }
      .map { String($0.dropFirst(3)) }
      .joined(separator: "\n")
  }

  static let descriptor = """

    static const sh_style styles[] = {
      { .struct_size = sizeof(sh_style), .name = "wipe", .summary = "A wipe.", .default_duration = 0.5,
        .builder = (sh_function)wipe_build },
      { .struct_size = sizeof(sh_style), .name = "uncover", .summary = "An uncover.", .default_duration = 0.4,
        .builder = (sh_function)uncover_build },
      { .struct_size = sizeof(sh_style), .name = "fade-black", .summary = "A fade through black.",
        .default_duration = 0.6, .builder = (sh_function)fade_black_build },
    };
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.section15", .version = "1.0.0", .name = "Section 15",
      .author = "Tests", .license = "MIT", .description = "The header's examples.", .style_count = 3,
      .styles = styles };
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """

  @Test("they compile as a plugin with warnings as errors, and draw a wipe, an uncover and a fade through black")
  func examplesWork() throws {
    let code = try Self.exampleCode()
    #expect(code.contains("wipe_build") && code.contains("uncover_build") && code.contains("fade_black_build"))
    let directory = try CFixture.temporaryDirectory("section15")
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = "#include \"stagehand_plugin.h\"\n" + code + Self.descriptor
    let plugin = try LoadedPlugin.load(
      try CFixture.compile(source, into: directory, name: "libsection15.so", flags: ["-Wall", "-Wextra", "-Werror"]))
    let bounds = Rect(x: 0, y: 0, width: 400, height: 300)

    // The wipe: halfway (its curve is symmetric), half of the appearing content is shown, from the leading edge.
    let wipe = try plugin.forward(styleIndex: 0, values: [], in: bounds)
    #expect(abs(wipe.sample(at: 0.25).appearing.clip.insets.right - 0.5) < 1e-12)
    #expect(wipe.sample(at: 0.25).appearing.clip.insets.left == 0)
    let rtl = try plugin.forward(
      styleIndex: 0, values: [], in: TransitionContext(bounds: bounds, layoutDirection: .rightToLeft))
    #expect(abs(rtl.sample(at: 0.25).appearing.clip.insets.left - 0.5) < 1e-12, "from the right in RTL")
    #expect(wipe.finalStates.appearing.clip == .none)

    // The uncover: the old content is on top while it slides away to the right.
    let uncover = try plugin.forward(styleIndex: 1, values: [], in: bounds)
    #expect(uncover.sample(at: 0.2).onTop == .disappearing)
    #expect(abs(uncover.sample(at: 0.2).disappearing.translation.x - 200) < 1e-9)

    // The fade through black: at the middle both contents are transparent over an opaque black backdrop.
    let fade = try plugin.forward(styleIndex: 2, values: [], in: bounds)
    let middle = fade.sample(at: 0.3)
    #expect(middle.backdrop == Backdrop(red: 0, green: 0, blue: 0, opacity: 1))
    #expect(abs(middle.appearing.opacity) < 1e-12 && abs(middle.disappearing.opacity) < 1e-12)
    #expect(fade.finalStates.appearing.opacity == 1)
  }
}
