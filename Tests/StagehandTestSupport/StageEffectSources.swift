/// The C source of a plugin for the ABI 1.1 rendering and export tests: the examples of section 15 of
/// stagehand_plugin.h (a wipe, an uncover, a fade through black), with linear curves where a test needs known
/// positions, an iris, a rounded and off-centre clip, styles with their own inverse builders, and a spring and a
/// stagger. Its styles, in order: r11-wipe, r11-iris, r11-uncover, r11-fade-black, r11-rounded, r11-slide-fade,
/// r11-slide-stay, r11-lingering, r11-spring-stagger.
public enum StageEffectSources {
  /// The plugin's source, for `CFixture.compile`.
  public static let plugin = """
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
      STYLE("r11-wipe", wipe, 0, 0.5), STYLE("r11-iris", iris, 0, 0.5), STYLE("r11-uncover", uncover, 0, 0.4),
      STYLE("r11-fade-black", fade_black, 0, 0.6), STYLE("r11-rounded", rounded, 0, 0.5),
      STYLE("r11-slide-fade", slide, slide_fade_inverse, 0.4), STYLE("r11-slide-stay", slide, slide_stay_inverse, 0.4),
      STYLE("r11-lingering", lingering, 0, 0.4), STYLE("r11-spring-stagger", spring_stagger, 0, 1.1),
    };
    static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
      .struct_size = sizeof(sh_plugin), .id = "org.example.render11", .version = "1.0.0", .name = "Render 1.1",
      .author = "Tests", .license = "MIT", .description = "ABI 1.1 rendering fixtures.",
      .style_count = sizeof styles / sizeof styles[0], .styles = styles };
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """
}
