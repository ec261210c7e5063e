import Foundation
import StagehandAnimation
import StagehandPlugins
import StagehandTestSupport
import Testing

/// The host function added in ABI 1.2 (stagehand_plugin.h, section 13), `change_wedge`, called by a real plugin
/// through libffi: what it records, the status and message of each call that breaks its rules, and plugins of 1.1
/// built against the frozen 1.1 header, which play exactly as before.
@Suite("ABI 1.2 host functions")
struct WedgeHostFunctionTests {
  /// One style whose integer parameter `case` picks what the builder does.
  static let source = """
    #include "stagehand_plugin.h"
    static int32_t build(const sh_context *c, const sh_host *h, sh_builder *b, int32_t which) {
      int32_t s;
      (void)c;
      switch (which) {
      case 0: /* a clock wipe from 3 o'clock, with a centre moved to the right */
        if ((s = h->begin_step(b, 0, SH_CURVE_LINEAR)) != SH_OK) return s;
        if ((s = h->change_wedge(b, SH_LAYER_APPEARING, 0.25, 0, SH_PI / 2, -2 * SH_PI)) != SH_OK) return s;
        if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->change_wedge(b, SH_LAYER_APPEARING, 0, 0, 0, 2 * SH_PI);
      case 1: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->change_wedge(b, SH_LAYER_STAGE, 0, 0, 0, -1);
      case 2: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->change_wedge(b, SH_LAYER_APPEARING, 0, 0, 0, 0.0 / 0.0);
      case 3: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->change_wedge(b, SH_LAYER_DISAPPEARING, 1.0 / 0.0, 0, 0, 0);
      default: return h->change_wedge(b, SH_LAYER_APPEARING, 0, 0, 0, -1);
      }
    }
    static const sh_parameter parameters[] = {{ .struct_size = sizeof(sh_parameter), .symbol = "case",
      .type = SH_PARAM_INT, .minimum = 0, .maximum = 4, .default_value = 0, .description = "What to do." }};
    static const sh_style styles[] = {{ .struct_size = sizeof(sh_style), .name = "wedges",
      .summary = "Calls the 1.2 host functions.", .default_duration = 1, .parameter_count = 1,
      .parameters = parameters, .builder = (sh_function)build }};
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.wedges", .version = "1.0.0", .name = "Wedges",
      .author = "Tests", .license = "MIT", .description = "ABI 1.2 calls.", .style_count = 1,
      .styles = styles };
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """

  static let directory = Result { try CFixture.temporaryDirectory("host-functions-v12") }

  static let plugin: Result<LoadedPlugin, any Error> = Result {
    try LoadedPlugin.load(try CFixture.compile(source, into: directory.get(), name: "libwedges.so"))
  }

  static let bounds = Rect(x: 0, y: 0, width: 200, height: 100)

  @Test(
    "change_wedge is recorded as deltas: the wedge starts empty, sweeps a whole turn, and the inverse keeps the law")
  func recorded() throws {
    let plugin = try Self.plugin.get()
    #expect(plugin.info.abiVersion == "1.3")
    let animation = try plugin.forward(styleIndex: 0, values: [.int(0)], in: Self.bounds)
    let start = animation.sample(at: 0).appearing.clip
    #expect(start.wedgeCentre == Point(x: 0.75, y: 0.5))
    #expect(start.wedgeStart == Double.pi / 2 && start.wedgeSweep == 0 && start.isEmpty)
    let quarter = animation.sample(at: 0.25).appearing.clip
    #expect(abs(quarter.wedgeSweep - Double.pi / 2) < 1e-12 && !quarter.isEmpty)
    // A quarter turn clockwise from 3 o'clock about (150, 50): the lower right of that centre only.
    #expect(quarter.contains(Point(x: 170, y: 70), in: Self.bounds))
    #expect(!quarter.contains(Point(x: 170, y: 30), in: Self.bounds))
    #expect(!quarter.contains(Point(x: 130, y: 70), in: Self.bounds))
    let end = animation.finalStates.appearing.clip
    #expect(end.wedgeSweep == Clip.fullTurn && !end.cutsWithWedge && !end.cutsAnything(in: Self.bounds))
    let inverse = try plugin.inverse(styleIndex: 0, values: [.int(0)], in: Self.bounds)
    #expect(inverseLawError(forward: animation.swapped(), reversed: inverse) <= 1e-9)
  }

  @Test(
    "a change_wedge that breaks its rules fails the build with its status and a message naming the call, value, fix",
    arguments: [
      (1, -1, "change_wedge: the stage has no clip; clip the appearing or disappearing layer"),
      (2, -1, "change_wedge of the appearing layer: dsweep is "),
      (3, -1, "change_wedge of the disappearing layer: dcx is inf, but it must be finite"),
      (4, -2, "change_wedge before any begin_step"),
    ])
  func refused(which: Int32, status: Int32, message: String) throws {
    let plugin = try Self.plugin.get()
    #expect {
      _ = try plugin.forward(styleIndex: 0, values: [.int(which)], in: Self.bounds)
    } throws: { error in
      guard let error = error as? PluginError, case .buildFailed(let got, let text) = error.reason else { return false }
      return got == status && (text ?? "").contains(message)
    }
  }

  /// The directory of the verbatim copy of the ABI 1.1 header (the header of ABI 1.1 as it was released).
  static let abi11HeaderDirectory = CFixture.repositoryRoot.appendingPathComponent(
    "Tests/StagehandPluginsTests/Fixtures/ABI-1.1"
  ).path

  @Test("the committed 1.1 header is the 1.1 ABI: minor 1, and its sh_host ends at change_backdrop")
  func header11() throws {
    let text = try String(contentsOfFile: Self.abi11HeaderDirectory + "/stagehand_plugin.h", encoding: .utf8)
    #expect(text.contains("#define SH_ABI_MINOR 1"))
    #expect(!text.contains("change_wedge"))
    #expect(
      text.contains(
        "int32_t (*change_backdrop)(sh_builder *builder, double dr, double dg, double db, double dopacity);\n};"))
  }

  @Test(
    "a 1.1 plugin built against the frozen 1.1 header plays every style exactly as built against the current header")
  func abi11PluginsUnchanged() throws {
    let directory = try Self.directory.get()
    let old = try LoadedPlugin.load(
      CFixture.compile(
        StageEffectSources.plugin, into: directory, name: "librender11-old.so",
        flags: ["-iquote", Self.abi11HeaderDirectory]))
    let new = try LoadedPlugin.load(
      CFixture.compile(StageEffectSources.plugin, into: directory, name: "librender11-new.so"))
    #expect(old.info.abiVersion == "1.1")
    #expect(new.info.abiVersion == "1.3")
    #expect(old.info.styles.map(\.name) == new.info.styles.map(\.name))
    for index in old.info.styles.indices {
      for bounds in [Self.bounds, Rect(x: 10, y: 20, width: 640, height: 480)] {
        let context = TransitionContext(bounds: bounds)
        #expect(
          try old.forward(styleIndex: index, values: [], in: context)
            == new.forward(
              styleIndex: index, values: [], in: context))
        #expect(
          try old.inverse(styleIndex: index, values: [], in: context)
            == new.inverse(
              styleIndex: index, values: [], in: context))
      }
    }
  }
}
