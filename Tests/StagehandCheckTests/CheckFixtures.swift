import Foundation
import StagehandTestSupport

/// A small C plugin, "tilt", with one style and a decimal parameter `angle` (0 to 90 degrees), in variants that each
/// break one rule the validator checks. `-DBREAK_<NAME>` selects a variant.
enum CheckFixture: String, CaseIterable, Sendable {
  /// Breaks nothing: passes `check --strict`.
  case valid = "VALID"
  /// The builder takes `int32_t` for the double `angle`: it reads whatever a general register holds.
  case integerAngle = "INTEGER_ANGLE"
  /// The builder truncates the double `angle` to whole degrees: 30.5 degrees become 30.
  case truncatedAngle = "TRUNCATED_ANGLE"
  /// The builder takes `float` for the double `angle`: it reads garbage, the same for every value.
  case floatAngle = "FLOAT_ANGLE"
  /// The builder takes `float` for the double `angle` and only turns by it: it reads the low half of the double,
  /// 0 for 0, 45 and 90 and a tiny number for the default 0.3, so the style changes nothing visible.
  case floatOnly = "FLOAT_ONLY"
  /// Rotates about the y axis without SH_STYLE_USES_3D.
  case missing3D = "MISSING_3D"
  /// Sets SH_STYLE_SYMMETRIC, although its inverse turns the other way.
  case falseSymmetric = "FALSE_SYMMETRIC"
  /// Sets SH_STYLE_SYMMETRIC for a zooming cross-dissolve: the new content grows and fades in while the old one
  /// shrinks and fades out, so each layer's states in the inverse are those of the forward animation, but the
  /// inverse draws the leaving content on top while both show, overlapping, and its frames differ.
  case dissolveSymmetric = "DISSOLVE_SYMMETRIC"
  /// A second parameter, `side` (left, right, leading, trailing), that the old content moves and turns towards,
  /// leading and trailing resolved with the layout direction: passes `check --strict`.
  case directional = "DIRECTIONAL"
  /// `side` as in `directional`, but the builder ignores the layout direction: leading is always the left.
  case directionIgnored = "DIRECTION_IGNORED"
  /// `side` as in `directional`, but the layout direction inverted: leading is the right in a left-to-right layout.
  case directionInverted = "DIRECTION_INVERTED"
  /// `side` as in `directional`, but the layout direction read from the wrong field (the reduced-motion flag).
  case directionWrongField = "DIRECTION_WRONG_FIELD"
  /// A setup step makes the appearing content transparent, and nothing fades it in: it ends unseen.
  case endTransparent = "END_TRANSPARENT"
  /// The appearing content is inset by 0.6 from the left and the right (inverted insets): its clip ends empty.
  case endClipped = "END_CLIPPED"
  /// The appearing content is dimmed to black over the step (ABI 1.3, the dim put on the wrong layer): it ends
  /// unseen.
  case endDimmed = "END_DIMMED"
  /// A setup step makes the disappearing content transparent: the derived inverse ends with the content it reveals
  /// unseen.
  case startHidden = "START_HIDDEN"
  /// The step's curve is a spring damped by 1e-6 (a damping ratio of 5e-7): it jitters.
  case springLoose = "SPRING_LOOSE"
  /// The 0.5 s step plays a slow spring (mass 1, stiffness 1, damping 2) that settles in about 9 s of its own time.
  case springSlow = "SPRING_SLOW"
  /// The spring's stiffness follows `angle` ((1 + 0.59 angle)²: 349 at the default 30, 1 at 0) with a damping ratio
  /// of 0.7, in a step that keeps 0.5 s, the spring's own speed at the default: passes `check --strict`, though at
  /// angle 0 the step plays the spring far faster than it moves.
  case springStiffness = "SPRING_STIFFNESS"
  /// The old content also slides out by the container's width, with or without reduced motion, and the style
  /// names no reduced-motion fallback.
  case movesFar = "MOVES_FAR"
  /// As `movesFar`, but by a quarter of the width when reduced motion is asked for: passes `check --strict`.
  case movesFarReduced = "MOVES_FAR_REDUCED"
  /// The reduced-motion fallback names a plugin that is not installed, `org.example.nowhere:fade`.
  case fallbackMissing = "FALLBACK_MISSING"
  /// The reduced-motion fallback names a style the installed cross-dissolve plugin does not have.
  case fallbackMisnamed = "FALLBACK_MISNAMED"
  /// The reduced-motion fallback names the bundled `org.stagehand.cross-dissolve:cross-dissolve`.
  case fallbackInstalled = "FALLBACK_INSTALLED"
  /// A second parameter, `shape` (none, box), and `angle` turns the old content only when shape = box: `angle` has
  /// an effect, though not at the defaults. Passes `check --strict`.
  case conditional = "CONDITIONAL"
  /// Declares a default duration of 1 s for steps of 0.5 s.
  case wrongDuration = "WRONG_DURATION"
  /// Exports a helper function besides the entry.
  case extraSymbol = "EXTRA_SYMBOL"
  /// Prints from a constructor when loaded.
  case printsAtLoad = "PRINTS_AT_LOAD"
  /// Sleeps 6 s in a constructor when loaded: longer than a scan gives a library (5 s).
  case slowLoad = "SLOW_LOAD"
  /// The builder crashes (a write through NULL) in a 1x1 container.
  case crashes = "CRASHES"
  /// The builder counts its calls in a static variable: two builds differ.
  case nondeterministic = "NONDETERMINISTIC"
  /// The builder never returns in a 1x1 container.
  case hangs = "HANGS"
  /// The style's summary and the parameter's description are empty.
  case emptyTexts = "EMPTY_TEXTS"
  /// The style's summary holds a tab and an escape character.
  case controlText = "CONTROL_TEXT"
  /// An inverse builder that leaves the disappearing layer faded out, against the end-state rule.
  case badInverse = "BAD_INVERSE"

  /// The library's file name.
  var libraryName: String { "libtilt-" + rawValue.lowercased().replacingOccurrences(of: "_", with: "-") + ".so" }

  /// The fixture compiled into `directory` (with -fvisibility=hidden, as the header recommends); its path.
  func compile(into directory: URL) throws -> String {
    try CFixture.compile(
      Self.source, into: directory, name: libraryName,
      flags: ["-fvisibility=hidden", "-DBREAK_\(rawValue)", "-D_GNU_SOURCE"])
  }

  static let source = #"""
    #include "stagehand_plugin.h"
    #include <stdio.h>
    #include <stddef.h>
    #include <time.h>

    #define TRY(call) do { int32_t s_ = (call); if (s_ != SH_OK) return s_; } while (0)

    #if defined(BREAK_EXTRA_SYMBOL)
    __attribute__((visibility("default"))) int tilt_helper(void) { return 42; }
    #endif

    #if defined(BREAK_SLOW_LOAD)
    __attribute__((constructor)) static void prepare(void) { struct timespec t = { 6, 0 }; nanosleep(&t, 0); }
    #endif

    #if defined(BREAK_PRINTS_AT_LOAD)
    __attribute__((constructor)) static void greet(void) { printf("tilt plugin loaded\n"); fflush(stdout); }
    #endif

    #if defined(BREAK_INTEGER_ANGLE)
    typedef int32_t angle_t;
    #elif defined(BREAK_FLOAT_ANGLE) || defined(BREAK_FLOAT_ONLY)
    typedef float angle_t;
    #else
    typedef double angle_t;
    #endif

    #if defined(BREAK_NONDETERMINISTIC)
    static int calls;
    #endif

    #if defined(BREAK_DIRECTIONAL) || defined(BREAK_DIRECTION_IGNORED) || defined(BREAK_DIRECTION_INVERTED) \
        || defined(BREAK_DIRECTION_WRONG_FIELD)
    #define SIDED 1
    #endif

    #if defined(SIDED)
    static int32_t build(const sh_context *context, const sh_host *host, sh_builder *builder, angle_t angle,
                         int32_t side) {
        int rtl = context->layout_direction == SH_LAYOUT_RIGHT_TO_LEFT;
    #if defined(BREAK_DIRECTION_IGNORED)
        rtl = 0;
    #elif defined(BREAK_DIRECTION_INVERTED)
        rtl = !rtl;
    #elif defined(BREAK_DIRECTION_WRONG_FIELD)
        rtl = (context->flags & SH_CONTEXT_REDUCE_MOTION) != 0;
    #endif
        int left = side == 0 || (side == 2 && !rtl) || (side == 3 && rtl);
        double sign = left ? -1.0 : 1.0;
        TRY(host->begin_step(builder, 0.5, SH_CURVE_EASE_IN_OUT));
        TRY(host->translate(builder, SH_LAYER_DISAPPEARING, sign * context->width / 4, 0, 0));
        TRY(host->rotate(builder, SH_LAYER_DISAPPEARING, sign * (double)angle * 3.14159265358979323846 / 180.0, 0, 0, 1));
        TRY(host->fade(builder, SH_LAYER_DISAPPEARING, -1));
        return SH_OK;
    }
    #elif defined(BREAK_CONDITIONAL)
    static int32_t build(const sh_context *context, const sh_host *host, sh_builder *builder, angle_t angle,
                         int32_t shape) {
        (void)context;
        TRY(host->begin_step(builder, 0.5, SH_CURVE_EASE_IN_OUT));
        if (shape == 1) {
            TRY(host->rotate(builder, SH_LAYER_DISAPPEARING, (double)angle * 3.14159265358979323846 / 180.0, 0, 0, 1));
        }
        TRY(host->fade(builder, SH_LAYER_DISAPPEARING, -1));
        return SH_OK;
    }
    #else
    static int32_t build(const sh_context *context, const sh_host *host, sh_builder *builder, angle_t angle) {
    #if defined(BREAK_CRASHES)
        if (context->width < 2) { volatile int *nowhere = NULL; *nowhere = 1; }
    #elif defined(BREAK_HANGS)
        if (context->width < 2) { for (;;) { } }
    #else
        (void)context;
    #endif
    #if defined(BREAK_DISSOLVE_SYMMETRIC)
        double s = 1.0 - (double)angle / 180.0;
        TRY(host->begin_step(builder, 0, SH_CURVE_LINEAR));
        TRY(host->fade(builder, SH_LAYER_APPEARING, -1));
        TRY(host->scale(builder, SH_LAYER_APPEARING, s, s, 1));
        TRY(host->begin_step(builder, 0.5, SH_CURVE_EASE_IN_OUT));
        TRY(host->fade(builder, SH_LAYER_APPEARING, 1));
        TRY(host->scale(builder, SH_LAYER_APPEARING, 1 / s, 1 / s, 1));
        TRY(host->fade(builder, SH_LAYER_DISAPPEARING, -1));
        TRY(host->scale(builder, SH_LAYER_DISAPPEARING, s, s, 1));
        return SH_OK;
    #endif
    #if defined(BREAK_END_TRANSPARENT)
        TRY(host->begin_step(builder, 0, SH_CURVE_LINEAR));
        TRY(host->fade(builder, SH_LAYER_APPEARING, -1));
    #elif defined(BREAK_START_HIDDEN)
        TRY(host->begin_step(builder, 0, SH_CURVE_LINEAR));
        TRY(host->fade(builder, SH_LAYER_DISAPPEARING, -1));
    #endif
    #if defined(BREAK_TRUNCATED_ANGLE)
        double radians = (double)(int)angle * 3.14159265358979323846 / 180.0;
    #else
        double radians = (double)angle * 3.14159265358979323846 / 180.0;
    #endif
    #if defined(BREAK_NONDETERMINISTIC)
        radians += 0.001 * (calls++ % 2);
    #endif
        TRY(host->begin_step(builder, 0.5, SH_CURVE_EASE_IN_OUT));
    #if defined(BREAK_SPRING_LOOSE)
        TRY(host->set_spring(builder, 1, 200, 1e-6, 0));
    #elif defined(BREAK_SPRING_SLOW)
        TRY(host->set_spring(builder, 1, 1, 2, 0));
    #elif defined(BREAK_SPRING_STIFFNESS)
        double root = 1 + 0.59 * (double)angle;  /* the square root of the stiffness */
        TRY(host->set_spring(builder, 1, root * root, 2 * 0.7 * root, 0));
    #endif
    #if defined(BREAK_MISSING_3D)
        TRY(host->rotate(builder, SH_LAYER_DISAPPEARING, radians, 0, 1, 0));
    #else
        TRY(host->rotate(builder, SH_LAYER_DISAPPEARING, radians, 0, 0, 1));
    #endif
    #if !defined(BREAK_FLOAT_ONLY)
        TRY(host->fade(builder, SH_LAYER_DISAPPEARING, -1));
    #endif
    #if defined(BREAK_MOVES_FAR)
        TRY(host->translate(builder, SH_LAYER_DISAPPEARING, context->width, 0, 0));
    #elif defined(BREAK_MOVES_FAR_REDUCED)
        double share = (context->flags & SH_CONTEXT_REDUCE_MOTION) ? 0.25 : 1.0;
        TRY(host->translate(builder, SH_LAYER_DISAPPEARING, share * context->width, 0, 0));
    #endif
    #if defined(BREAK_END_CLIPPED)
        TRY(host->change_inset(builder, SH_LAYER_APPEARING, 0, 0.6, 0, 0.6));
    #endif
    #if defined(BREAK_END_DIMMED)
        TRY(host->change_dim(builder, SH_LAYER_APPEARING, 1));
    #endif
        return SH_OK;
    }
    #endif

    #if defined(BREAK_BAD_INVERSE)
    static int32_t inverse(const sh_context *context, const sh_host *host, sh_builder *builder, angle_t angle) {
        (void)context; (void)angle;
        TRY(host->begin_step(builder, 0.5, SH_CURVE_EASE_IN_OUT));
        TRY(host->fade(builder, SH_LAYER_DISAPPEARING, -1));
        return SH_OK;
    }
    #endif

    #if defined(BREAK_CONDITIONAL)
    static const char *const shape_labels[] = {"none", "box"};
    #endif
    #if defined(SIDED)
    static const char *const side_labels[] = {"left", "right", "leading", "trailing"};
    #endif

    static const sh_parameter parameters[] = {{
        .struct_size = sizeof(sh_parameter), .symbol = "angle", .type = SH_PARAM_DOUBLE,
    #if defined(BREAK_FLOAT_ONLY)
        .minimum = 0, .maximum = 90, .default_value = 0.3, .unit = "degrees",
    #else
        .minimum = 0, .maximum = 90, .default_value = 30, .unit = "degrees",
    #endif
    #if defined(BREAK_EMPTY_TEXTS)
        .description = "",
    #else
        .description = "How far the old content turns as it fades out.",
    #endif
    }
    #if defined(BREAK_CONDITIONAL)
    , {
        .struct_size = sizeof(sh_parameter), .symbol = "shape", .type = SH_PARAM_ENUM, .minimum = 0, .maximum = 1,
        .default_value = 0, .label_count = 2, .labels = shape_labels,
        .description = "Whether the old content turns as a box (by angle) or only fades.",
    }
    #endif
    #if defined(SIDED)
    , {
        .struct_size = sizeof(sh_parameter), .symbol = "side", .type = SH_PARAM_ENUM, .minimum = 0, .maximum = 3,
        .default_value = 2, .label_count = 4, .labels = side_labels,
        .description = "The side the old content moves towards; leading and trailing follow the layout direction.",
    }
    #endif
    };

    static const sh_style styles[] = {{
        .struct_size = sizeof(sh_style), .name = "tilt",
    #if defined(BREAK_EMPTY_TEXTS)
        .summary = "",
    #elif defined(BREAK_CONTROL_TEXT)
        .summary = "The old content\tturns \x1b[1mand fades out.",
    #else
        .summary = "The old content turns and fades out over the new one.",
    #endif
    #if defined(BREAK_WRONG_DURATION)
        .default_duration = 1.0,
    #else
        .default_duration = 0.5,
    #endif
    #if defined(BREAK_FALSE_SYMMETRIC) || defined(BREAK_DISSOLVE_SYMMETRIC)
        .flags = SH_STYLE_SYMMETRIC,
    #endif
    #if defined(BREAK_FALLBACK_MISSING)
        .reduced_motion_fallback = "org.example.nowhere:fade",
    #elif defined(BREAK_FALLBACK_MISNAMED)
        .reduced_motion_fallback = "org.stagehand.cross-dissolve:dissolve",
    #elif defined(BREAK_FALLBACK_INSTALLED)
        .reduced_motion_fallback = "org.stagehand.cross-dissolve:cross-dissolve",
    #endif
        .parameter_count = sizeof parameters / sizeof parameters[0], .parameters = parameters, .builder = (sh_function)build,
    #if defined(BREAK_BAD_INVERSE)
        .inverse_builder = (sh_function)inverse,
    #endif
    }};

    static const sh_plugin plugin = {
        .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR, .struct_size = sizeof(sh_plugin),
        .id = "org.example.tilt", .version = "1.0.0", .name = "Tilt", .author = "The tests", .license = "MIT",
        .description = "A fixture for the validator's tests.", .style_count = 1, .styles = styles,
    };

    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
    """#
}
