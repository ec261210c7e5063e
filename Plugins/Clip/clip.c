/*
 * clip.c: the clip styles, a bundled Stagehand plugin in plain C (ABI 1.2).
 *
 * Nothing moves in these styles: each content layer stays where it is, and only the part of it that is drawn changes,
 * through the clips of section 9 of stagehand_plugin.h.
 *
 *   wipe       the new content is uncovered by an edge sweeping across from a side or a corner: the appearing layer's
 *              clip rectangle grows from that side (one inset) or corner (two insets) until it fills the container;
 *              or (mode shrink) the old content's, on top, shrinks into it until nothing is left;
 *   iris       a circle: the new content opens in a growing circle (open), the old content, drawn on top, shrinks
 *              into a circle (close), or the old content shrinks to black and the new one grows out of it
 *              (through-black, with an opaque black backdrop);
 *   barn-door  two edges at once: the new content opens out from the middle line (open), or the old content, on top,
 *              closes in towards it (close), or the old one closes to black and the new one opens out of it
 *              (through-black); horizontally (the left and right edges move), vertically (the top and bottom edges)
 *              or both at once (a box);
 *   clock-wipe [1.2] a hand turns about the centre from a start angle, clockwise or counter-clockwise, and the new
 *              content appears in the wedge it sweeps (the appearing layer's clip wedge grows from 0 to a whole turn).
 *   angle-wipe [1.2] a straight edge at any angle sweeps across, uncovering the new content behind it: the appearing
 *              layer's clip wedge is a half-plane (a sweep of pi) whose centre moves from beyond one corner of the
 *              layer to beyond the opposite one (a diagonal wipe at 45 or 135 degrees).
 *
 * Each style has a `curve` parameter, the timing curve of its sweep. The host derives every inverse.
 */

#include "stagehand_plugin.h"

#include <math.h>
#include <stddef.h>

#define CLIP_COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* Returns the status of a failed host call at once (section 8 of the header). */
#define CLIP_TRY(call)                 \
    do {                               \
        int32_t clip_status_ = (call); \
        if (clip_status_ != SH_OK) {   \
            return clip_status_;       \
        }                              \
    } while (0)

#define WIPE_DURATION 0.5
#define IRIS_DURATION 0.6
#define BARN_DOOR_DURATION 0.5
#define CLOCK_WIPE_DURATION 0.6
#define ANGLE_WIPE_DURATION 0.5

/* ------------------------------------------------------------------------------------------------------------------ */
/* Shared parameters                                                                                                  */
/* ------------------------------------------------------------------------------------------------------------------ */

/* The `curve` parameter: the labels in the order of their indices, and the SH_CURVE_* each one stands for. */
static const char *const clip_curve_labels[] = {"linear", "ease-in", "ease-out", "ease-in-out"};
static const int32_t clip_curves[] = {SH_CURVE_LINEAR, SH_CURVE_EASE_IN, SH_CURVE_EASE_OUT, SH_CURVE_EASE_IN_OUT};
#define CLIP_CURVE_DEFAULT 3

#define CLIP_CURVE_PARAMETER                                                          \
    {                                                                                 \
        .struct_size = sizeof(sh_parameter),                                          \
        .symbol = "curve",                                                            \
        .type = SH_PARAM_ENUM,                                                        \
        .minimum = 0,                                                                 \
        .maximum = CLIP_COUNT(clip_curve_labels) - 1,                                 \
        .default_value = CLIP_CURVE_DEFAULT,                                          \
        .label_count = CLIP_COUNT(clip_curve_labels),                                 \
        .labels = clip_curve_labels,                                                  \
        .description = "The timing curve of the sweep (linear keeps an even speed).", \
    }

/* The curve of a `curve` index, or -1 for an index out of range (the host never passes one). */
static int32_t clip_curve(int32_t index)
{
    return index >= 0 && (size_t)index < CLIP_COUNT(clip_curves) ? clip_curves[index] : -1;
}

/* Fails a build whose enum argument is out of range, with a message: the host never passes one, but a builder that
 * trusts nothing costs nothing. */
static int32_t clip_invalid(const sh_host *host, sh_builder *builder, const char *message)
{
    CLIP_TRY(host->report(builder, message));
    return SH_ERROR_INVALID_ARGUMENT;
}

/* ------------------------------------------------------------------------------------------------------------------ */
/* wipe                                                                                                               */
/* ------------------------------------------------------------------------------------------------------------------ */

/* The side or corner the wipe starts from. Leading and trailing follow the context's layout direction: leading is
 * left in a left-to-right layout and right in a right-to-left one (section 9). */
enum wipe_origin {
    WIPE_LEFT,
    WIPE_RIGHT,
    WIPE_TOP,
    WIPE_BOTTOM,
    WIPE_TOP_LEFT,
    WIPE_TOP_RIGHT,
    WIPE_BOTTOM_LEFT,
    WIPE_BOTTOM_RIGHT,
    WIPE_LEADING,
    WIPE_TRAILING,
    WIPE_TOP_LEADING,
    WIPE_TOP_TRAILING,
    WIPE_BOTTOM_LEADING,
    WIPE_BOTTOM_TRAILING,
    WIPE_ORIGIN_COUNT
};

static const char *const wipe_origin_labels[WIPE_ORIGIN_COUNT] = {
    [WIPE_LEFT] = "left",
    [WIPE_RIGHT] = "right",
    [WIPE_TOP] = "top",
    [WIPE_BOTTOM] = "bottom",
    [WIPE_TOP_LEFT] = "top-left",
    [WIPE_TOP_RIGHT] = "top-right",
    [WIPE_BOTTOM_LEFT] = "bottom-left",
    [WIPE_BOTTOM_RIGHT] = "bottom-right",
    [WIPE_LEADING] = "leading",
    [WIPE_TRAILING] = "trailing",
    [WIPE_TOP_LEADING] = "top-leading",
    [WIPE_TOP_TRAILING] = "top-trailing",
    [WIPE_BOTTOM_LEADING] = "bottom-leading",
    [WIPE_BOTTOM_TRAILING] = "bottom-trailing",
};

/* Where each origin lies: x -1 for the left side, 1 for the right one, 0 for neither; y -1 for the top, 1 for the
 * bottom. Leading and trailing say 'L' and 'T' in `side`, resolved by the layout direction at build time. */
static const struct wipe_place {
    int x;
    int y;
    char side;
} wipe_places[WIPE_ORIGIN_COUNT] = {
    [WIPE_LEFT] = {-1, 0, 0},
    [WIPE_RIGHT] = {1, 0, 0},
    [WIPE_TOP] = {0, -1, 0},
    [WIPE_BOTTOM] = {0, 1, 0},
    [WIPE_TOP_LEFT] = {-1, -1, 0},
    [WIPE_TOP_RIGHT] = {1, -1, 0},
    [WIPE_BOTTOM_LEFT] = {-1, 1, 0},
    [WIPE_BOTTOM_RIGHT] = {1, 1, 0},
    [WIPE_LEADING] = {0, 0, 'L'},
    [WIPE_TRAILING] = {0, 0, 'T'},
    [WIPE_TOP_LEADING] = {0, -1, 'L'},
    [WIPE_TOP_TRAILING] = {0, -1, 'T'},
    [WIPE_BOTTOM_LEADING] = {0, 1, 'L'},
    [WIPE_BOTTOM_TRAILING] = {0, 1, 'T'},
};

/* What moves: the new content's clip grows out of the origin, or the old content's, on top, shrinks into it. */
enum wipe_mode { WIPE_GROW, WIPE_SHRINK, WIPE_MODE_COUNT };

static const char *const wipe_mode_labels[WIPE_MODE_COUNT] = {
    [WIPE_GROW] = "grow",
    [WIPE_SHRINK] = "shrink",
};

static const sh_parameter wipe_parameters[] = {
    {
        .struct_size = sizeof(sh_parameter),
        .symbol = "origin",
        .type = SH_PARAM_ENUM,
        .minimum = 0,
        .maximum = WIPE_ORIGIN_COUNT - 1,
        .default_value = WIPE_LEFT,
        .label_count = WIPE_ORIGIN_COUNT,
        .labels = wipe_origin_labels,
        .description = "The side or corner the wipe starts from (grow), or ends in (shrink); leading and trailing "
                       "follow the layout direction.",
    },
    {
        .struct_size = sizeof(sh_parameter),
        .symbol = "mode",
        .type = SH_PARAM_ENUM,
        .minimum = 0,
        .maximum = WIPE_MODE_COUNT - 1,
        .default_value = WIPE_GROW,
        .label_count = WIPE_MODE_COUNT,
        .labels = wipe_mode_labels,
        .description = "grow: the new content is uncovered from the origin outwards; shrink: the old content, on top, "
                       "shrinks into the origin (for a corner, a rectangle that shrinks into it).",
    },
    CLIP_CURVE_PARAMETER,
};

/* wipe(origin, mode, curve). Growing, the appearing layer's clip starts empty, collapsed against the origin (an inset
 * of 1 on the opposite edge, and on the opposite vertical edge too for a corner), and those insets go back to 0 over
 * the step: at a fraction f of a linear sweep from a side, exactly the part f of the new content nearest that side is
 * drawn. Shrinking, the disappearing layer is put on top and the same insets grow from 0 to 1 on it. */
static int32_t wipe_build(const sh_context *context, const sh_host *host, sh_builder *builder, int32_t origin,
                          int32_t mode, int32_t curve_index)
{
    int32_t curve = clip_curve(curve_index);
    if (origin < 0 || origin >= WIPE_ORIGIN_COUNT || mode < 0 || mode >= WIPE_MODE_COUNT || curve < 0) {
        return clip_invalid(host, builder, "wipe: the origin, mode or curve is not one of its labels.");
    }
    const struct wipe_place *place = &wipe_places[origin];
    int x = place->x;
    if (place->side != 0) {
        int leading_is_left = context->layout_direction != SH_LAYOUT_RIGHT_TO_LEFT;
        int leading = place->side == 'L';
        x = leading == leading_is_left ? -1 : 1;
    }
    /* The edges opposite the origin start collapsed onto it. */
    double top = place->y == 1 ? 1.0 : 0.0;
    double bottom = place->y == -1 ? 1.0 : 0.0;
    double left = x == 1 ? 1.0 : 0.0;
    double right = x == -1 ? 1.0 : 0.0;
    if (mode == WIPE_SHRINK) {
        CLIP_TRY(host->begin_step(builder, WIPE_DURATION, curve));
        CLIP_TRY(host->set_on_top(builder, SH_LAYER_DISAPPEARING, SH_STEP_START));
        return host->change_inset(builder, SH_LAYER_DISAPPEARING, top, right, bottom, left);
    }
    CLIP_TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
    CLIP_TRY(host->change_inset(builder, SH_LAYER_APPEARING, top, right, bottom, left));
    CLIP_TRY(host->begin_step(builder, WIPE_DURATION, curve));
    return host->change_inset(builder, SH_LAYER_APPEARING, -top, -right, -bottom, -left);
}

#define WIPE_PRESET_VALUES(identifier, label) \
    static const sh_preset_value identifier[] = {{.parameter = "origin", .value = label}}

WIPE_PRESET_VALUES(wipe_left_values, "left");
WIPE_PRESET_VALUES(wipe_right_values, "right");
WIPE_PRESET_VALUES(wipe_top_values, "top");
WIPE_PRESET_VALUES(wipe_bottom_values, "bottom");
WIPE_PRESET_VALUES(wipe_top_left_values, "top-left");
WIPE_PRESET_VALUES(wipe_top_right_values, "top-right");
WIPE_PRESET_VALUES(wipe_bottom_left_values, "bottom-left");
WIPE_PRESET_VALUES(wipe_bottom_right_values, "bottom-right");
WIPE_PRESET_VALUES(wipe_leading_values, "leading");
WIPE_PRESET_VALUES(wipe_trailing_values, "trailing");
WIPE_PRESET_VALUES(wipe_top_leading_values, "top-leading");
WIPE_PRESET_VALUES(wipe_top_trailing_values, "top-trailing");
WIPE_PRESET_VALUES(wipe_bottom_leading_values, "bottom-leading");
WIPE_PRESET_VALUES(wipe_bottom_trailing_values, "bottom-trailing");

#define WIPE_SHRINK_VALUES(identifier, label) \
    static const sh_preset_value identifier[] = {{.parameter = "origin", .value = label}, \
                                                 {.parameter = "mode", .value = "shrink"}}

WIPE_SHRINK_VALUES(wipe_to_top_left_values, "top-left");
WIPE_SHRINK_VALUES(wipe_to_top_right_values, "top-right");
WIPE_SHRINK_VALUES(wipe_to_bottom_left_values, "bottom-left");
WIPE_SHRINK_VALUES(wipe_to_bottom_right_values, "bottom-right");
WIPE_SHRINK_VALUES(wipe_to_top_leading_values, "top-leading");
WIPE_SHRINK_VALUES(wipe_to_top_trailing_values, "top-trailing");
WIPE_SHRINK_VALUES(wipe_to_bottom_leading_values, "bottom-leading");
WIPE_SHRINK_VALUES(wipe_to_bottom_trailing_values, "bottom-trailing");

#define CLIP_PRESET(preset_name, preset_summary, preset_values)                                        \
    {                                                                                                  \
        .struct_size = sizeof(sh_preset), .name = preset_name, .summary = preset_summary,              \
        .value_count = CLIP_COUNT(preset_values), .values = preset_values,                             \
    }

static const sh_preset wipe_presets[] = {
    CLIP_PRESET("wipe-from-left", "An edge sweeps from left to right, uncovering the new content.", wipe_left_values),
    CLIP_PRESET("wipe-from-right", "An edge sweeps from right to left, uncovering the new content.",
                wipe_right_values),
    CLIP_PRESET("wipe-from-top", "An edge sweeps from top to bottom, uncovering the new content.", wipe_top_values),
    CLIP_PRESET("wipe-from-bottom", "An edge sweeps from bottom to top, uncovering the new content.",
                wipe_bottom_values),
    CLIP_PRESET("wipe-from-top-left", "A rectangle grows out of the top-left corner, uncovering the new content.",
                wipe_top_left_values),
    CLIP_PRESET("wipe-from-top-right", "A rectangle grows out of the top-right corner, uncovering the new content.",
                wipe_top_right_values),
    CLIP_PRESET("wipe-from-bottom-left",
                "A rectangle grows out of the bottom-left corner, uncovering the new content.",
                wipe_bottom_left_values),
    CLIP_PRESET("wipe-from-bottom-right",
                "A rectangle grows out of the bottom-right corner, uncovering the new content.",
                wipe_bottom_right_values),
    CLIP_PRESET("wipe-from-leading",
                "An edge sweeps from the leading side (left, or right in right-to-left layouts), uncovering the new "
                "content.",
                wipe_leading_values),
    CLIP_PRESET("wipe-from-trailing",
                "An edge sweeps from the trailing side (right, or left in right-to-left layouts), uncovering the new "
                "content.",
                wipe_trailing_values),
    CLIP_PRESET("wipe-from-top-leading",
                "A rectangle grows out of the top corner on the leading side, uncovering the new content.",
                wipe_top_leading_values),
    CLIP_PRESET("wipe-from-top-trailing",
                "A rectangle grows out of the top corner on the trailing side, uncovering the new content.",
                wipe_top_trailing_values),
    CLIP_PRESET("wipe-from-bottom-leading",
                "A rectangle grows out of the bottom corner on the leading side, uncovering the new content.",
                wipe_bottom_leading_values),
    CLIP_PRESET("wipe-from-bottom-trailing",
                "A rectangle grows out of the bottom corner on the trailing side, uncovering the new content.",
                wipe_bottom_trailing_values),
    CLIP_PRESET("wipe-to-top-left", "The old content shrinks into the top-left corner, uncovering the new one.",
                wipe_to_top_left_values),
    CLIP_PRESET("wipe-to-top-right", "The old content shrinks into the top-right corner, uncovering the new one.",
                wipe_to_top_right_values),
    CLIP_PRESET("wipe-to-bottom-left", "The old content shrinks into the bottom-left corner, uncovering the new one.",
                wipe_to_bottom_left_values),
    CLIP_PRESET("wipe-to-bottom-right",
                "The old content shrinks into the bottom-right corner, uncovering the new one.",
                wipe_to_bottom_right_values),
    CLIP_PRESET("wipe-to-top-leading",
                "The old content shrinks into the top corner on the leading side, uncovering the new one.",
                wipe_to_top_leading_values),
    CLIP_PRESET("wipe-to-top-trailing",
                "The old content shrinks into the top corner on the trailing side, uncovering the new one.",
                wipe_to_top_trailing_values),
    CLIP_PRESET("wipe-to-bottom-leading",
                "The old content shrinks into the bottom corner on the leading side, uncovering the new one.",
                wipe_to_bottom_leading_values),
    CLIP_PRESET("wipe-to-bottom-trailing",
                "The old content shrinks into the bottom corner on the trailing side, uncovering the new one.",
                wipe_to_bottom_trailing_values),
};

/* ------------------------------------------------------------------------------------------------------------------ */
/* iris                                                                                                               */
/* ------------------------------------------------------------------------------------------------------------------ */

enum iris_mode { IRIS_OPEN, IRIS_CLOSE, IRIS_THROUGH_BLACK, IRIS_MODE_COUNT };

static const char *const iris_mode_labels[IRIS_MODE_COUNT] = {
    [IRIS_OPEN] = "open",
    [IRIS_CLOSE] = "close",
    [IRIS_THROUGH_BLACK] = "through-black",
};

static const sh_parameter iris_parameters[] = {
    {
        .struct_size = sizeof(sh_parameter),
        .symbol = "mode",
        .type = SH_PARAM_ENUM,
        .minimum = 0,
        .maximum = IRIS_MODE_COUNT - 1,
        .default_value = IRIS_OPEN,
        .label_count = IRIS_MODE_COUNT,
        .labels = iris_mode_labels,
        .description = "open: the new content appears in a growing circle; close: the old content shrinks into a "
                       "circle; through-black: the old content shrinks to black, then the new one grows out of it.",
    },
    CLIP_CURVE_PARAMETER,
};

/* iris(mode, curve): the clip ellipse of section 9 starts as the circle through the layer's corners (radius 1, in
 * half-diagonals), which cuts nothing, and shrinks to radius 0 at the centre, or grows from it. */
static int32_t iris_build(const sh_context *context, const sh_host *host, sh_builder *builder, int32_t mode,
                          int32_t curve_index)
{
    int32_t curve = clip_curve(curve_index);
    (void)context;
    if (mode < 0 || mode >= IRIS_MODE_COUNT || curve < 0) {
        return clip_invalid(host, builder, "iris: the mode or curve is not one of its labels.");
    }
    switch (mode) {
    case IRIS_OPEN:
        CLIP_TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
        CLIP_TRY(host->change_ellipse(builder, SH_LAYER_APPEARING, 0, 0, -1, -1));
        CLIP_TRY(host->begin_step(builder, IRIS_DURATION, curve));
        return host->change_ellipse(builder, SH_LAYER_APPEARING, 0, 0, 1, 1);
    case IRIS_CLOSE:
        CLIP_TRY(host->begin_step(builder, IRIS_DURATION, curve));
        CLIP_TRY(host->set_on_top(builder, SH_LAYER_DISAPPEARING, SH_STEP_START));
        return host->change_ellipse(builder, SH_LAYER_DISAPPEARING, 0, 0, -1, -1);
    default:
        /* The old content, on top, closes over the first half; the new one opens over the second; the black
         * backdrop shows in between, and alone at the middle. It stays behind the new content to the end, as in
         * section 15 of the header. */
        CLIP_TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
        CLIP_TRY(host->change_backdrop(builder, 0, 0, 0, 1));
        CLIP_TRY(host->change_ellipse(builder, SH_LAYER_APPEARING, 0, 0, -1, -1));
        CLIP_TRY(host->begin_step(builder, IRIS_DURATION, curve));
        CLIP_TRY(host->set_on_top(builder, SH_LAYER_DISAPPEARING, SH_STEP_START));
        CLIP_TRY(host->set_interval(builder, 0.0, 0.5));
        CLIP_TRY(host->change_ellipse(builder, SH_LAYER_DISAPPEARING, 0, 0, -1, -1));
        CLIP_TRY(host->set_interval(builder, 0.5, 1.0));
        return host->change_ellipse(builder, SH_LAYER_APPEARING, 0, 0, 1, 1);
    }
}

static const sh_preset_value iris_close_values[] = {{.parameter = "mode", .value = "close"}};
static const sh_preset_value iris_through_black_values[] = {{.parameter = "mode", .value = "through-black"}};

static const sh_preset iris_presets[] = {
    {
        .struct_size = sizeof(sh_preset),
        .name = "iris-open",
        .summary = "The new content appears in a circle that grows from the centre.",
        .value_count = 0,
        .values = NULL,
    },
    CLIP_PRESET("iris-close", "The old content shrinks into a circle at the centre, uncovering the new one.",
                iris_close_values),
    CLIP_PRESET("iris-through-black",
                "The old content shrinks into a circle to black, then the new one grows out of the centre.",
                iris_through_black_values),
};

/* ------------------------------------------------------------------------------------------------------------------ */
/* barn-door                                                                                                          */
/* ------------------------------------------------------------------------------------------------------------------ */

enum barn_door_orientation { BARN_HORIZONTAL, BARN_VERTICAL, BARN_BOX, BARN_ORIENTATION_COUNT };
enum barn_door_motion { BARN_OPEN, BARN_CLOSE, BARN_THROUGH_BLACK, BARN_MOTION_COUNT };

static const char *const barn_door_orientation_labels[BARN_ORIENTATION_COUNT] = {
    [BARN_HORIZONTAL] = "horizontal",
    [BARN_VERTICAL] = "vertical",
    [BARN_BOX] = "box",
};

static const char *const barn_door_motion_labels[BARN_MOTION_COUNT] = {
    [BARN_OPEN] = "open",
    [BARN_CLOSE] = "close",
    [BARN_THROUGH_BLACK] = "through-black",
};

static const sh_parameter barn_door_parameters[] = {
    {
        .struct_size = sizeof(sh_parameter),
        .symbol = "orientation",
        .type = SH_PARAM_ENUM,
        .minimum = 0,
        .maximum = BARN_ORIENTATION_COUNT - 1,
        .default_value = BARN_HORIZONTAL,
        .label_count = BARN_ORIENTATION_COUNT,
        .labels = barn_door_orientation_labels,
        .description = "horizontal: the left and right edges move (a vertical middle line); vertical: the top and "
                       "bottom edges (a horizontal middle line); box: all four edges (the centre).",
    },
    {
        .struct_size = sizeof(sh_parameter),
        .symbol = "motion",
        .type = SH_PARAM_ENUM,
        .minimum = 0,
        .maximum = BARN_MOTION_COUNT - 1,
        .default_value = BARN_OPEN,
        .label_count = BARN_MOTION_COUNT,
        .labels = barn_door_motion_labels,
        .description = "open: the new content opens out from the middle; close: the old content, on top, closes in "
                       "towards the middle; through-black: the old content closes to black, then the new one opens "
                       "out of it.",
    },
    CLIP_CURVE_PARAMETER,
};

/* barn-door(orientation, motion, curve): opposite insets move together between 0 and 0.5 (the middle). */
static int32_t barn_door_build(const sh_context *context, const sh_host *host, sh_builder *builder,
                               int32_t orientation, int32_t motion, int32_t curve_index)
{
    int32_t curve = clip_curve(curve_index);
    (void)context;
    if (orientation < 0 || orientation >= BARN_ORIENTATION_COUNT || motion < 0 || motion >= BARN_MOTION_COUNT ||
        curve < 0) {
        return clip_invalid(host, builder, "barn-door: the orientation, motion or curve is not one of its labels.");
    }
    double sides = orientation != BARN_VERTICAL ? 0.5 : 0.0;
    double ends = orientation != BARN_HORIZONTAL ? 0.5 : 0.0;
    if (motion == BARN_OPEN) {
        CLIP_TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
        CLIP_TRY(host->change_inset(builder, SH_LAYER_APPEARING, ends, sides, ends, sides));
        CLIP_TRY(host->begin_step(builder, BARN_DOOR_DURATION, curve));
        return host->change_inset(builder, SH_LAYER_APPEARING, -ends, -sides, -ends, -sides);
    }
    if (motion == BARN_CLOSE) {
        CLIP_TRY(host->begin_step(builder, BARN_DOOR_DURATION, curve));
        CLIP_TRY(host->set_on_top(builder, SH_LAYER_DISAPPEARING, SH_STEP_START));
        return host->change_inset(builder, SH_LAYER_DISAPPEARING, ends, sides, ends, sides);
    }
    /* Through black: the old content closes over the first half, the new one opens over the second, over an opaque
     * black backdrop (as iris through-black). */
    CLIP_TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
    CLIP_TRY(host->change_backdrop(builder, 0, 0, 0, 1));
    CLIP_TRY(host->change_inset(builder, SH_LAYER_APPEARING, ends, sides, ends, sides));
    CLIP_TRY(host->begin_step(builder, BARN_DOOR_DURATION, curve));
    CLIP_TRY(host->set_on_top(builder, SH_LAYER_DISAPPEARING, SH_STEP_START));
    CLIP_TRY(host->set_interval(builder, 0.0, 0.5));
    CLIP_TRY(host->change_inset(builder, SH_LAYER_DISAPPEARING, ends, sides, ends, sides));
    CLIP_TRY(host->set_interval(builder, 0.5, 1.0));
    return host->change_inset(builder, SH_LAYER_APPEARING, -ends, -sides, -ends, -sides);
}

static const sh_preset_value barn_open_horizontal_values[] = {{.parameter = "orientation", .value = "horizontal"},
                                                              {.parameter = "motion", .value = "open"}};
static const sh_preset_value barn_close_horizontal_values[] = {{.parameter = "orientation", .value = "horizontal"},
                                                               {.parameter = "motion", .value = "close"}};
static const sh_preset_value barn_open_vertical_values[] = {{.parameter = "orientation", .value = "vertical"},
                                                            {.parameter = "motion", .value = "open"}};
static const sh_preset_value barn_close_vertical_values[] = {{.parameter = "orientation", .value = "vertical"},
                                                             {.parameter = "motion", .value = "close"}};
static const sh_preset_value box_open_values[] = {{.parameter = "orientation", .value = "box"},
                                                  {.parameter = "motion", .value = "open"}};
static const sh_preset_value box_close_values[] = {{.parameter = "orientation", .value = "box"},
                                                   {.parameter = "motion", .value = "close"}};
static const sh_preset_value box_through_black_values[] = {{.parameter = "orientation", .value = "box"},
                                                           {.parameter = "motion", .value = "through-black"}};
static const sh_preset_value barn_through_black_horizontal_values[] = {
    {.parameter = "orientation", .value = "horizontal"}, {.parameter = "motion", .value = "through-black"}};
static const sh_preset_value barn_through_black_vertical_values[] = {
    {.parameter = "orientation", .value = "vertical"}, {.parameter = "motion", .value = "through-black"}};

static const sh_preset barn_door_presets[] = {
    CLIP_PRESET("barn-door-open-horizontal",
                "The new content opens out sideways from a vertical line down the middle, like two doors.",
                barn_open_horizontal_values),
    CLIP_PRESET("barn-door-close-horizontal",
                "The new content closes in from the left and right edges towards the middle, like two doors.",
                barn_close_horizontal_values),
    CLIP_PRESET("barn-door-open-vertical",
                "The new content opens out up and down from a horizontal line across the middle.",
                barn_open_vertical_values),
    CLIP_PRESET("barn-door-close-vertical",
                "The new content closes in from the top and bottom edges towards the middle.",
                barn_close_vertical_values),
    CLIP_PRESET("box-open", "The new content appears in a rectangle that grows from the centre.", box_open_values),
    CLIP_PRESET("box-close", "The old content shrinks into a rectangle at the centre, uncovering the new one.",
                box_close_values),
    CLIP_PRESET("box-through-black",
                "The old content shrinks into a rectangle at the centre, to black, then the new one grows out of it.",
                box_through_black_values),
    CLIP_PRESET("barn-door-through-black-horizontal",
                "The old content closes sideways to a line down the middle, to black, then the new one opens out of "
                "it.",
                barn_through_black_horizontal_values),
    CLIP_PRESET("barn-door-through-black-vertical",
                "The old content closes to a line across the middle, to black, then the new one opens out of it.",
                barn_through_black_vertical_values),
};

/* ------------------------------------------------------------------------------------------------------------------ */
/* clock-wipe [1.2]                                                                                                   */
/* ------------------------------------------------------------------------------------------------------------------ */

enum clock_direction { CLOCK_CLOCKWISE, CLOCK_COUNTER_CLOCKWISE, CLOCK_DIRECTION_COUNT };

static const char *const clock_direction_labels[CLOCK_DIRECTION_COUNT] = {
    [CLOCK_CLOCKWISE] = "clockwise",
    [CLOCK_COUNTER_CLOCKWISE] = "counter-clockwise",
};

static const sh_parameter clock_wipe_parameters[] = {
    {
        .struct_size = sizeof(sh_parameter),
        .symbol = "direction",
        .type = SH_PARAM_ENUM,
        .minimum = 0,
        .maximum = CLOCK_DIRECTION_COUNT - 1,
        .default_value = CLOCK_CLOCKWISE,
        .label_count = CLOCK_DIRECTION_COUNT,
        .labels = clock_direction_labels,
        .description = "Which way the hand turns.",
    },
    {
        .struct_size = sizeof(sh_parameter),
        .symbol = "start",
        .type = SH_PARAM_DOUBLE,
        .minimum = 0,
        .maximum = 360,
        .default_value = 0,
        .unit = "deg",
        .description = "Where the hand starts, clockwise from 12 o'clock: 90 is 3 o'clock, 180 is 6 o'clock.",
    },
    CLIP_CURVE_PARAMETER,
};

/* clock-wipe(direction, start, curve): the appearing layer's wedge starts empty at the start angle and sweeps a whole
 * turn. Clockwise, its second edge turns from the start; counter-clockwise, its first edge turns back from it. */
static int32_t clock_wipe_build(const sh_context *context, const sh_host *host, sh_builder *builder,
                                int32_t direction, double start_degrees, int32_t curve_index)
{
    int32_t curve = clip_curve(curve_index);
    (void)context;
    if (direction < 0 || direction >= CLOCK_DIRECTION_COUNT || curve < 0) {
        return clip_invalid(host, builder, "clock-wipe: the direction or curve is not one of its labels.");
    }
    double start = start_degrees * SH_PI / 180.0;
    double turn = 2.0 * SH_PI;
    CLIP_TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
    CLIP_TRY(host->change_wedge(builder, SH_LAYER_APPEARING, 0, 0, start, -turn));
    CLIP_TRY(host->begin_step(builder, CLOCK_WIPE_DURATION, curve));
    if (direction == CLOCK_CLOCKWISE) {
        return host->change_wedge(builder, SH_LAYER_APPEARING, 0, 0, 0, turn);
    }
    return host->change_wedge(builder, SH_LAYER_APPEARING, 0, 0, -turn, turn);
}

static const sh_preset_value clock_wipe_clockwise_values[] = {{.parameter = "direction", .value = "clockwise"}};
static const sh_preset_value clock_wipe_counter_clockwise_values[] = {
    {.parameter = "direction", .value = "counter-clockwise"}};
static const sh_preset_value clock_wipe_from_three_values[] = {{.parameter = "direction", .value = "clockwise"},
                                                               {.parameter = "start", .value = "90"}};

static const sh_preset clock_wipe_presets[] = {
    CLIP_PRESET("clock-wipe-clockwise", "A hand turns clockwise from 12 o'clock, uncovering the new content.",
                clock_wipe_clockwise_values),
    CLIP_PRESET("clock-wipe-counter-clockwise",
                "A hand turns counter-clockwise from 12 o'clock, uncovering the new content.",
                clock_wipe_counter_clockwise_values),
    CLIP_PRESET("clock-wipe-from-three", "A hand turns clockwise from 3 o'clock, uncovering the new content.",
                clock_wipe_from_three_values),
};

/* ------------------------------------------------------------------------------------------------------------------ */
/* angle-wipe [1.2]                                                                                                   */
/* ------------------------------------------------------------------------------------------------------------------ */

static const sh_parameter angle_wipe_parameters[] = {
    {
        .struct_size = sizeof(sh_parameter),
        .symbol = "angle",
        .type = SH_PARAM_DOUBLE,
        .minimum = 0,
        .maximum = 360,
        .default_value = 135,
        .unit = "deg",
        .description = "Which way the edge travels, clockwise from up: 90 is a wipe to the right, 135 a diagonal "
                       "from the top-left corner to the bottom-right one.",
    },
    CLIP_CURVE_PARAMETER,
};

/* angle-wipe(angle, curve): the edge travels towards the direction u at `angle` (in points: (sin a, -cos a)), and the
 * new content shows behind it. The appearing layer's wedge becomes the half-plane behind the line through its centre
 * (first edge at angle + pi / 2, sweep pi), in a setup step; its centre then moves along u from 2 points beyond the
 * layer's trailing corner (nothing shown) to 2 points beyond its leading one (everything shown), so the antialiased
 * edge leaves no pixel of either content at either end. */
static int32_t angle_wipe_build(const sh_context *context, const sh_host *host, sh_builder *builder,
                                double angle_degrees, int32_t curve_index)
{
    int32_t curve = clip_curve(curve_index);
    if (curve < 0) {
        return clip_invalid(host, builder, "angle-wipe: the curve is not one of its labels.");
    }
    double a = angle_degrees * SH_PI / 180.0;
    double ux = sin(a), uy = -cos(a);
    double w = context->width, h = context->height;
    /* The projections onto u of the layer's extent from its centre, in points: half of |ux| w + |uy| h, plus 2. */
    double reach = 0.5 * (fabs(ux) * w + fabs(uy) * h) + 2.0;
    /* From the centre, the start lies `reach` behind it along u, the end `reach` ahead; in unit coordinates. */
    double sx = -reach * ux / w, sy = -reach * uy / h;
    CLIP_TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
    CLIP_TRY(host->change_wedge(builder, SH_LAYER_APPEARING, sx, sy, a + SH_PI / 2, -SH_PI));
    CLIP_TRY(host->begin_step(builder, ANGLE_WIPE_DURATION, curve));
    return host->change_wedge(builder, SH_LAYER_APPEARING, -2.0 * sx, -2.0 * sy, 0, 0);
}

static const sh_preset_value angle_wipe_from_top_left_values[] = {{.parameter = "angle", .value = "135"}};
static const sh_preset_value angle_wipe_from_bottom_left_values[] = {{.parameter = "angle", .value = "45"}};

static const sh_preset angle_wipe_presets[] = {
    CLIP_PRESET("angle-wipe-from-top-left",
                "A diagonal edge sweeps from the top-left corner to the bottom-right one, uncovering the new content.",
                angle_wipe_from_top_left_values),
    CLIP_PRESET("angle-wipe-from-bottom-left",
                "A diagonal edge sweeps from the bottom-left corner to the top-right one, uncovering the new content.",
                angle_wipe_from_bottom_left_values),
};

/* ------------------------------------------------------------------------------------------------------------------ */
/* The descriptor                                                                                                     */
/* ------------------------------------------------------------------------------------------------------------------ */

static const sh_style clip_styles[] = {
    {
        .struct_size = sizeof(sh_style),
        .name = "wipe",
        .summary = "An edge sweeps across from a side or a corner, uncovering the new content; nothing moves.",
        .default_duration = WIPE_DURATION,
        .parameter_count = CLIP_COUNT(wipe_parameters),
        .parameters = wipe_parameters,
        .preset_count = CLIP_COUNT(wipe_presets),
        .presets = wipe_presets,
        .builder = (sh_function)wipe_build,
    },
    {
        .struct_size = sizeof(sh_style),
        .name = "iris",
        .summary = "A circle at the centre opens on the new content or closes on the old one.",
        .default_duration = IRIS_DURATION,
        .parameter_count = CLIP_COUNT(iris_parameters),
        .parameters = iris_parameters,
        .preset_count = CLIP_COUNT(iris_presets),
        .presets = iris_presets,
        .builder = (sh_function)iris_build,
    },
    {
        .struct_size = sizeof(sh_style),
        .name = "barn-door",
        .summary = "Two opposite edges (or all four) move together, opening out from the middle or closing in on it.",
        .default_duration = BARN_DOOR_DURATION,
        .parameter_count = CLIP_COUNT(barn_door_parameters),
        .parameters = barn_door_parameters,
        .preset_count = CLIP_COUNT(barn_door_presets),
        .presets = barn_door_presets,
        .builder = (sh_function)barn_door_build,
    },
    {
        .struct_size = sizeof(sh_style),
        .name = "clock-wipe",
        .summary = "A hand turns about the centre like a clock's, uncovering the new content in the wedge it sweeps.",
        .default_duration = CLOCK_WIPE_DURATION,
        .parameter_count = CLIP_COUNT(clock_wipe_parameters),
        .parameters = clock_wipe_parameters,
        .preset_count = CLIP_COUNT(clock_wipe_presets),
        .presets = clock_wipe_presets,
        .builder = (sh_function)clock_wipe_build,
    },
    {
        .struct_size = sizeof(sh_style),
        .name = "angle-wipe",
        .summary = "A straight edge at any angle sweeps across, uncovering the new content; nothing moves.",
        .default_duration = ANGLE_WIPE_DURATION,
        .parameter_count = CLIP_COUNT(angle_wipe_parameters),
        .parameters = angle_wipe_parameters,
        .preset_count = CLIP_COUNT(angle_wipe_presets),
        .presets = angle_wipe_presets,
        .builder = (sh_function)angle_wipe_build,
    },
};

static const sh_plugin clip_plugin = {
    .abi_major = SH_ABI_MAJOR,
    .abi_minor = SH_ABI_MINOR,
    .struct_size = sizeof(sh_plugin),
    .id = "org.stagehand.clip",
    .version = "1.1.0",
    .name = "Wipes, irises, barn doors and clock wipes",
    .author = "The Stagehand authors",
    .license = "Apache-2.0",
    .description = "Transitions that move nothing: the contents stay still while their clips uncover the new one, "
                   "from a side or corner, through a circle, between two edges, or in the wedge of a clock's hand.",
    .style_count = CLIP_COUNT(clip_styles),
    .styles = clip_styles,
};

SH_EXPORT const sh_plugin *stagehand_plugin_v1(void)
{
    return &clip_plugin;
}
