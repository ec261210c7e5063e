import Foundation
import StagehandAnimation
import StagehandPlugins
import StagehandTestSupport
import Testing

/// The host function added in ABI 1.3 (stagehand_plugin.h, section 13), `change_dim`, called by a real plugin
/// through libffi: what it records, the status and message of each call that breaks its rules, how a plugin tells a
/// 1.2 host's table (which ends at change_wedge) from a 1.3 one, and the bundled clip plugin built against the frozen
/// 1.2 header, which plays exactly as before.
@Suite("ABI 1.3 host functions")
struct DimHostFunctionTests {
  /// One style whose integer parameter `case` picks what the builder does.
  static let source = """
    #include "stagehand_plugin.h"
    #include <stddef.h>
    static int32_t build(const sh_context *c, const sh_host *h, sh_builder *b, int32_t which) {
      int32_t s;
      sh_host old;
      (void)c;
      switch (which) {
      case 0: /* the disappearing content darkened to 0.6 over 1 s, the appearing one brightened from -0.5 */
        if ((s = h->begin_step(b, 0, SH_CURVE_LINEAR)) != SH_OK) return s;
        if ((s = h->change_dim(b, SH_LAYER_APPEARING, -0.5)) != SH_OK) return s;
        if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        if ((s = h->change_dim(b, SH_LAYER_APPEARING, 0.5)) != SH_OK) return s;
        return h->change_dim(b, SH_LAYER_DISAPPEARING, 0.6);
      case 1: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->change_dim(b, SH_LAYER_STAGE, 0.5);
      case 2: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->change_dim(b, SH_LAYER_APPEARING, 0.0 / 0.0);
      case 3: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->change_dim(b, SH_LAYER_DISAPPEARING, -1.0 / 0.0);
      case 4: return h->change_dim(b, SH_LAYER_APPEARING, 0.5);
      default: /* what a plugin that also runs on a 1.2 host does: the step lasts 2 s when a 1.2 table lacks it */
        old = *h;
        old.struct_size = (uint32_t)offsetof(sh_host, change_dim);
        if ((s = h->begin_step(b, SH_HAS_FIELD(&old, sh_host, change_dim) ? 1 : 2, SH_CURVE_LINEAR)) != SH_OK) return s;
        if (SH_HAS_FIELD(h, sh_host, change_dim)) return h->change_dim(b, SH_LAYER_DISAPPEARING, 0.25);
        return h->fade(b, SH_LAYER_DISAPPEARING, -1);
      }
    }
    static const sh_parameter parameters[] = {{ .struct_size = sizeof(sh_parameter), .symbol = "case",
      .type = SH_PARAM_INT, .minimum = 0, .maximum = 5, .default_value = 0, .description = "What to do." }};
    static const sh_style styles[] = {{ .struct_size = sizeof(sh_style), .name = "dims",
      .summary = "Calls the 1.3 host functions.", .default_duration = 1, .parameter_count = 1,
      .parameters = parameters, .builder = (sh_function)build }};
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.dims", .version = "1.0.0", .name = "Dims",
      .author = "Tests", .license = "MIT", .description = "ABI 1.3 calls.", .style_count = 1,
      .styles = styles };
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """

  static let directory = Result { try CFixture.temporaryDirectory("host-functions-v13") }

  static let plugin: Result<LoadedPlugin, any Error> = Result {
    try LoadedPlugin.load(try CFixture.compile(source, into: directory.get(), name: "libdims.so"))
  }

  static let bounds = Rect(x: 0, y: 0, width: 200, height: 100)

  @Test("change_dim is recorded as deltas, unclamped, on both content layers, and the inverse keeps the law")
  func recorded() throws {
    let plugin = try Self.plugin.get()
    #expect(plugin.info.abiVersion == "1.3")
    let animation = try plugin.forward(styleIndex: 0, values: [.int(0)], in: Self.bounds)
    let start = animation.sample(at: 0)
    #expect(start.appearing.dim == -0.5 && start.appearing.visibleDim == 0 && start.disappearing.dim == 0)
    let half = animation.sample(at: 0.5)
    #expect(abs(half.appearing.dim + 0.25) < 1e-12 && abs(half.disappearing.dim - 0.3) < 1e-12)
    let end = animation.finalStates
    #expect(end.appearing.dim == 0 && abs(end.disappearing.dim - 0.6) < 1e-12)
    #expect(end.stage.dim == 0)
    let inverse = try plugin.inverse(styleIndex: 0, values: [.int(0)], in: Self.bounds)
    #expect(inverseLawError(forward: animation.swapped(), reversed: inverse) <= 1e-9)
    #expect(inverse.finalStates.appearing.dim == 0)
  }

  @Test(
    "a change_dim that breaks its rules fails the build with its status and a message naming the call, value, fix",
    arguments: [
      (1, -1, "change_dim: the stage has no dim (it has no pixels of its own); dim the appearing or disappearing"),
      (2, -1, "change_dim of the appearing layer: ddim is "),
      (3, -1, "change_dim of the disappearing layer: ddim is -inf, but it must be finite"),
      (4, -2, "change_dim before any begin_step"),
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

  @Test("SH_HAS_FIELD tells a 1.2 host's table (no change_dim) from the 1.3 table the host gives")
  func presence() throws {
    let animation = try Self.plugin.get().forward(styleIndex: 0, values: [.int(5)], in: Self.bounds)
    #expect(animation.duration == 2)  // the table cut to a 1.2 host's size lacks change_dim
    #expect(animation.finalStates.disappearing.dim == 0.25)  // the host's own table has it
  }

  @Test("the model refuses a dim of the stage and a non-finite dim, naming each")
  func modelRefuses() {
    #expect(throws: AnimationError.dimOnStage) {
      try Step(duration: 1, curve: .linear, changes: [Step.Change(.stage, .dim(0.5))])
    }
    #expect(throws: AnimationError.nonFinite(value: "dim change of the appearing layer", .infinity)) {
      try Step(duration: 1, curve: .linear, changes: [Step.Change(.appearing, .dim(.infinity))])
    }
    #expect(AnimationError.dimOnStage.description.contains("dim the appearing or disappearing layer"))
  }

  /// The directory of the verbatim copy of the ABI 1.2 header (the header of ABI 1.2 as it was released).
  static let abi12HeaderDirectory = CFixture.repositoryRoot.appendingPathComponent(
    "Tests/StagehandPluginsTests/Fixtures/ABI-1.2"
  ).path

  @Test("the committed 1.2 header is the 1.2 ABI: minor 2, and its sh_host ends at change_wedge")
  func header12() throws {
    let text = try String(contentsOfFile: Self.abi12HeaderDirectory + "/stagehand_plugin.h", encoding: .utf8)
    #expect(text.contains("#define SH_ABI_MINOR 2"))
    #expect(!text.contains("change_dim"))
    #expect(
      text.contains(
        "int32_t (*change_wedge)(sh_builder *builder, int32_t layer, double dcx, double dcy, double dstart, "
          + "double dsweep);\n};"))
  }

  @Test("the bundled clip plugin (clock wipes: 1.2) built against the frozen 1.2 header plays every style as with 1.3")
  func abi12PluginsUnchanged() throws {
    let directory = try Self.directory.get()
    let source = try String(
      contentsOf: CFixture.repositoryRoot.appendingPathComponent("Plugins/Clip/clip.c"), encoding: .utf8)
    let old = try LoadedPlugin.load(
      CFixture.compile(
        source, into: directory, name: "libclip12-old.so", flags: ["-iquote", Self.abi12HeaderDirectory]))
    let new = try LoadedPlugin.load(CFixture.compile(source, into: directory, name: "libclip12-new.so"))
    #expect(old.info.abiVersion == "1.2")
    #expect(new.info.abiVersion == "1.3")
    #expect(old.info.styles.map(\.name) == new.info.styles.map(\.name))
    for (index, style) in old.info.styles.enumerated() {
      let values = style.parameters.map(\.defaultParameterValue)
      for bounds in [Self.bounds, Rect(x: 10, y: 20, width: 640, height: 480)] {
        let context = TransitionContext(bounds: bounds)
        let forward = try old.forward(styleIndex: index, values: values, in: context)
        #expect(try forward == new.forward(styleIndex: index, values: values, in: context), "\(style.name)")
        let inverse = try old.inverse(styleIndex: index, values: values, in: context)
        #expect(try inverse == new.inverse(styleIndex: index, values: values, in: context), "\(style.name)")
      }
    }
  }
}
