import Foundation

/// Plugins for the tests of ABI 1.1's reduced-motion fallbacks and layout direction, built with `cc` at test time, and
/// the valid fixture plugin built against the committed copy of the 1.0 header.
public enum MotionFixture {
  /// The directory of the verbatim copy of the ABI 1.0 header.
  public static var abi10HeaderDirectory: String {
    CFixture.repositoryRoot.appendingPathComponent("Tests/StagehandPluginsTests/Fixtures/ABI-1.0").path
  }

  /// Compiles `FixtureSources.plugin` (the valid variant, plugin `org.example.fixture`) against the 1.0 header into
  /// `directory/name`: `-iquote` puts that header's directory before the include path of `CFixture.compile`.
  @discardableResult
  public static func compileABI10(into directory: URL, name: String = "libabi10.so") throws -> String {
    try CFixture.compile(FixtureSources.plugin, into: directory, name: name, flags: ["-iquote", abi10HeaderDirectory])
  }

  /// Compiles `source` into `directory/name` with the macros given (`-D NAME=VALUE`; a string value is quoted here).
  @discardableResult
  public static func compile(
    into directory: URL, name: String, id: String = "org.example.motion", minor: Int? = nil,
    slideFallback: String? = "fade", fadeFallback: String? = nil
  ) throws -> String {
    func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "NULL" }
    var flags = [
      "-DPLUGIN_ID=\"\(id)\"", "-DSLIDE_FALLBACK=\(quoted(slideFallback))", "-DFADE_FALLBACK=\(quoted(fadeFallback))",
    ]
    if let minor { flags.append("-DMINOR=\(minor)") }
    return try CFixture.compile(source, into: directory, name: name, flags: flags)
  }

  /// Two styles: `slide` (an enum `edge`, `leading` or `trailing`, and the preset `slide-from-trailing`) moves the
  /// new content in from that edge, which follows the context's layout direction, and names `SLIDE_FALLBACK` as its
  /// reduced-motion fallback; `fade` (the preset `fade-quick`) fades, names `FADE_FALLBACK`, and adds a pause of
  /// length 0 at its start when the context reduces motion, so that a test sees the flag it was built with.
  public static let source = #"""
    #include "stagehand_plugin.h"

    #ifndef MINOR
    #define MINOR SH_ABI_MINOR
    #endif

    #define TRY(call)                                      \
        do {                                               \
            int32_t status_ = (call);                      \
            if (status_ != SH_OK) return status_;          \
        } while (0)

    static const char *const edge_labels[] = {"leading", "trailing"};

    static const sh_parameter slide_parameters[] = {{
        .struct_size = sizeof(sh_parameter),
        .symbol = "edge",
        .type = SH_PARAM_ENUM,
        .minimum = 0,
        .maximum = 1,
        .default_value = 0,
        .label_count = 2,
        .labels = edge_labels,
        .description = "The edge the new content slides in from.",
    }};

    static const sh_preset_value trailing[] = {{.parameter = "edge", .value = "trailing"}};

    static const sh_preset slide_presets[] = {{
        .struct_size = sizeof(sh_preset),
        .name = "slide-from-trailing",
        .summary = "Slides in from the trailing edge.",
        .value_count = 1,
        .values = trailing,
    }};

    static const sh_preset fade_presets[] = {{
        .struct_size = sizeof(sh_preset),
        .name = "fade-quick",
        .summary = "The fade, by another name.",
    }};

    static int32_t slide_build(const sh_context *context, const sh_host *host, sh_builder *builder, int32_t edge)
    {
        int rtl = context->layout_direction == SH_LAYOUT_RIGHT_TO_LEFT;
        int from_left = (edge == 0) != rtl;
        double dx = from_left ? -context->width : context->width;
        TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
        TRY(host->translate(builder, SH_LAYER_APPEARING, dx, 0.0, 0.0));
        TRY(host->begin_step(builder, 0.4, SH_CURVE_EASE_IN_OUT));
        TRY(host->translate(builder, SH_LAYER_APPEARING, -dx, 0.0, 0.0));
        return host->translate(builder, SH_LAYER_DISAPPEARING, -dx, 0.0, 0.0);
    }

    static int32_t fade_build(const sh_context *context, const sh_host *host, sh_builder *builder)
    {
        if (context->flags & SH_CONTEXT_REDUCE_MOTION) TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
        TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
        TRY(host->fade(builder, SH_LAYER_APPEARING, -1.0));
        TRY(host->begin_step(builder, 0.2, SH_CURVE_LINEAR));
        TRY(host->fade(builder, SH_LAYER_APPEARING, 1.0));
        return host->fade(builder, SH_LAYER_DISAPPEARING, -1.0);
    }

    static const sh_style styles[] = {
        {
            .struct_size = sizeof(sh_style),
            .name = "slide",
            .summary = "The new content slides in from an edge.",
            .default_duration = 0.4,
            .parameter_count = 1,
            .parameters = slide_parameters,
            .preset_count = 1,
            .presets = slide_presets,
            .builder = (sh_function)slide_build,
            .reduced_motion_fallback = SLIDE_FALLBACK,
        },
        {
            .struct_size = sizeof(sh_style),
            .name = "fade",
            .summary = "The new content fades in while the old one fades out.",
            .default_duration = 0.2,
            .preset_count = 1,
            .presets = fade_presets,
            .builder = (sh_function)fade_build,
            .reduced_motion_fallback = FADE_FALLBACK,
        },
    };

    static const sh_plugin plugin = {
        .abi_major = SH_ABI_MAJOR,
        .abi_minor = MINOR,
        .struct_size = sizeof(sh_plugin),
        .id = PLUGIN_ID,
        .version = "1.0.0",
        .name = "Motion",
        .author = "The Stagehand tests",
        .license = "MIT",
        .description = "A plugin for the tests of reduced-motion fallbacks and layout direction.",
        .style_count = 2,
        .styles = styles,
    };

    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void)
    {
        return &plugin;
    }
    """#
}
