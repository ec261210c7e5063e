import Foundation
import StagehandAnimation
import StagehandPlugins
import StagehandRender
import StagehandTestSupport

/// A plugin built from C source for the ABI 1.1 rendering tests: the examples of section 15 of stagehand_plugin.h
/// (a wipe, an uncover, a fade through black), with linear curves where a test needs known positions, an iris, a
/// rounded and off-centre clip, and styles with their own inverse builders.
enum ABI11Fixture {
  /// The styles, in the plugin's order.
  enum Style: Int, CaseIterable {
    /// Section 15's wipe from the leading edge, on a linear curve over 0.5 s.
    case wipe
    /// An iris opening from the centre: ellipse radii from 0 to 1, linear over 0.5 s.
    case iris
    /// Section 15's uncover, on a linear curve: the disappearing content on top slides away to the right.
    case uncover
    /// Section 15's fade through black.
    case fadeBlack
    /// A still clip (after a setup step): insets of 0.1, corners of 20 points, an ellipse moved right and shrunk.
    case rounded
    /// A slide in whose own inverse fades the leaving content out, leaving it transparent.
    case slideFade
    /// A slide in whose own inverse shrinks the leaving content and brings it back: opaque, at rest, on top at the end.
    case slideStay
    /// A forward animation that leaves the disappearing content half transparent and on top at its end.
    case lingering
    /// A spring step (translation) and a step with staggered change intervals, for the CSS export.
    case springStagger
  }

  static let source = """
    #include "stagehand_plugin.h"
    #define TRY(call) do { int32_t s_ = (call); if (s_ != SH_OK) return s_; } while (0)

    static int32_t wipe(const sh_context *c, const sh_host *h, sh_builder *b) {
      int from_left = c->layout_direction != SH_LAYOUT_RIGHT_TO_LEFT;
      double right = from_left ? 1.0 : 0.0, left = from_left ? 0.0 : 1.0;
      TRY(h->begin_step(b, 0.0, SH_CURVE_LINEAR));
      TRY(h->change_inset(b, SH_LAYER_APPEARING, 0, right, 0, left));
      TRY(h->begin_step(b, 0.5, SH_CURVE_LINEAR));
      return h->change_inset(b, SH_LAYER_APPEARING, 0, -right, 0, -left);
    }
    static int32_t iris(const sh_context *c, const sh_host *h, sh_builder *b) {
      (void)c;
      TRY(h->begin_step(b, 0.0, SH_CURVE_LINEAR));
      TRY(h->change_ellipse(b, SH_LAYER_APPEARING, 0, 0, -1, -1));
      TRY(h->begin_step(b, 0.5, SH_CURVE_LINEAR));
      return h->change_ellipse(b, SH_LAYER_APPEARING, 0, 0, 1, 1);
    }
    static int32_t uncover(const sh_context *c, const sh_host *h, sh_builder *b) {
      TRY(h->begin_step(b, 0.4, SH_CURVE_LINEAR));
      TRY(h->set_on_top(b, SH_LAYER_DISAPPEARING, SH_STEP_START));
      return h->translate(b, SH_LAYER_DISAPPEARING, c->width, 0, 0);
    }
    static int32_t fade_black(const sh_context *c, const sh_host *h, sh_builder *b) {
      (void)c;
      TRY(h->begin_step(b, 0.0, SH_CURVE_LINEAR));
      TRY(h->change_backdrop(b, 0, 0, 0, 1));
      TRY(h->fade(b, SH_LAYER_APPEARING, -1));
      TRY(h->begin_step(b, 0.6, SH_CURVE_LINEAR));
      TRY(h->set_interval(b, 0.0, 0.5));
      TRY(h->fade(b, SH_LAYER_DISAPPEARING, -1));
      TRY(h->set_interval(b, 0.5, 1.0));
      return h->fade(b, SH_LAYER_APPEARING, 1);
    }
    static int32_t rounded(const sh_context *c, const sh_host *h, sh_builder *b) {
      (void)c;
      TRY(h->begin_step(b, 0.0, SH_CURVE_LINEAR));
      TRY(h->change_inset(b, SH_LAYER_APPEARING, 0.1, 0.1, 0.1, 0.1));
      TRY(h->change_corner_radius(b, SH_LAYER_APPEARING, 20));
      TRY(h->change_ellipse(b, SH_LAYER_APPEARING, 0.15, 0, -0.4, -0.4));
      return h->begin_step(b, 0.5, SH_CURVE_LINEAR);
    }
    static int32_t slide(const sh_context *c, const sh_host *h, sh_builder *b) {
      TRY(h->begin_step(b, 0, SH_CURVE_LINEAR));
      TRY(h->translate(b, SH_LAYER_APPEARING, c->width, 0, 0));
      TRY(h->begin_step(b, 0.4, SH_CURVE_LINEAR));
      return h->translate(b, SH_LAYER_APPEARING, -c->width, 0, 0);
    }
    /* The pop: the leaving content (DISAPPEARING in the pop's roles) fades out and stays transparent. */
    static int32_t slide_fade_inverse(const sh_context *c, const sh_host *h, sh_builder *b) {
      (void)c;
      TRY(h->begin_step(b, 0.3, SH_CURVE_LINEAR));
      return h->fade(b, SH_LAYER_DISAPPEARING, -1);
    }
    /* The pop: the leaving content shrinks and comes back, opaque, at rest and on top: the 1.0 'flash'. */
    static int32_t slide_stay_inverse(const sh_context *c, const sh_host *h, sh_builder *b) {
      (void)c;
      TRY(h->begin_step(b, 0.2, SH_CURVE_LINEAR));
      TRY(h->scale(b, SH_LAYER_DISAPPEARING, 0.5, 0.5, 1));
      TRY(h->begin_step(b, 0.2, SH_CURVE_LINEAR));
      return h->scale(b, SH_LAYER_DISAPPEARING, 2, 2, 1);
    }
    static int32_t lingering(const sh_context *c, const sh_host *h, sh_builder *b) {
      (void)c;
      TRY(h->begin_step(b, 0.4, SH_CURVE_LINEAR));
      TRY(h->set_on_top(b, SH_LAYER_DISAPPEARING, SH_STEP_START));
      return h->fade(b, SH_LAYER_DISAPPEARING, -0.5);
    }
    static int32_t spring_stagger(const sh_context *c, const sh_host *h, sh_builder *b) {
      TRY(h->begin_step(b, 0, SH_CURVE_LINEAR));
      TRY(h->translate(b, SH_LAYER_APPEARING, c->width, 0, 0));
      TRY(h->begin_step(b, 0.6, SH_CURVE_LINEAR));
      TRY(h->set_spring(b, 1.0, 170.0, 15.0, 0.0));
      TRY(h->translate(b, SH_LAYER_APPEARING, -c->width, 0, 0));
      TRY(h->begin_step(b, 0.5, SH_CURVE_EASE_IN_OUT));
      TRY(h->set_interval(b, 0.0, 0.6));
      TRY(h->scale(b, SH_LAYER_APPEARING, 0.5, 0.5, 1));
      TRY(h->set_interval(b, 0.4, 1.0));
      return h->translate(b, SH_LAYER_APPEARING, 0, c->height / 4, 0);
    }

    #define STYLE(n, f, inv, d) { .struct_size = sizeof(sh_style), .name = n, .summary = "A test style.", \\
      .default_duration = d, .builder = (sh_function)f, .inverse_builder = (sh_function)inv }
    static const sh_style styles[] = {
      STYLE("wipe", wipe, 0, 0.5), STYLE("iris", iris, 0, 0.5), STYLE("uncover", uncover, 0, 0.4),
      STYLE("fade-black", fade_black, 0, 0.6), STYLE("rounded", rounded, 0, 0.5),
      STYLE("slide-fade", slide, slide_fade_inverse, 0.4), STYLE("slide-stay", slide, slide_stay_inverse, 0.4),
      STYLE("lingering", lingering, 0, 0.4), STYLE("spring-stagger", spring_stagger, 0, 1.1),
    };
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.render11", .version = "1.0.0", .name = "Render 1.1",
      .author = "Tests", .license = "MIT", .description = "ABI 1.1 rendering fixtures.",
      .style_count = sizeof styles / sizeof styles[0], .styles = styles };
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """

  /// The directory the library is built in, and the library's path; built once per test run.
  static let built: Result<(directory: URL, path: String), Error> = Result {
    let directory = try CFixture.temporaryDirectory("render11")
    return (directory, try CFixture.compile(source, into: directory, name: "librender11.so"))
  }

  /// The plugin, loaded once.
  static let plugin: Result<LoadedPlugin, Error> = Result { try LoadedPlugin.load(try built.get().path) }

  /// The forward animation of `style` in `bounds`.
  static func forward(_ style: Style, in bounds: Rect) throws -> Animation {
    try plugin.get().forward(styleIndex: style.rawValue, values: [], in: bounds)
  }

  /// The inverse animation of `style` in `bounds`.
  static func inverse(_ style: Style, in bounds: Rect) throws -> Animation {
    try plugin.get().inverse(styleIndex: style.rawValue, values: [], in: bounds)
  }
}

/// A picture of one opaque colour.
func solidPicture(width: Int, height: Int, _ color: RGB) -> PixelImage {
  PixelImage(width: width, height: height, rgba: Array(repeating: [color.r, color.g, color.b, 255], count: width * height).flatMap { $0 })!
}
