/*
 * zoom.c: an example Stagehand plugin in plain C, meant to be copied as the start of your own.
 *
 * The style "zoom": the new (appearing) content grows from a fraction of its size to full size while it fades in
 * over the old (disappearing) content, which fades out. A parameter chooses where it grows from. Its inverse, which
 * Stagehand derives on its own, shrinks the content back towards that point while it fades out.
 *
 * Everything a plugin may and must do is specified in stagehand_plugin.h; this file points to the rules it follows.
 *
 * Build it on its own (any C11 compiler; -fvisibility=hidden hides everything except the entry symbol):
 *
 *     cc -std=c11 -O2 -Wall -Wextra -shared -fPIC -fvisibility=hidden \
 *        $(pkg-config --cflags stagehand-plugin || stagehand plugins --cflags) zoom.c -o libzoom.so
 *
 * then validate it with `stagehand check --strict libzoom.so` and put it in your plugin directory, or in a directory
 * listed in STAGEHAND_PLUGIN_PATH (absolute paths only): `stagehand plugins --dirs` prints both. It declares the ABI
 * version of the header it is built with (1.1 here) and uses only what 1.0 had; the 1.1 additions (clips, draw
 * order, a backdrop, intervals, springs, the layout direction) are described in the header and used by the bundled
 * plugins under Plugins/. In the Stagehand repository this directory is built like any other plugin.
 *
 * To make it yours: change the plugin id (a domain you control), name, author, license and description at the bottom;
 * rename the style, its parameters and presets; rewrite the builder. Keep every struct_size, the abi fields and the
 * entry function as they are.
 */

#include "stagehand_plugin.h"

#include <stddef.h>

/* Number of elements of a static array. */
#define ZOOM_COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* Returns from the builder as soon as a host function fails, handing its status on: the rule of section 8 of the
 * header ("once a host function has returned an error, the builder SHOULD return that status"). */
#define ZOOM_TRY(call)                       \
    do {                                     \
        int32_t zoom_status_ = (call);       \
        if (zoom_status_ != SH_OK) {         \
            return zoom_status_;             \
        }                                    \
    } while (0)

/* The style's intrinsic duration in seconds. Used both in the descriptor (default_duration) and by the builder, so the
 * builder's steps add up to the declared duration. The host rescales the animation to whatever duration the user
 * asks for: a builder always describes it at this one. */
#define ZOOM_DURATION 0.5

/* ------------------------------------------------------------------------------------------------------------------ */
/* Parameters                                                                                                         */
/* ------------------------------------------------------------------------------------------------------------------ */

/* The values of the enum parameter "origin". The builder receives the index of the chosen label as an int32_t, so the
 * labels below and these indices MUST stay in the same order (designated initializers make that hard to get wrong).
 * Never reorder or remove labels in a later version of your plugin: presets and saved settings refer to them. */
enum zoom_origin {
    ZOOM_ORIGIN_CENTER,
    ZOOM_ORIGIN_TOP_LEFT,
    ZOOM_ORIGIN_TOP_RIGHT,
    ZOOM_ORIGIN_BOTTOM_LEFT,
    ZOOM_ORIGIN_BOTTOM_RIGHT,
    ZOOM_ORIGIN_COUNT
};

/* Labels are names: lowercase ASCII letters, digits and '-', starting with a letter, as users type them. */
static const char *const zoom_origin_labels[ZOOM_ORIGIN_COUNT] = {
    [ZOOM_ORIGIN_CENTER] = "center",
    [ZOOM_ORIGIN_TOP_LEFT] = "top-left",
    [ZOOM_ORIGIN_TOP_RIGHT] = "top-right",
    [ZOOM_ORIGIN_BOTTOM_LEFT] = "bottom-left",
    [ZOOM_ORIGIN_BOTTOM_RIGHT] = "bottom-right",
};

/* How far to move the appearing layer's anchor point, in unit coordinates of the layer, so that it sits at the chosen
 * origin. Every layer starts with its anchor at its centre (0.5, 0.5); y points down, so (-0.5, -0.5) moves the anchor
 * to the top-left corner (0, 0). A scale then acts about that point, and the layer grows out of that corner. */
static const struct zoom_anchor_move {
    double dx;
    double dy;
} zoom_anchor_moves[ZOOM_ORIGIN_COUNT] = {
    [ZOOM_ORIGIN_CENTER] = {0.0, 0.0},
    [ZOOM_ORIGIN_TOP_LEFT] = {-0.5, -0.5},
    [ZOOM_ORIGIN_TOP_RIGHT] = {0.5, -0.5},
    [ZOOM_ORIGIN_BOTTOM_LEFT] = {-0.5, 0.5},
    [ZOOM_ORIGIN_BOTTOM_RIGHT] = {0.5, 0.5},
};

/* The parameters, in the order of the builder's arguments after the first three. Every struct starts with its
 * struct_size, which MUST be the sizeof of that struct: that is how hosts built against other minor versions of the
 * header find their way. Fields not named in an initializer are 0 or NULL. */
static const sh_parameter zoom_parameters[] = {
    {
        .struct_size = sizeof(sh_parameter),
        .symbol = "scale", /* a name, like labels; stable across versions */
        .type = SH_PARAM_DOUBLE, /* passed to the builder as a double */
        .minimum = 0.05, /* the host never passes a value outside [minimum, maximum], */
        .maximum = 0.95, /* so the builder may divide by it safely */
        .default_value = 0.5,
        .unit = "factor", /* MAY be NULL */
        .description = "The size the new content starts from, as a fraction of its full size.",
    },
    {
        .struct_size = sizeof(sh_parameter),
        .symbol = "origin",
        .type = SH_PARAM_ENUM, /* passed to the builder as an int32_t label index */
        .minimum = 0, /* for an enum: 0 ... label_count - 1, and the default is an index */
        .maximum = ZOOM_ORIGIN_COUNT - 1,
        .default_value = ZOOM_ORIGIN_CENTER,
        .label_count = ZOOM_COUNT(zoom_origin_labels),
        .labels = zoom_origin_labels,
        .unit = NULL, /* enums have no unit */
        .description = "The point the new content grows from.",
    },
};

/* ------------------------------------------------------------------------------------------------------------------ */
/* Presets                                                                                                            */
/* ------------------------------------------------------------------------------------------------------------------ */

/* Preset values are text, exactly as a user would type them on the command line: an enum label, an integer, a decimal
 * number, or true/false. Parameters a preset does not list keep their default. */
static const sh_preset_value zoom_from_top_left_values[] = {
    {.parameter = "origin", .value = "top-left"},
};

/* Preset names share one namespace with the style names of the plugin: "zoom-in" and "zoom" MUST differ. */
static const sh_preset zoom_presets[] = {
    {
        .struct_size = sizeof(sh_preset),
        .name = "zoom-in",
        .summary = "The new content grows from the centre, at half its size, while the old one fades out.",
        .value_count = 0, /* every parameter at its default */
        .values = NULL,
    },
    {
        .struct_size = sizeof(sh_preset),
        .name = "zoom-from-top-left",
        .summary = "The new content grows out of the top-left corner while the old one fades out.",
        .value_count = ZOOM_COUNT(zoom_from_top_left_values),
        .values = zoom_from_top_left_values,
    },
};

/* ------------------------------------------------------------------------------------------------------------------ */
/* The builder                                                                                                        */
/* ------------------------------------------------------------------------------------------------------------------ */

/*
 * Describes the forward animation by calling the host's functions. The signature is always
 * (context, host, builder) followed by one argument per parameter, in declaration order, with the C type of its
 * parameter type: here "scale" (SH_PARAM_DOUBLE, a double) then "origin" (SH_PARAM_ENUM, an int32_t).
 * It MUST match the parameters exactly: the host calls it with exactly that argument list.
 *
 * Rules that apply to every builder (sections 5, 7 and 8 of the header):
 *   - It may run on several threads at once: use no global or static mutable state (constant tables are fine).
 *   - Same arguments, same calls: no randomness, no clock, no I/O.
 *   - context, host and builder belong to the host and are valid only during this call: never keep them.
 *   - Return SH_OK, or a negative status; pass on the status of a failed host call (ZOOM_TRY does that).
 *   - Do not allocate anything for the host, and let no C++ exception or longjmp escape.
 *
 * Every change is relative to the layer's state at the start of the step it belongs to.
 */
static int32_t zoom_build(const sh_context *context, const sh_host *host, sh_builder *builder, double scale,
                          int32_t origin)
{
    /* Zoom needs no geometry: a scale about an anchor point is relative to the layer's own size. A style that moves
     * layers by whole widths (a push, say) would use context->width and context->height here. */
    (void)context;

    /* The host only passes label indices of the enum, but checking costs nothing and shows how to fail well:
     * report() a message a user can act on, then return a negative status. */
    if (origin < 0 || origin >= ZOOM_ORIGIN_COUNT) {
        ZOOM_TRY(host->report(builder, "zoom: the origin is not one of center, top-left, top-right, bottom-left, "
                                       "bottom-right."));
        return SH_ERROR_INVALID_ARGUMENT;
    }

    const struct zoom_anchor_move *move = &zoom_anchor_moves[origin];

    /* Step 1, a setup step of duration 0, applied at once: put the appearing layer in its starting state. Move its
     * anchor to the origin, shrink it (x and y only: z stays 1, so the style needs no SH_STYLE_USES_3D flag) and make
     * it transparent (opacity 1 - 1 = 0). Scales always act about the layer's anchor point, so it shrinks towards the
     * origin; the order of changes within one step does not matter. */
    ZOOM_TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
    ZOOM_TRY(host->move_anchor(builder, SH_LAYER_APPEARING, move->dx, move->dy));
    ZOOM_TRY(host->scale(builder, SH_LAYER_APPEARING, scale, scale, 1.0));
    ZOOM_TRY(host->fade(builder, SH_LAYER_APPEARING, -1.0));

    /* Step 2, the visible part: over the whole duration, with an ease-in-out curve and in parallel, grow the
     * appearing layer back to full size (scale by the inverse factor), fade it in, and fade the disappearing layer
     * out. The steps' durations add up to ZOOM_DURATION, the default_duration declared below. */
    ZOOM_TRY(host->begin_step(builder, ZOOM_DURATION, SH_CURVE_EASE_IN_OUT));
    ZOOM_TRY(host->scale(builder, SH_LAYER_APPEARING, 1.0 / scale, 1.0 / scale, 1.0));
    ZOOM_TRY(host->fade(builder, SH_LAYER_APPEARING, 1.0));
    ZOOM_TRY(host->fade(builder, SH_LAYER_DISAPPEARING, -1.0));

    /* The appearing layer's anchor stays at the origin: with scale 1 and no rotation that looks exactly like the
     * resting state, and the inverse starts from here. */
    return SH_OK;
}

/* ------------------------------------------------------------------------------------------------------------------ */
/* The descriptor                                                                                                     */
/* ------------------------------------------------------------------------------------------------------------------ */

static const sh_style zoom_styles[] = {
    {
        .struct_size = sizeof(sh_style),
        .name = "zoom",
        .summary = "The new content grows from a point while it fades in over the old one.",
        .default_duration = ZOOM_DURATION,
        .flags = 0, /* 2D only, and not its own inverse */
        .parameter_count = ZOOM_COUNT(zoom_parameters),
        .parameters = zoom_parameters,
        .preset_count = ZOOM_COUNT(zoom_presets),
        .presets = zoom_presets,
        /* The builder's real type depends on its parameters, so the descriptor stores it as the generic
         * sh_function; the host calls it with the right argument list. */
        .builder = (sh_function)zoom_build,
        /* NULL: Stagehand derives the exact inverse, the forward animation played backwards (with the two contents'
         * roles exchanged, since in the pop the old content is the one that appears). Supply an inverse builder only
         * when the pop must look different; it then MUST follow the end-state rule of section 9 (ABI 1.1): the content
         * the pop reveals, its clip, the stage and the backdrop end in their initial state, while the content that
         * leaves MAY end in any state, since it is not drawn once the pop has ended. */
        .inverse_builder = NULL,
    },
};

/* Everything reachable from here is static const: it stays valid and unchanged for the library's lifetime, as the
 * host requires, and needs no locking when several threads read it. */
static const sh_plugin zoom_plugin = {
    .abi_major = SH_ABI_MAJOR,
    .abi_minor = SH_ABI_MINOR,
    .struct_size = sizeof(sh_plugin),
    .id = "org.example.zoom",
    .version = "1.0.0",
    .name = "Zoom",
    .author = "The Stagehand authors",
    .license = "0BSD", /* an SPDX identifier: this example is meant to be copied; put your own here */
    .description = "An example third-party plugin written in plain C: one style, zoom, with two parameters and two "
                   "presets.",
    .style_count = ZOOM_COUNT(zoom_styles),
    .styles = zoom_styles,
};

/* ------------------------------------------------------------------------------------------------------------------ */
/* The entry point: the only exported symbol                                                                          */
/* ------------------------------------------------------------------------------------------------------------------ */

/* The host finds this function by name (SH_PLUGIN_ENTRY_NAME). It MUST return the same pointer on every call and have
 * no side effect: the host may call it many times, from any thread, even in a process that only scans plugins.
 * SH_EXPORT keeps it visible when the library is built with -fvisibility=hidden; everything else above is static. */
SH_EXPORT const sh_plugin *stagehand_plugin_v1(void)
{
    return &zoom_plugin;
}
