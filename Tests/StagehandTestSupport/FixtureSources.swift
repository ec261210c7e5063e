/// The C sources of the fixture plugins, which `FixtureLibraries` compiles with `cc` when the tests first need them.
///
/// They live in Swift string literals because SwiftPM refuses a test target that mixes Swift and C sources: a `.c`
/// file in this directory would need an `exclude:` for it in Package.swift.
public enum FixtureSources {
  /// A minimal valid plugin, and every broken variant of it: each `BREAK_<NAME>` macro breaks one rule of
  /// stagehand_plugin.h (see `Fixture`).
  public static let plugin = #"""
    /*
     * A minimal valid plugin (one style "slide" with an enum and a double parameter, a preset and a builder), and the
     * broken variants derived from it: compile with -DBREAK_<NAME> to break one rule of stagehand_plugin.h.
     */
    #include "stagehand_plugin.h"

    #include <math.h>
    #include <stddef.h>

    #define COUNT(array) (sizeof(array) / sizeof((array)[0]))
    #define TRY(call)                                      \
        do {                                               \
            int32_t status_ = (call);                      \
            if (status_ != SH_OK) return status_;          \
        } while (0)

    static const char *const edge_labels[] = {"left", "right"};

    static const sh_parameter parameters[] = {
        {
            .struct_size = sizeof(sh_parameter),
            .symbol = "edge",
    #if defined(BREAK_PARAMETER_TYPE)
            .type = 9,
    #else
            .type = SH_PARAM_ENUM,
    #endif
            .minimum = 0,
            .maximum = 1,
            .default_value = 0,
    #if defined(BREAK_NO_LABELS)
            .label_count = 0,
            .labels = NULL,
    #else
            .label_count = COUNT(edge_labels),
            .labels = edge_labels,
    #endif
            .description = "The edge the new content slides in from.",
        },
        {
            .struct_size = sizeof(sh_parameter),
            .symbol = "amount",
            .type = SH_PARAM_DOUBLE,
            .minimum = 0,
            .maximum = 1,
    #if defined(BREAK_DEFAULT_OUT_OF_RANGE)
            .default_value = 2,
    #else
            .default_value = 0.5,
    #endif
    #if defined(BREAK_STRAY_LABELS)
            .labels = edge_labels,
    #endif
    #if defined(BREAK_LONG_UNIT)
            .unit = "a unit of measure written out in many words, longer than the sixty-four bytes of a name but valid",
    #else
            .unit = "factor",
    #endif
    #if defined(BREAK_PARAMETER_UTF8)
            .description = "How far it slides, \xff as a fraction of the width.",
    #else
            .description = "How far it slides, as a fraction of the width.",
    #endif
        },
    };

    static const sh_preset_value from_right_values[] = {
    #if defined(BREAK_PRESET_PARAMETER)
        {.parameter = "direction", .value = "right"},
    #elif defined(BREAK_PRESET_LABEL)
        {.parameter = "edge", .value = "middle"},
    #else
        {.parameter = "edge", .value = "right"},
    #endif
        {.parameter = "amount", .value = "0.25"},
    };

    static const sh_preset presets[] = {
        {
            .struct_size = sizeof(sh_preset),
    #if defined(BREAK_PRESET_NAMED_LIKE_STYLE)
            .name = "slide",
    #else
            .name = "slide-from-right",
    #endif
            .summary = "Slides a quarter of the width in from the right.",
            .value_count = COUNT(from_right_values),
            .values = from_right_values,
        },
    };

    static int32_t slide_build(const sh_context *context, const sh_host *host, sh_builder *builder, int32_t edge,
                               double amount)
    {
        (void)context, (void)edge, (void)amount; /* not every variant uses them */
    #if defined(BREAK_BUILD_REPORT)
        TRY(host->report(builder, "slide: this fixture always fails, on purpose"));
        return SH_ERROR_FAILED;
    #elif defined(BREAK_BUILD_NAN)
        TRY(host->begin_step(builder, 0.3, SH_CURVE_LINEAR));
        return host->translate(builder, SH_LAYER_APPEARING, NAN, 0.0, 0.0);
    #elif defined(BREAK_BUILD_SCALE_UNDERFLOW)
        /* Each factor has a finite reciprocal; their product, 1e-400, is 0 in a double. */
        TRY(host->begin_step(builder, 0.1, SH_CURVE_LINEAR));
        TRY(host->scale(builder, SH_LAYER_APPEARING, 1.0, 1e-200, 1.0));
        TRY(host->begin_step(builder, 0.1, SH_CURVE_LINEAR));
        return host->scale(builder, SH_LAYER_APPEARING, 1.0, 1e-200, 1.0);
    #elif defined(BREAK_BUILD_STEPS)
        for (int i = 0; i < 1000; i++) {
            (void)host->begin_step(builder, 0.001, SH_CURVE_LINEAR); /* the status is ignored, against the rules */
        }
        return SH_OK;
    #else
        double dx = (edge == 0 ? -1.0 : 1.0) * amount * context->width;
    #if defined(BREAK_BUILD_IGNORED_ERROR)
        (void)host->fade(builder, SH_LAYER_DISAPPEARING, -1.0); /* a change before any step fails; ignored */
    #endif
        TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
        TRY(host->translate(builder, SH_LAYER_APPEARING, dx, 0.0, 0.0));
        TRY(host->fade(builder, SH_LAYER_APPEARING, -1.0));
        TRY(host->begin_step(builder, 0.3, SH_CURVE_EASE_IN_OUT));
        TRY(host->translate(builder, SH_LAYER_APPEARING, -dx, 0.0, 0.0));
        TRY(host->fade(builder, SH_LAYER_APPEARING, 1.0));
        TRY(host->fade(builder, SH_LAYER_DISAPPEARING, -1.0));
    #if defined(BREAK_BUILD_POSITIVE)
        return 7;
    #else
        return SH_OK;
    #endif
    #endif
    }

    static const sh_style styles[] = {
        {
    #if defined(BREAK_STYLE_STRUCT_SIZE)
            .struct_size = 8,
    #else
            .struct_size = sizeof(sh_style),
    #endif
    #if defined(BREAK_STYLE_NULL_NAME)
            .name = NULL,
    #elif defined(BREAK_STYLE_BAD_NAME)
            .name = "Push Left",
    #else
            .name = "slide",
    #endif
            .summary = "The new content slides in while it fades in over the old one.",
    #if defined(BREAK_NEGATIVE_DURATION)
            .default_duration = -0.3,
    #else
            .default_duration = 0.3,
    #endif
    #if defined(BREAK_RESERVED_FLAG)
            .flags = 1u << 7,
    #endif
            .parameter_count = COUNT(parameters),
            .parameters = parameters,
            .preset_count = COUNT(presets),
            .presets = presets,
    #if !defined(BREAK_NULL_BUILDER)
            .builder = (sh_function)slide_build,
    #endif
        },
    #if defined(BREAK_DUPLICATE_STYLE)
        {
            .struct_size = sizeof(sh_style),
            .name = "slide",
            .summary = "A second style with the name of the first.",
            .default_duration = 0.3,
            .parameter_count = COUNT(parameters),
            .parameters = parameters,
            .builder = (sh_function)slide_build,
        },
    #endif
    };

    static const sh_plugin plugin = {
    #if defined(BREAK_ABI_MAJOR)
        .abi_major = SH_ABI_MAJOR + 1,
    #else
        .abi_major = SH_ABI_MAJOR,
    #endif
    #if defined(BREAK_ABI_MINOR)
        .abi_minor = SH_ABI_MINOR + 1,
    #else
        .abi_minor = SH_ABI_MINOR,
    #endif
    #if defined(BREAK_PLUGIN_STRUCT_SIZE)
        .struct_size = 8,
    #else
        .struct_size = sizeof(sh_plugin),
    #endif
        .id = "org.example.fixture",
        .version = "1.0.0",
        .name = "Fixture",
        .author = "The Stagehand tests",
        .license = "MIT",
    #if defined(BREAK_PLUGIN_UTF8)
        .description = "A plugin whose description has a stray byte: \xc3\x28.",
    #else
        .description = "A plugin for the tests of the plugin loader.",
    #endif
        .style_count = COUNT(styles),
        .styles = styles,
    };

    #if defined(BREAK_NO_ENTRY)
    /* Exported, but under another name than SH_PLUGIN_ENTRY_NAME. */
    SH_EXPORT const sh_plugin *stagehand_plugin(void)
    {
        return &plugin;
    }
    #else
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void)
    {
    #if defined(BREAK_NULL_DESCRIPTOR)
        return NULL;
    #else
        return &plugin;
    #endif
    }
    #endif
    """#

  /// A tiny translation unit that includes the header (twice, to exercise its include guard) and uses its types,
  /// macros and function pointers, for compiling as C and as C++ with every warning an error.
  public static let headerCheck = #"""
    #include "stagehand_plugin.h"
    #include "stagehand_plugin.h"

    static int32_t check_build(const sh_context *context, const sh_host *host, sh_builder *builder, double amount,
                               int32_t edge, bool flag)
    {
        if (context->width <= 0.0 || !SH_HAS_FIELD(host, sh_host, report) || edge < 0 || !flag) {
            return SH_ERROR_FAILED;
        }
        int32_t status = host->begin_step(builder, 0.0, SH_CURVE_LINEAR);
        return status != SH_OK ? status : host->scale(builder, SH_LAYER_APPEARING, amount, amount, 1.0);
    }

    sh_function check_builder(void);
    sh_function check_builder(void)
    {
        return (sh_function)check_build;
    }

    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void)
    {
        return NULL;
    }

    """#
}
