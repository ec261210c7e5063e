import Foundation
import StagehandAnimation
import StagehandPlugins
import StagehandTestSupport
import Testing

/// The host functions added in ABI 1.1 (stagehand_plugin.h, section 13), called by a real plugin through libffi: what
/// each records, and the status and message of each call that breaks its rules.
@Suite("ABI 1.1 host functions")
struct StageEffectHostFunctionTests {
  /// One style whose integer parameter `case` picks what the builder does; every case returns the status of its last
  /// host call, so a refused call fails the build with that status.
  static let source = """
    #include "stagehand_plugin.h"
    static int32_t build(const sh_context *c, const sh_host *h, sh_builder *b, int32_t which) {
      int32_t s;
      (void)c;
      switch (which) {
      case 0: /* everything, valid */
        if ((s = h->begin_step(b, 0, SH_CURVE_LINEAR)) != SH_OK) return s;
        if ((s = h->change_inset(b, SH_LAYER_APPEARING, 0, 1, 0, 0)) != SH_OK) return s;
        if ((s = h->change_backdrop(b, 1, 1, 1, 1)) != SH_OK) return s;
        if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        if ((s = h->set_on_top(b, SH_LAYER_DISAPPEARING, SH_STEP_START)) != SH_OK) return s;
        if ((s = h->set_on_top(b, SH_LAYER_APPEARING, SH_STEP_END)) != SH_OK) return s;
        if ((s = h->set_spring(b, 1, 170, 26, 0)) != SH_OK) return s;
        if ((s = h->set_interval(b, 0.25, 0.75)) != SH_OK) return s;
        if ((s = h->change_inset(b, SH_LAYER_APPEARING, 0, -1, 0, 0)) != SH_OK) return s;
        if ((s = h->change_ellipse(b, SH_LAYER_DISAPPEARING, 0.1, 0, -0.5, -0.5)) != SH_OK) return s;
        if ((s = h->change_corner_radius(b, SH_LAYER_DISAPPEARING, 12)) != SH_OK) return s;
        if ((s = h->begin_step(b, 0.5, SH_CURVE_EASE_IN)) != SH_OK) return s;
        /* Already on top at this moment: nothing changes. */
        if ((s = h->set_on_top(b, SH_LAYER_APPEARING, SH_STEP_START)) != SH_OK) return s;
        return h->change_backdrop(b, -1, -1, -1, -1);
      case 1: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->change_inset(b, SH_LAYER_STAGE, 0, 0.5, 0, 0);
      case 2: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->set_interval(b, 0.5, 0.5);
      case 3: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->set_spring(b, 1, 100, 0, 0);
      case 4: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->set_on_top(b, SH_LAYER_APPEARING, 7);
      case 5: return h->set_interval(b, 0, 1);
      case 6: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->set_on_top(b, SH_LAYER_STAGE, SH_STEP_START);
      case 7: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->change_ellipse(b, SH_LAYER_APPEARING, 0, 0, 1.0 / 0.0, 0);
      default: if ((s = h->begin_step(b, 1, SH_CURVE_LINEAR)) != SH_OK) return s;
        return h->change_backdrop(b, 0, 0, 0, 0.0 / 0.0);
      }
    }
    static const sh_parameter parameters[] = {{ .struct_size = sizeof(sh_parameter), .symbol = "case",
      .type = SH_PARAM_INT, .minimum = 0, .maximum = 8, .default_value = 0, .description = "What to do." }};
    static const sh_style styles[] = {{ .struct_size = sizeof(sh_style), .name = "calls",
      .summary = "Calls the 1.1 host functions.", .default_duration = 1.5, .parameter_count = 1,
      .parameters = parameters, .builder = (sh_function)build }};
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.calls", .version = "1.0.0", .name = "Calls",
      .author = "Tests", .license = "MIT", .description = "ABI 1.1 calls.", .style_count = 1,
      .styles = styles };
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """

  static let plugin: Result<LoadedPlugin, any Error> = Result {
    let directory = try CFixture.temporaryDirectory("host-functions-v11")
    return try LoadedPlugin.load(try CFixture.compile(source, into: directory, name: "libcalls.so"))
  }

  static let bounds = Rect(x: 0, y: 0, width: 200, height: 100)

  @Test("every 1.1 call is recorded: clips, backdrop, draw order as instant steps, spring, interval")
  func recorded() throws {
    let plugin = try Self.plugin.get()
    let animation = try plugin.forward(styleIndex: 0, values: [.int(0)], in: Self.bounds)
    // setup, [order before], the spring step, [order after], the last step: the no-op order change adds nothing.
    #expect(animation.steps.count == 5)
    #expect(animation.steps[1].changes.map(\.change) == [.swapDrawOrder] && animation.steps[1].duration == 0)
    #expect(animation.steps[3].changes.map(\.change) == [.swapDrawOrder] && animation.steps[3].duration == 0)
    let spring = animation.steps[2]
    guard case .spring(let s, reversed: false) = spring.curve.shape else {
      Issue.record("the step's curve is \(spring.curve), not a spring")
      return
    }
    #expect(s.mass == 1 && s.stiffness == 170 && s.damping == 26)
    #expect(spring.changes.allSatisfy { $0.interval == (try! ChangeInterval(start: 0.25, end: 0.75)) })
    #expect(animation.sample(at: 0).appearing.clip.insets.right == 1)
    #expect(animation.sample(at: 0).onTop == .disappearing)
    #expect(animation.sample(at: 0.2).appearing.clip.insets.right == 1, "the interval has not begun")
    #expect(animation.sample(at: 0.2).backdrop == Backdrop(red: 1, green: 1, blue: 1, opacity: 1))
    let end = animation.sample(at: 1)
    #expect(end.onTop == .appearing)
    #expect(end.appearing.clip.insets.right == 0)
    #expect(end.disappearing.clip.cornerRadius == 12)
    #expect(end.disappearing.clip.ellipseRadii == Point(x: 0.5, y: 0.5))
    #expect(animation.finalStates.backdrop == .none)
    // The derived inverse obeys the law.
    let inverse = try plugin.inverse(styleIndex: 0, values: [.int(0)], in: Self.bounds)
    #expect(inverseLawError(forward: animation.swapped(), reversed: inverse) <= 1e-9)
  }

  @Test(
    "a call that breaks its rules fails the build with its status and a message naming the call",
    arguments: [
      (1, -1, "change_inset"), (2, -1, "set_interval"), (3, -1, "set_spring"), (4, -1, "set_on_top: when 7"),
      (5, -2, "set_interval before any begin_step"), (6, -1, "set_on_top: layer 2"), (7, -1, "drx is inf"),
      (8, -1, "change_backdrop of the stage layer: dopacity is"),
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
}
