import Foundation
import StagehandAnimation
import StagehandPlugins
import StagehandTestSupport
import Testing

/// A style may ship its own inverse builder: the host calls it for the inverse, starting from the forward's end
/// state with the content layers swapped, and refuses one that does not bring the revealed content, the stage and the
/// backdrop back to rest (ABI 1.1: the leaving content may end anywhere, since it is not drawn after the end).
@Suite("Own inverse builders")
struct InverseBuilderTests {
  /// A slide whose inverse fades the leaving content out instead of sliding it back, and leaves it transparent;
  /// `BREAK_END_STATE` also leaves the revealed content half transparent, which breaks the end-state rule.
  static let source = """
    #include "stagehand_plugin.h"
    static int32_t forward(const sh_context *c, const sh_host *h, sh_builder *b) {
      int32_t s;
      if ((s = h->begin_step(b, 0, SH_CURVE_LINEAR)) != SH_OK) return s;
      if ((s = h->translate(b, SH_LAYER_APPEARING, c->width, 0, 0)) != SH_OK) return s;
      if ((s = h->begin_step(b, 0.4, SH_CURVE_EASE_IN_OUT)) != SH_OK) return s;
      return h->translate(b, SH_LAYER_APPEARING, -c->width, 0, 0);
    }
    /* The pop: the leaving content (DISAPPEARING in the pop's roles) fades out and stays transparent. */
    static int32_t inverse(const sh_context *c, const sh_host *h, sh_builder *b) {
      int32_t s;
      (void)c;
      if ((s = h->begin_step(b, 0.3, SH_CURVE_LINEAR)) != SH_OK) return s;
    #ifdef BREAK_END_STATE
      if ((s = h->fade(b, SH_LAYER_APPEARING, -0.5)) != SH_OK) return s;
    #endif
      return h->fade(b, SH_LAYER_DISAPPEARING, -1);
    }
    static const sh_style styles[] = {{ .struct_size = sizeof(sh_style), .name = "slide-fade",
      .summary = "Slides in, fades out.", .default_duration = 0.4, .builder = (sh_function)forward,
      .inverse_builder = (sh_function)inverse }};
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.inverse", .version = "1.0.0", .name = "Inverse",
      .author = "Tests", .license = "MIT", .description = "An own inverse builder.", .style_count = 1,
      .styles = styles };
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """

  static let bounds = Rect(x: 0, y: 0, width: 300, height: 200)

  @Test("the own inverse builder is called, from the forward's end state, and must bring the revealed content to rest")
  func ownInverse() throws {
    let directory = try CFixture.temporaryDirectory("inverse")
    defer { try? FileManager.default.removeItem(at: directory) }
    let good = try LoadedPlugin.load(try CFixture.compile(Self.source, into: directory, name: "libgood.so"))
    #expect(good.info.styles[0].hasInverseBuilder)
    let forward = try good.forward(styleIndex: 0, values: [], in: Self.bounds)
    let inverse = try good.inverse(styleIndex: 0, values: [], in: Self.bounds)
    #expect(inverse.initialStates == forward.finalStates.swapped)
    #expect(inverse.duration == 0.3, "the plugin's own steps, not the reversed forward (0.4 s)")
    #expect(abs(inverse.sample(at: 0.15).disappearing.opacity - 0.5) < 1e-12)
    var expectedEnd = LayerStates.identity
    expectedEnd.disappearing.opacity = 0  // the leaving content may end anywhere: here transparent
    expectedEnd.onTop = .disappearing  // the draw order it started with
    #expect(maxDifference(inverse.finalStates, expectedEnd) <= 1e-12)
    #expect(inverse.finalStates.onTop == .disappearing)

    let broken = try LoadedPlugin.load(
      try CFixture.compile(Self.source, into: directory, name: "libbroken.so", flags: ["-DBREAK_END_STATE"]))
    #expect {
      _ = try broken.inverse(styleIndex: 0, values: [], in: Self.bounds)
    } throws: { error in
      guard let error = error as? PluginError, case .buildFailed(_, let message) = error.reason else { return false }
      return error.style == "slide-fade" && (message ?? "").contains("the end-state rule")
    }
    _ = try broken.forward(styleIndex: 0, values: [], in: Self.bounds)
  }
}
