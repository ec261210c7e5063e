/*
 * stagehand_plugin.h: the Stagehand plugin ABI, version 1.2.
 *
 * Version 1.1 appends to 1.0 (section 4): clips, draw order, a backdrop, change intervals, springs, the layout
 * direction, display scale and reduced motion of the context, and a style's reduced-motion fallback. Each addition is
 * marked [1.1]; section 9 says how each one is drawn and reversed, and section 15 shows a style that uses them.
 * Version 1.2 appends to 1.1: a wedge in every clip (a clock wipe), marked [1.2].
 *
 * This header is the complete specification of a Stagehand plugin. A third party who has nothing but this file can
 * write, build and ship a plugin in any language that can export a C symbol (C, C++, Swift, Rust, Zig, ...).
 *
 * The key words MUST, MUST NOT, REQUIRED, SHALL, SHALL NOT, SHOULD, SHOULD NOT, RECOMMENDED, MAY and OPTIONAL are to
 * be interpreted as described in RFC 2119. "The host" is any program that loads plugins (the `stagehand` command,
 * an application linking the Stagehand library, the plugin validator `stagehand check`).
 *
 * Contents
 *
 *   1.  Overview
 *   2.  A minimal plugin
 *   3.  Vocabulary and units
 *   4.  Versioning
 *   5.  Ownership of every pointer
 *   6.  Strings and names
 *   7.  Threading
 *   8.  Error returns
 *   9.  The animation model (what a builder describes, and how the host draws it)
 *   10. Constants: versions, limits, status codes, layers, curves, parameter types, flags
 *   11. Opaque types and the generic function pointer
 *   12. The descriptor: sh_plugin, sh_style, sh_parameter, sh_preset, sh_preset_value
 *   13. The build call: sh_context, sh_host, the builder signature
 *   14. The entry point
 *   15. [1.1] An example: a wipe, a reveal and a fade through black
 *
 * ------------------------------------------------------------------------------------------------------------------
 * 1. Overview
 * ------------------------------------------------------------------------------------------------------------------
 *
 * A plugin is a shared library that exports exactly one symbol the host looks for, the entry function
 * `stagehand_plugin_v1` (SH_PLUGIN_ENTRY_NAME). The entry returns a read-only descriptor (sh_plugin) that names the
 * plugin and lists its styles. A style (sh_style) is a named way to transition from one content to another, such as
 * "push" or "flip". It declares typed parameters (sh_parameter), named parameter sets called presets (sh_preset), a
 * default duration, and a builder function.
 *
 * A builder does not draw anything and allocates nothing. It describes an animation by calling functions of a table
 * the host gives it (sh_host): begin a step, then translate, rotate, scale, fade layers, move their anchor point and
 * change the stage's perspective. The host records these calls into its own animation model, rescales the animation
 * to the duration the user asked for, samples it and draws it.
 *
 * A builder is an ordinary C function with one natural C argument per parameter, for example
 *
 *     int32_t zoom_build(const sh_context *context, const sh_host *host, sh_builder *builder,
 *                        double scale, int32_t origin);
 *
 * The host learns the argument list at run time from the style's parameters and calls the builder through libffi,
 * with a call interface it prepares once per style when the plugin is loaded.
 *
 * Every style has an inverse: the animation that plays when the content shown with that style leaves again (a "pop").
 * The host derives it from the forward builder (see section 9), or a style MAY supply its own inverse builder. The
 * inverse is always built at the time it is needed, from the geometry of that moment.
 *
 * The host opens plugins with dlopen(RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) and never unloads them. It MAY open a new
 * or changed library first in a short-lived child process with a time limit, to read its descriptor safely: a plugin
 * MUST NOT rely on being loaded only once, or only in the process that later builds its animations.
 *
 * ------------------------------------------------------------------------------------------------------------------
 * 2. A minimal plugin
 * ------------------------------------------------------------------------------------------------------------------
 *
 * A complete plugin with one style and no parameters: the appearing content fades in over the disappearing one.
 * Build it with   cc -std=c11 -shared -fPIC -fvisibility=hidden -I<dir of this header> fade.c -o libfade.so
 * and put the library in a directory listed in STAGEHAND_PLUGIN_PATH.
 *
 *     #include "stagehand_plugin.h"
 *
 *     static int32_t fade_build(const sh_context *context, const sh_host *host, sh_builder *builder)
 *     {
 *         int32_t status;
 *         (void)context;
 *         if ((status = host->begin_step(builder, 0.0, SH_CURVE_LINEAR)) != SH_OK) return status;
 *         if ((status = host->fade(builder, SH_LAYER_APPEARING, -1.0)) != SH_OK) return status;
 *         if ((status = host->begin_step(builder, 0.3, SH_CURVE_EASE_IN_OUT)) != SH_OK) return status;
 *         return host->fade(builder, SH_LAYER_APPEARING, 1.0);
 *     }
 *
 *     static const sh_style styles[] = {{
 *         .struct_size = sizeof(sh_style),
 *         .name = "fade-over",
 *         .summary = "The new content fades in over the old one.",
 *         .default_duration = 0.3,
 *         .builder = (sh_function)fade_build,
 *     }};
 *
 *     static const sh_plugin plugin = {
 *         .abi_major = SH_ABI_MAJOR,
 *         .abi_minor = SH_ABI_MINOR,
 *         .struct_size = sizeof(sh_plugin),
 *         .id = "org.example.fade",
 *         .version = "1.0.0",
 *         .name = "Fade over",
 *         .author = "Example Author",
 *         .license = "MIT",
 *         .description = "A fade for the Stagehand documentation.",
 *         .style_count = 1,
 *         .styles = styles,
 *     };
 *
 *     SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
 *
 * Fields left out of the initialisers are zero or NULL: no flags, no parameters, no presets, no inverse builder.
 * A complete example with parameters and presets ships with Stagehand in Plugins/Examples/Zoom/zoom.c, and
 * `stagehand new-plugin ID` writes a project to start from. `stagehand check` validates a built library.
 *
 * In C++. The header declares everything with C linkage, so the entry defined above gets it too. C++20 has
 * designated initialisers, but they MUST name the fields in the order the structs declare them, and g++ -Wextra warns
 * about every field one leaves out (name them all, or add -Wno-missing-field-initializers). C++17 has none: fill
 * each struct by name in a function, and keep the descriptor in a function-local static, which C++ initialises once,
 * safely from any thread:
 *
 *     static sh_plugin make_plugin() {
 *         sh_plugin plugin{};                          // every field zero or NULL
 *         plugin.abi_major = SH_ABI_MAJOR;
 *         plugin.abi_minor = SH_ABI_MINOR;
 *         plugin.struct_size = sizeof(sh_plugin);
 *         plugin.id = "org.example.fade";
 *         ...                                          // arrays of styles: static, filled the same way
 *         return plugin;
 *     }
 *     SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) {
 *         static const sh_plugin plugin = make_plugin();
 *         return &plugin;
 *     }
 *
 * Cast a builder with reinterpret_cast<sh_function>(&build) (section 11), and let no exception leave it (section 7).
 *
 * Files. The host scans the files whose names end in `.so` in its plugin directories: a versioned name such as
 * libfade.so.1 is not scanned, so install the library under a name ending in `.so`. It skips a file, or a directory,
 * that another user could change (writable by group or others, or owned by someone other than the user or root).
 *
 * ------------------------------------------------------------------------------------------------------------------
 * 3. Vocabulary and units
 * ------------------------------------------------------------------------------------------------------------------
 *
 *   plugin     a shared library exporting the entry symbol; identified by a reverse-DNS id such as org.example.zoom
 *   style      a named way to transition, with typed parameters, presets, a default duration and a builder
 *   preset     a named parameter set of a style, e.g. "push-from-left" = style "push" with direction = left
 *   parameter  a typed, named input of a style: enum, integer, decimal number (double) or boolean
 *   context    the geometry at build time: the container's bounds; [1.1] its layout direction, display scale and
 *              whether the user asked for reduced motion
 *   layer      one animated rectangle: the appearing content, the disappearing content, or the stage that holds them
 *   step       a segment of an animation: a duration, a timing curve, and changes to layers that run in parallel
 *   animation  an ordered list of steps, played one after the other
 *   clip       [1.1] the part of a content layer that is drawn: an inset rectangle with rounded corners, intersected
 *              with an ellipse; [1.2] and with a wedge
 *   draw order [1.1] which content layer is drawn above the other
 *   backdrop   [1.1] a colour behind both contents, with its own opacity
 *   interval   [1.1] the part [start, end] of its step over which a change runs
 *   spring     [1.1] a timing curve of a damped spring, settling within its step
 *   fallback   [1.1] the style or preset a host plays instead of a style when the user asked for reduced motion
 *
 * Units: lengths are in points; times in seconds; angles in radians; anchor points in unit coordinates of the layer
 * ((0, 0) is the layer's top-left corner, (1, 1) its bottom-right corner, (0.5, 0.5) its centre); opacity from 0
 * (transparent) to 1 (opaque); perspective in 1/points. [1.1] Clip insets and ellipse centres are in unit
 * coordinates of the layer, ellipse radii in units of the layer's half-diagonal (half of sqrt(width^2 + height^2)),
 * corner radii in points, colour components from 0 to 1 (sRGB, not premultiplied). [1.2] Wedge centres are in unit
 * coordinates of the layer, wedge angles in radians measured in points (not in unit coordinates), 0 pointing up and
 * growing clockwise on screen.
 *
 * ------------------------------------------------------------------------------------------------------------------
 * 4. Versioning
 * ------------------------------------------------------------------------------------------------------------------
 *
 * The ABI has a major and a minor version (SH_ABI_MAJOR, SH_ABI_MINOR).
 *
 * - A minor version only ever appends: new fields at the end of a struct, new functions at the end of sh_host, new
 *   constants, meanings for bits that were reserved. It never removes, reorders, retypes or changes the meaning of
 *   anything that exists. A major version may change anything; it comes with a new entry symbol name
 *   (stagehand_plugin_v2, ...), so one library MAY export the entries of several majors.
 * - Every struct of this header except sh_preset_value has a `uint32_t struct_size` field. The side that fills a
 *   struct MUST set it to sizeof of that struct as compiled with the header it was built against (for example
 *   `sizeof(sh_style)`). sh_preset_value is frozen for the whole major version 1 and has no size field.
 * - The descriptor starts with `uint16_t abi_major; uint16_t abi_minor; uint32_t struct_size;`. A plugin MUST set
 *   abi_major to SH_ABI_MAJOR and abi_minor to SH_ABI_MINOR of the header it was built against (it MAY declare an
 *   older minor if it uses nothing newer).
 * - The host MUST refuse a plugin whose abi_major differs from its own. It MUST NOT refuse a plugin for having an
 *   abi_minor lower than or equal to its own. It MUST refuse a plugin whose abi_minor is greater than its own: such a
 *   plugin may set fields or flag bits whose meaning the host does not know, and ignoring them could silently change
 *   what the style does. The error message names both versions.
 * - The host MUST NOT read a plugin struct past the struct_size the plugin declared, and MUST refuse a struct whose
 *   struct_size is smaller than that struct's size in the minor version the plugin declared.
 * - Arrays of structs (styles, parameters, presets) are walked with the element's struct_size as the stride, so that
 *   a host and a plugin built against different minors agree on where each element starts. All elements of one array
 *   MUST have the same struct_size; the host refuses an array where they differ.
 * - Structs the host fills (sh_context, sh_host) carry the host's struct_size. A plugin built against a header newer
 *   than the minor it declares MUST check a field is present before it reads or calls it; SH_HAS_FIELD does that.
 *   The fields of the minor the plugin declares are always present, since the host refuses newer minors.
 * - [1.1] Version 1.1 appended reduced_motion_fallback to sh_style, layout_direction and display_scale to sh_context,
 *   the functions from set_interval to change_backdrop to sh_host, and the meaning of bit 0 of sh_context.flags. A 1.0
 *   plugin's styles end at inverse_builder: a 1.1 host reads such a style as having no fallback, and gives its
 *   builders a 1.1 context and host table, whose additions the plugin never reads. A 1.0 host refuses a 1.1 plugin.
 * - [1.2] Version 1.2 appended change_wedge to sh_host and the wedge to every clip (section 9, "Clips"); no struct of
 *   the descriptor changed. A 1.0 or 1.1 plugin is read and played exactly as before: its builders get the 1.2 host
 *   table, whose addition they never call, and a clip whose wedge never changes cuts nothing. A 1.1 host refuses a
 *   1.2 plugin.
 * - Reserved flag bits MUST be 0 when written. The host refuses a plugin with a style that sets a flag bit the host
 *   does not know.
 *   A plugin MUST ignore bits it does not know in flags the host writes.
 *
 * ------------------------------------------------------------------------------------------------------------------
 * 5. Ownership of every pointer
 * ------------------------------------------------------------------------------------------------------------------
 *
 * Memory never changes hands: nothing one side allocates is ever freed by the other side, and a plugin allocates
 * nothing at all for the host.
 *
 * - The descriptor returned by the entry, and everything reachable from it (styles, parameters, presets, preset
 *   values, label arrays, every string), is owned by the plugin. It MUST stay valid and unchanged for the lifetime of
 *   the library, which for a plugin is the lifetime of the process (it is never unloaded). In practice: static const
 *   data. The host only reads it and copies what it keeps; it never writes or frees it.
 * - The entry MUST return the same pointer on every call, and a non-NULL one.
 * - The function pointers in a style (builder, inverse_builder) MUST point into the library and stay valid for its
 *   lifetime.
 * - The context (sh_context), the host function table (sh_host) and the builder handle (sh_builder) a builder
 *   receives are owned by the host. They are valid only until the builder returns. A builder MUST NOT write through
 *   them, keep them after it returns, or hand them to another thread. The builder handle is opaque: a plugin MUST NOT
 *   dereference it; it only passes it back to the host functions. A host function called with any other handle than
 *   that of the builder call running on the calling thread (one kept after its builder returned, one used from another
 *   thread, or any other value) returns SH_ERROR_INVALID_ARGUMENT and changes nothing, in that build or any other.
 * - The message passed to sh_host.report is owned by the plugin and needs to be valid only during that call; the host
 *   copies it.
 *
 * ------------------------------------------------------------------------------------------------------------------
 * 6. Strings and names
 * ------------------------------------------------------------------------------------------------------------------
 *
 * - Every string is valid UTF-8 and NUL-terminated, at most SH_MAX_STRING_LENGTH (1024) bytes long, not counting the
 *   terminating NUL. Descriptor strings MUST stay valid for the library's lifetime (section 5).
 * - A string pointer MUST NOT be NULL, except where its field says it MAY be NULL. Descriptive texts (summaries,
 *   descriptions) MAY be empty but SHOULD NOT be: they are what users read in `stagehand info`.
 * - Names are the words users type: style names, preset names, parameter symbols and enum labels. A name matches
 *   [a-z][a-z0-9-]*: lowercase ASCII letters, digits and '-', starting with a letter, at most SH_MAX_NAME_LENGTH (64)
 *   bytes. Names are case-sensitive and compared byte for byte.
 *       Unique within a plugin: every style name and every preset name of all its styles, taken together (a
 *       command line accepts either a style or a preset where it expects a style).
 *       Unique within a style: its parameter symbols.  Unique within a parameter: its enum labels.
 * - The plugin id is a reverse-DNS name: two or more labels separated by '.', each label matching [a-z][a-z0-9-]*,
 *   at most SH_MAX_ID_LENGTH (128) bytes in total, e.g. "org.example.zoom". Use a domain you control. The id
 *   identifies the plugin across versions; it MUST NOT change between versions of the same plugin.
 * - The plugin version is a Semantic Versioning 2.0.0 string such as "1.4.2", at most SH_MAX_NAME_LENGTH bytes.
 * - The license is an SPDX license identifier or expression, such as "MIT" or "Apache-2.0 OR MIT".
 * - Two plugins MAY declare styles or presets with the same name. The host keeps both, qualified by plugin id
 *   (org.example.zoom:zoom), and reports the conflict; it never silently replaces one with the other.
 *
 * ------------------------------------------------------------------------------------------------------------------
 * 7. Threading
 * ------------------------------------------------------------------------------------------------------------------
 *
 * - The host MAY call the entry function, and read the descriptor, from any thread, including several threads at the
 *   same time. The entry MUST be safe to call that way (returning a pointer to static const data is).
 * - The host MAY call builders (forward or inverse, of one style or several) concurrently from several threads, each
 *   call with its own sh_builder handle. A builder MUST therefore be reentrant: it MUST NOT keep global or static
 *   mutable state. It MUST be deterministic: the same parameters and context MUST produce the same sequence of host
 *   calls with the same arguments, because the host builds the same animation again whenever it needs it (every pop
 *   rebuilds its inverse, and the validator compares builds).
 * - A builder MUST call the host functions only from the thread that is running the builder, only before it returns,
 *   and only with the builder handle it received in that call.
 * - A builder SHOULD return quickly and SHOULD NOT block, sleep, do I/O or start threads; it runs while an application
 *   is about to show something.
 * - Nothing may unwind across the ABI: a builder or the entry MUST NOT let a C++ exception, a Rust panic, a longjmp or
 *   any other unwinding leave it. It MUST NOT terminate the process.
 * - Library constructors (static initialisers) SHOULD do nothing more than initialise constant data: they also run
 *   when the host only scans the library.
 *
 * ------------------------------------------------------------------------------------------------------------------
 * 8. Error returns
 * ------------------------------------------------------------------------------------------------------------------
 *
 * Status codes are int32_t values: SH_OK (0) for success, a negative SH_ERROR_* value for failure.
 *
 * - Every host function returns a status. On an error it changes nothing: the call is as if it had not been made.
 *   The documentation of each function lists the errors it returns.
 * - A builder MUST return SH_OK or a negative status. For a failure of its own it SHOULD call report() with a message
 *   a user can act on, then return SH_ERROR_FAILED (or SH_ERROR_INVALID_ARGUMENT for a parameter value or a context
 *   it cannot use). Once a host function has returned an error, the builder
 *   SHOULD return that status without calling further host functions.
 * - The host treats a build as failed when the builder returns anything but SH_OK, and also when any host function
 *   returned an error during the call, even if the builder then returned SH_OK. A positive return value is treated as
 *   SH_ERROR_FAILED. A failed build produces no animation: the host reports a typed error naming the plugin, the
 *   style, the status and the last message given to report(), and nothing is shown partially.
 * - A descriptor that breaks a MUST of this header (wrong versions, a NULL where none is allowed, a malformed name,
 *   an out-of-range value, a duplicate name, a too-long string, ...) makes the host refuse the whole plugin, with a
 *   message naming the field at fault. A plugin is never half loaded.
 * - The entry function has no error return: a plugin that cannot describe itself SHOULD NOT export the entry at all.
 *
 * ------------------------------------------------------------------------------------------------------------------
 * 9. The animation model
 * ------------------------------------------------------------------------------------------------------------------
 *
 * Coordinates. Points, with the origin at the top-left of the drawing surface, x to the right, y down and z away from
 * the viewer (into the screen): a right-handed system. The context gives the container's bounds (x, y, width, height)
 * in these coordinates.
 *
 * Layers. Three layers take part (SH_LAYER_*):
 *   - SH_LAYER_APPEARING: the content the animation shows.
 *   - SH_LAYER_DISAPPEARING: the content the animation hides.
 *     (In an inverse these are the roles in the pop; see "The inverse" below.)
 *   - SH_LAYER_STAGE: the container's layer that holds both. It has a transform applied to the two content layers
 *     (a "sublayer transform"), an anchor point for it, and a perspective. It has no opacity.
 * Both content layers are rectangles that fill the container's bounds. Every layer starts in its initial state:
 * translation (0, 0, 0), no rotation, scale (1, 1, 1), anchor (0.5, 0.5) (the centre), opacity 1, perspective 0
 * (none). The content that the forward animation brings in is drawn above the other one, whatever the z values:
 * SH_LAYER_APPEARING in a forward animation, SH_LAYER_DISAPPEARING in an inverse (the same content); [1.1] set_on_top
 * changes that draw order. Layers are one-sided: where a layer's back faces the viewer, it is not drawn. Opacity is
 * drawn clamped to [0, 1].
 *
 * State and drawing. A layer has a translation t, a rotation R (an angle about an axis), a scale s = (sx, sy, sz), an
 * anchor a = (ax, ay) and, for a content layer, an opacity. Its anchor point is A = (x + ax * width, y + ay * height,
 * 0) in container coordinates. A point q of a content layer (z = 0) is placed at
 *
 *     p = A + t + R(s * (q - A))
 *
 * so rotations and scales act about the anchor point, whatever translation has built up, and moving the anchor of a
 * layer that is neither rotated nor scaled does not move it. The stage then transforms p the same way about its own
 * anchor point As (the container's centre at first), with its translation ts, rotation Rs and scale ss:
 * u = As + ts + Rs(ss * (p - As)); and its perspective P (P = 1 / camera distance, 0 meaning none) puts the camera
 * at distance 1 / P in front of As. The point is drawn at
 *
 *     (Asx + (ux - Asx) / w,  Asy + (uy - Asy) / w)   where w = 1 + P * uz
 *
 * A layer with a corner at or behind the camera (w <= 0) is not drawn. Hence a positive dz moves a layer away from the
 * viewer, and with perspective makes it look smaller.
 *
 * Clipping. Everything is drawn within the container's bounds: what a layer covers outside them is cut off (a push
 * moves the old content out of sight by moving it out of the bounds). A z translation never changes which content is
 * drawn on top (see "Layers" above). [1.1] Within the bounds, each content layer is also cut by its own clip (below).
 *
 * Drawing order, back to front: [1.1] the backdrop (a colour filling the container's bounds, not moved by the stage),
 * then the content layer that is not on top, then the one on top.
 *
 * Rotations follow the right-hand rule in these coordinates: a positive angle about (0, 0, 1) turns x towards y,
 * which is clockwise on screen since y points down; about (0, 1, 0) it turns z towards x, bringing a layer's right
 * edge towards the viewer; about (1, 0, 0) it turns y towards z, moving its bottom edge away from the viewer. A
 * rotation change applies after the rotation the layer already has (R becomes Rchange * R): its axis is given in
 * container coordinates. A scale change multiplies the scale component by component, in the layer's own axes, before
 * its rotation.
 *
 * Steps. A builder calls begin_step() to start a step, then makes changes; every change belongs to the most recent
 * step. The steps play one after the other; the changes of one step play in parallel, over the whole step. Every
 * change is relative to the layer's state at the start of its step: translate by, rotate by, scale by, fade by, move
 * the anchor by, change the perspective by. Each kind of change affects its own part of a layer's state, so the order
 * of changes within a step does not matter; several changes of one kind to one layer in one step add up (scales
 * multiply), except rotations: a step MUST rotate a layer at most once, since rotations about different axes cannot
 * run in parallel and reverse exactly (put further rotations in further steps). A step MAY have no change (a pause).
 * A step of duration 0 is applied instantly: use it first to set up the layers' start state (for example, make the
 * appearing layer transparent before fading it in).
 *
 * Timing. Within a step of duration D with timing curve c, at time T after the step's start, each change has
 * progressed by the fraction f = c(T / D): a translation, anchor, opacity, perspective, [1.1] clip or backdrop change
 * by f times its delta, a rotation by f times its angle about its axis, and a scale by the factor 1 + f * (k - 1) for
 * each factor k (from 1 to k). [1.1] A change made after set_interval(start, end) runs over that part of its step
 * only: f = c(u) with u = (T / D - start) / (end - start), clamped to [0, 1], so it has not begun before start and is
 * complete after end; changes with different intervals overlap or follow each other within one step (a stagger).
 * The curves are cubic Bezier curves from (0, 0) to (1, 1), or [1.1] springs (below); the named ones have the control
 * points
 *     SH_CURVE_LINEAR (0, 0, 1, 1), SH_CURVE_EASE_IN (0.42, 0, 1, 1), SH_CURVE_EASE_OUT (0, 0, 0.58, 1),
 *     SH_CURVE_EASE_IN_OUT (0.42, 0, 0.58, 1),
 * and set_bezier() sets any other. With control points outside [0, 1] in y, f overshoots (for a bounce).
 *
 * Duration. A builder describes its animation at the style's intrinsic duration: the sum of its steps' durations,
 * which SHOULD equal the style's default_duration. The host rescales every step in proportion to play the duration the
 * user asked for, so the context carries no duration and a builder never needs one.
 *
 * The inverse. When a content shown with a style leaves again (a "pop"), the host plays the style's inverse, built at
 * that moment from the current context. An inverse is an animation of its own, and its layer identifiers name the
 * roles in the pop: SH_LAYER_APPEARING is the content the pop reveals (the one the forward animation hid), and
 * SH_LAYER_DISAPPEARING the content that leaves (the one the forward animation showed). Each layer starts the
 * inverse in the state where the forward animation, built with the same parameters and the current context, left
 * that content: the forward's end state with the two content layers exchanged.
 *   - Without an inverse builder (RECOMMENDED), the host derives the inverse exactly: that forward animation, with
 *     the appearing and disappearing layers exchanged, played backwards in time (the steps in reverse order, every
 *     change undone, each timing curve (x1, y1, x2, y2) becoming (1 - x2, 1 - y2, 1 - x1, 1 - y1)). Sampling the
 *     inverse at time t gives the states of that forward animation at time T - t. At the exact time of a step of
 *     duration 0, the forward animation shows the state after it and the inverse the state before it (the same
 *     moment seen from the other side). So the pop's last frame shows what a leading setup step made (a backdrop it
 *     turned on stays on there, under the revealed content), and a trailing step of duration 0 (a "cleanup" at the
 *     end of the forward animation) is not shown at the start of the pop: the pop's first frame is the state before
 *     the cleanup is undone, and the frames right after it show it undone, a jump. A style with such a trailing step
 *     cannot be SH_STYLE_SYMMETRIC (its first frames differ). Prefer ending the last visible step in the state the
 *     content should rest in (fade a backdrop out over that step, or an interval at its end).
 *   - With an inverse builder, the host calls it instead, with the same parameter values and the current context.
 *     It describes the pop directly, as changes relative to the starting state above, and MUST satisfy the end-state
 *     rule: [1.1] the content the pop reveals (SH_LAYER_APPEARING), its clip included, the stage and the backdrop
 *     end in their initial state; the content that leaves (SH_LAYER_DISAPPEARING) MAY end in any state, and the draw
 *     order in either, since the leaving content is not drawn once the animation has ended (below). (In 1.0 the
 *     rule also brought the leaving content back to rest, which showed it, opaque and on top, at the last frame.)
 *     The validator (`stagehand check`) checks the rule for many parameter values and contexts.
 *
 * The end. [1.1] When an animation has ended, forward or inverse, the disappearing content is gone: a host draws the
 * last frame (at time T, the animation's duration) and anything after it without SH_LAYER_DISAPPEARING, and shows
 * the appearing content alone, in the state the animation left it, over the backdrop. Every frame before T is drawn
 * as above.
 *
 * [1.1] Clips. Each content layer has a clip, in its own coordinates (before its transform, so it moves, turns and
 * scales with the layer). Only the part of the layer inside all of these shapes ([1.2] all three) is drawn:
 *   - an inset rectangle: the layer's rectangle with its top, right, bottom and left edges moved inwards by the insets
 *     (it, ir, ib, il), in unit coordinates of the layer (the top and bottom insets are fractions of its height, the
 *     left and right ones of its width), with corners rounded by the corner radius rc in points. Initial state:
 *     every inset 0, rc 0 (the whole layer). Drawn: nothing when il + ir >= 1 or it + ib >= 1; a negative inset as 0;
 *     rc clamped to [0, half the shorter side of the inset rectangle in points].
 *   - an ellipse with centre (ecx, ecy) in unit coordinates of the layer and radii (erx, ery) in units of the layer's
 *     half-diagonal h: erx * h points across, ery * h points down. Initial state: centre (0.5, 0.5), radii (1, 1): the
 *     circle through the layer's four corners, which clips nothing. Drawn: nothing when a radius is <= 0.
 *   - [1.2] a wedge: the points seen from its centre (wcx, wcy), in unit coordinates of the layer, between the
 *     direction at angle ws (its first edge) and the direction at angle ws + wsweep (its second edge), going
 *     clockwise. Angles are in radians and measured in points: the direction at angle a is (sin a, -cos a) in
 *     points (0 points up, towards the layer's top edge; pi / 2 to the right; pi down), whatever the layer's aspect
 *     ratio. Initial state: centre (0.5, 0.5), ws 0, wsweep 2 pi: a whole turn, which clips nothing. Drawn:
 *     everything (no cut) when wsweep >= 2 pi, nothing when wsweep <= 0; ws is taken modulo 2 pi. The edges and
 *     the centre belong to the wedge.
 * change_inset, change_corner_radius, change_ellipse and [1.2] change_wedge change them by deltas (their reversal
 * negates the deltas), stored without clamping so that changes add up and reverse exactly. More than one clip per
 * layer is their intersection: a shape can only be cut further, never added to; a union of shapes (blinds, a
 * checkerboard) is out of scope of this version.
 * Examples: a wipe from the left edge starts the appearing layer with ir = 1 (an instant step) and changes ir by -1;
 * an iris opening from the centre sets erx = ery = 0 and changes both by +1; a horizontal barn door opening sets
 * il = ir = 0.5 and changes both by -0.5. [1.2] A clock wipe from 12 o'clock sets wsweep = 0 (change_wedge by
 * -2 pi in an instant step) and changes it by +2 pi; the counter-clockwise one changes ws by -2 pi together with
 * wsweep by +2 pi, so that the second edge stays at 12 o'clock while the first one turns back.
 *
 * [1.1] Draw order. The stage's state includes which content layer is on top. set_on_top(layer, SH_STEP_START or
 * SH_STEP_END) puts `layer` on top at the start or at the end of the current step, instantly, whatever the step's
 * curve and interval. A reveal (the disappearing content slides away and uncovers the appearing one) is a forward
 * animation that puts SH_LAYER_DISAPPEARING on top at the start of its first step. Reversal: an order change at a
 * step's start becomes one at the end of the inverted step, and the other way round.
 *
 * [1.1] Backdrop. The stage's state includes a backdrop colour (r, g, b) and a backdrop opacity a, initially
 * (0, 0, 0) and 0 (nothing: what lies behind the container shows). change_backdrop changes them by deltas; drawn, each
 * is clamped to [0, 1]. A fade through black: set the backdrop opacity to 1 in a setup step, fade the disappearing
 * content out, then fade the appearing content in (section 15).
 *
 * [1.1] Springs. set_spring(mass m, stiffness k, damping c, initial velocity v0) replaces the step's curve by the
 * motion of a damped spring x(s): m x'' + c x' + k (x - 1) = 0 with x(0) = 0 and x'(0) = v0 (in changes per second of
 * the spring's own time s). The spring's settling time S is the time after which |x(s) - 1| is bounded by
 * SH_SPRING_TOLERANCE (0.001), the bound being the decaying envelope A e^(-r s) of the solution (r its slowest decay
 * rate, A its amplitude). The whole settling plays over the step, rescaled so that it ends exactly at 1:
 * c(u) = x(u S) / x(S). So the step's duration sets how fast the spring plays: give the step the duration S for
 * the spring's own speed. An underdamped spring (c^2 < 4 k m) overshoots 1, then settles. The validator warns about a
 * spring whose damping ratio c / (2 sqrt(k m)) is below 0.1 (it jitters), and about one that, once its step's duration
 * has passed in its own time, still swings by more than a quarter of its travel (the step plays it far too fast).
 *
 * When the spring's mass, stiffness or damping are parameters of the style, its settling time S changes with them
 * while default_duration does not: give the step the duration S at the default values, and keep that duration at
 * every value (the steps still add up to default_duration; at other values the spring plays faster or slower than it
 * moves of itself). The validator judges a spring's speed at the default values and the presets only, and its
 * damping at every value it tries.
 *
 * [1.1] Reversal of curves. The reversal of any curve c is g(u) = 1 - c(1 - u): for a cubic Bezier that is the curve
 * with control points (1 - x2, 1 - y2, 1 - x1, 1 - y1); for a spring, the spring played backwards, by construction. An
 * interval [start, end] reverses to [1 - end, 1 - start]. So in a derived inverse a spring does not spring: the pop
 * starts with the spring's swings, played backwards, and leaves its start slowly, as a time-reversed spring does. A
 * designer who wants the pop to spring too (a "spring back") gives the style an inverse builder whose step for the
 * pop's motion calls set_spring itself; the end-state rule then applies to the content the pop reveals.
 *
 * [1.1] Layout direction, display scale and reduced motion. The context says whether the container lays out left to
 * right or right to left (layout_direction): a style with "leading" and "trailing" directions takes leading as left
 * in SH_LAYOUT_LEFT_TO_RIGHT and as right in SH_LAYOUT_RIGHT_TO_LEFT. display_scale is the number of pixels per point
 * (for example to round a translation to whole pixels). SH_CONTEXT_REDUCE_MOTION in flags says the user asked for
 * reduced motion: a host that finds a reduced-motion fallback on the style plays the fallback instead, and builds it
 * with the same context; a builder that is called with the flag set (the fallback's own builder, or a style without
 * one) SHOULD keep large movements out of its animation.
 */

#ifndef STAGEHAND_PLUGIN_H
#define STAGEHAND_PLUGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------------------------- */
/* 10. Constants                                                                                                    */
/* ---------------------------------------------------------------------------------------------------------------- */

/* ABI version of this header (section 4). */
#define SH_ABI_MAJOR 1
#define SH_ABI_MINOR 2

/* Pi, for builders that turn degrees into the radians rotate() takes: <math.h> defines M_PI only outside strict ISO C
 * (with -std=c11 it needs _DEFAULT_SOURCE), so use this one. */
#define SH_PI 3.14159265358979323846

/* Name of the entry symbol, for dlsym (section 14). */
#define SH_PLUGIN_ENTRY_NAME "stagehand_plugin_v1"

/* Marks the entry function for export from the shared library, even when the library is compiled with
 * -fvisibility=hidden (which is RECOMMENDED: a plugin SHOULD export nothing else). */
#if defined(__GNUC__) || defined(__clang__)
#define SH_EXPORT __attribute__((visibility("default")))
#else
#define SH_EXPORT
#endif

/* Limits on strings, in bytes, not counting the terminating NUL (section 6). */
#define SH_MAX_STRING_LENGTH 1024 /* any string */
#define SH_MAX_NAME_LENGTH 64     /* style, preset and parameter names, enum labels, the version */
#define SH_MAX_ID_LENGTH 128      /* the plugin id */

/* Limits on the descriptor. The host refuses a plugin that exceeds them. */
#define SH_MAX_STYLES 256     /* styles per plugin */
#define SH_MAX_PARAMETERS 16  /* parameters per style */
#define SH_MAX_PRESETS 64     /* presets per style */
#define SH_MAX_LABELS 64      /* labels per enum parameter */

/* Limits on one animation (one builder call). Past them the host function returns SH_ERROR_LIMIT. Exactly these
 * values hold in ABI 1.0; a later minor version may raise them, never lower them. */
#define SH_MAX_STEPS 64    /* begin_step calls */
#define SH_MAX_CHANGES 256 /* translate, rotate, scale, fade, move_anchor and change_perspective calls, all steps;
                              * [1.1] also change_inset, change_corner_radius, change_ellipse, set_on_top and
                              * change_backdrop calls; [1.2] also change_wedge calls */

/* Status codes (int32_t), returned by host functions and builders (section 8). */
#define SH_OK 0
#define SH_ERROR_INVALID_ARGUMENT (-1) /* an argument is out of its documented range, not finite, or NULL */
#define SH_ERROR_NO_STEP (-2)          /* a change or set_bezier before the first begin_step */
#define SH_ERROR_LIMIT (-3)            /* more than SH_MAX_STEPS steps or SH_MAX_CHANGES changes */
#define SH_ERROR_FAILED (-4)           /* the builder failed for a reason of its own; it SHOULD call report() first */

/* Layers (int32_t), section 9. */
#define SH_LAYER_APPEARING 0    /* the content the animation shows (in an inverse: the content the pop reveals) */
#define SH_LAYER_DISAPPEARING 1 /* the content it hides (in an inverse: the content that leaves) */
#define SH_LAYER_STAGE 2        /* the container: sublayer transform, its anchor, perspective */

/* Timing curves (int32_t) for begin_step, section 9. */
#define SH_CURVE_LINEAR 0
#define SH_CURVE_EASE_IN 1
#define SH_CURVE_EASE_OUT 2
#define SH_CURVE_EASE_IN_OUT 3

/* [1.1] When an order change happens within its step (int32_t), for set_on_top. */
#define SH_STEP_START 0 /* instantly, as the step begins */
#define SH_STEP_END 1   /* instantly, as the step ends */

/* [1.1] Layout directions (int32_t), sh_context.layout_direction. */
#define SH_LAYOUT_LEFT_TO_RIGHT 0 /* leading is left, trailing is right */
#define SH_LAYOUT_RIGHT_TO_LEFT 1 /* leading is right, trailing is left */

/* [1.1] Context flags (sh_context.flags). Bits not defined here are reserved: a plugin MUST ignore them. */
#define SH_CONTEXT_REDUCE_MOTION (1u << 0) /* the user asked for reduced motion (section 9) */

/* [1.1] How close to its end a spring is when it has settled (section 9). */
#define SH_SPRING_TOLERANCE 0.001

/* Parameter types (int32_t), with the C type of the builder argument each one is passed as (section 13). */
#define SH_PARAM_ENUM 1   /* int32_t: the index of the chosen label, 0 to label_count - 1 */
#define SH_PARAM_INT 2    /* int32_t */
#define SH_PARAM_DOUBLE 3 /* double */
#define SH_PARAM_BOOL 4   /* bool (C _Bool / C++ bool) */

/* Style flags (sh_style.flags). Bits not defined here are reserved and MUST be 0. */

/* The style uses the third dimension: a translation or scale along z, a rotation about an axis other than z, or a
 * perspective. Informative: a renderer that only draws 2D can tell in advance. A style that uses any of them MUST
 * set this flag; the validator checks it. */
#define SH_STYLE_USES_3D (1u << 0)

/* The style is its own inverse: for every parameter set and context, its inverse (whose layer roles are those of the
 * pop, section 9) looks the same as its forward animation, so a pop looks like a push. "Looks" includes the draw
 * order: a forward animation draws the appearing content on top, its inverse the leaving one, so whenever both
 * contents show at once and overlap, the frames differ even if every layer moves alike. Example: a fade through a
 * colour (the contents never show together); counter-examples: push from the left, whose inverse moves the contents
 * towards the left, and a cross-dissolve, whose half-way frame shows mostly the new content in a push and mostly the
 * leaving one in a pop. Informative, for catalogs; the validator checks it. */
#define SH_STYLE_SYMMETRIC (1u << 1)

/* Tells whether a struct filled by the other side is large enough to contain `field`: use it before reading a field,
 * or calling a host function, added in a later minor version than the one the plugin declares (section 4).
 * Example: if (SH_HAS_FIELD(host, sh_host, report)) ...  */
#define SH_HAS_FIELD(pointer, type, field) \
    ((pointer)->struct_size >= offsetof(type, field) + sizeof((pointer)->field))

/* ---------------------------------------------------------------------------------------------------------------- */
/* 11. Opaque types and the generic function pointer                                                                */
/* ---------------------------------------------------------------------------------------------------------------- */

/* The handle of one builder call: the animation being recorded. Owned by the host, valid only during the builder
 * call, never dereferenced by the plugin (it is an incomplete type). */
typedef struct sh_builder sh_builder;

/* A generic function pointer, used for the builders in sh_style. A builder's real type depends on its style's
 * parameters (one argument per parameter), so no single C type fits them all. The plugin stores its builder cast
 * to sh_function:
 *
 *     .builder = (sh_function)zoom_build,
 *
 * and the host calls it with the argument list the parameters describe (section 13). Converting between function
 * pointer types and back is well defined in C and C++; calling through the wrong type is not, so the plugin MUST make
 * the builder's real signature match its parameters exactly. void (*)(void) is the conventional generic function
 * type: GCC's -Wcast-function-type (part of -Wextra) does not warn about casts to it. Clang's -Wcast-function-type
 * includes -Wcast-function-type-strict, which warns about every cast between function types, this one included;
 * build a plugin with -Wno-cast-function-type-strict if you enable it. In C++, reinterpret_cast<sh_function>(&build)
 * is the same conversion. */
typedef void (*sh_function)(void);

typedef struct sh_plugin sh_plugin;
typedef struct sh_style sh_style;
typedef struct sh_parameter sh_parameter;
typedef struct sh_preset sh_preset;
typedef struct sh_preset_value sh_preset_value;
typedef struct sh_context sh_context;
typedef struct sh_host sh_host;

/* ---------------------------------------------------------------------------------------------------------------- */
/* 12. The descriptor                                                                                               */
/* ---------------------------------------------------------------------------------------------------------------- */

/* All of these are owned by the plugin, immutable and valid for the library's lifetime (section 5). For every array
 * field, a count of 0 MAY come with a NULL pointer; otherwise the pointer MUST point to `count` elements. */

/* A typed parameter of a style. */
struct sh_parameter {
    /* sizeof(sh_parameter). */
    uint32_t struct_size;

    /* The stable name users and scripts type, e.g. "direction". A name (section 6), unique within the style. It MUST
     * NOT change between versions of the plugin: saved settings and presets refer to it. */
    const char *symbol;

    /* SH_PARAM_ENUM, SH_PARAM_INT, SH_PARAM_DOUBLE or SH_PARAM_BOOL. */
    int32_t type;

    /* The range and the default, all finite, with minimum <= default_value <= maximum.
     *   ENUM:   minimum 0, maximum label_count - 1, default_value the index of the default label.
     *   INT:    integral values within the range of int32_t.
     *   DOUBLE: any finite values.
     *   BOOL:   minimum 0, maximum 1, default_value 0 (false) or 1 (true).
     * The host never passes a value outside [minimum, maximum] to a builder. */
    double minimum;
    double maximum;
    double default_value;

    /* ENUM only: 1 to SH_MAX_LABELS labels, each a name (section 6), e.g. "left", "top-left". The value of the
     * parameter is the index of a label in this array. For other types label_count MUST be 0 and labels NULL.
     * Labels MUST NOT be reordered or removed between versions of the plugin without changing the symbol, since
     * presets of other programs refer to them by text and builders receive their index. */
    uint32_t label_count;
    const char *const *labels;

    /* The unit of an INT or DOUBLE value for display, e.g. "s", "pt", "deg", "factor". MAY be NULL (no unit). */
    const char *unit;

    /* One or two sentences for users, e.g. "Where the new content grows from.". */
    const char *description;
};

/* One parameter value of a preset. Frozen for major version 1 (it has no struct_size). */
struct sh_preset_value {
    /* The symbol of a parameter of the same style. */
    const char *parameter;

    /* The value as a user would type it on the command line:
     *   ENUM:   one of the parameter's labels, exactly, e.g. "top-left";
     *   INT:    an optional '-' and decimal digits, e.g. "-12";
     *   DOUBLE: a decimal number as strtod reads it in the "C" locale, without hexadecimal, infinity or NaN forms,
     *           e.g. "0.25", "-1", "2.5e-1";
     *   BOOL:   "true" or "false".
     * It MUST lie within the parameter's range. */
    const char *value;
};

/* A named parameter set of a style, e.g. "push-from-left". */
struct sh_preset {
    /* sizeof(sh_preset). */
    uint32_t struct_size;

    /* A name (section 6), unique among all style and preset names of the plugin. */
    const char *name;

    /* One sentence for users, e.g. "Pushes the new content in from the left.". */
    const char *summary;

    /* The parameters this preset sets, each parameter at most once, in any order. Parameters not listed take their
     * default value; a preset with value_count 0 is the style with its defaults. */
    uint32_t value_count;
    const sh_preset_value *values;
};

/* A style: a named way to transition. */
struct sh_style {
    /* sizeof(sh_style). */
    uint32_t struct_size;

    /* A name (section 6), unique among all style and preset names of the plugin, e.g. "zoom". */
    const char *name;

    /* One sentence for users, e.g. "The new content grows from a point while the old one fades out.". */
    const char *summary;

    /* The intrinsic duration in seconds: finite and >= 0. The builder's step durations SHOULD add up to it (the
     * validator warns when they do not). The host uses it when the user asks for no particular duration, and lists it
     * without loading the library; the actual intrinsic duration of an animation is the sum of its steps. */
    double default_duration;

    /* SH_STYLE_* bits; reserved bits MUST be 0. */
    uint32_t flags;

    /* The parameters, at most SH_MAX_PARAMETERS, in the order of the builder's arguments. */
    uint32_t parameter_count;
    const sh_parameter *parameters;

    /* The presets, at most SH_MAX_PRESETS. */
    uint32_t preset_count;
    const sh_preset *presets;

    /* The forward builder, cast to sh_function (section 11); MUST NOT be NULL. Its real signature is given in
     * section 13. */
    sh_function builder;

    /* The inverse builder, with exactly the same signature as the forward builder, cast to sh_function; or NULL to let
     * the host derive the inverse exactly from the forward builder, which is RECOMMENDED (section 9). */
    sh_function inverse_builder;

    /* [1.1] What a host plays instead of this style when the user asked for reduced motion (section 9), or NULL for
     * nothing else (the host then builds this style, with SH_CONTEXT_REDUCE_MOTION set). Either the name of a style
     * or preset of the same plugin, e.g. "cross-dissolve", which the host checks when it loads the plugin; or a
     * reference to another plugin's style or preset, "plugin-id:name", e.g. "org.stagehand.cross-dissolve:fade",
     * which the host resolves when it plays the fallback (and reports as an error naming both when it cannot; the
     * validator resolves it against the installed catalog and warns when it cannot). It
     * MUST NOT name this style or one of its own presets. A style that moves the contents across the container, turns
     * or zooms them SHOULD name a fallback; a fade SHOULD NOT. */
    const char *reduced_motion_fallback;
};

/* The plugin descriptor, returned by the entry function. */
struct sh_plugin {
    /* SH_ABI_MAJOR and SH_ABI_MINOR of the header the plugin was built against (section 4). */
    uint16_t abi_major;
    uint16_t abi_minor;

    /* sizeof(sh_plugin). */
    uint32_t struct_size;

    /* Reverse-DNS id (section 6), e.g. "org.example.zoom". */
    const char *id;

    /* Semantic version of the plugin, e.g. "1.0.0". */
    const char *version;

    /* Human-readable name, e.g. "Zoom transitions". */
    const char *name;

    /* Who wrote it, e.g. "Jane Doe <jane@example.org>" or an organisation. */
    const char *author;

    /* SPDX license identifier or expression, e.g. "MIT". */
    const char *license;

    /* A few sentences for users. */
    const char *description;

    /* The styles: 1 to SH_MAX_STYLES. */
    uint32_t style_count;
    const sh_style *styles;
};

/* ---------------------------------------------------------------------------------------------------------------- */
/* 13. The build call                                                                                               */
/* ---------------------------------------------------------------------------------------------------------------- */

/* The geometry at build time. Owned by the host, read-only, valid only during the builder call (section 5). The host
 * builds again whenever the geometry changes, so a builder MUST NOT cache anything derived from it. */
struct sh_context {
    /* The host's sizeof(sh_context). */
    uint32_t struct_size;

    /* The container's bounds in points (section 9): finite, width > 0 and height > 0. Both content layers fill
     * them. Use them for geometry-dependent changes, e.g. translate by -width to push in from the left. */
    double x;
    double y;
    double width;
    double height;

    /* SH_CONTEXT_* bits [1.1]; in 1.0 all reserved. A plugin MUST ignore bits it does not know.
     * Example: if (context->flags & SH_CONTEXT_REDUCE_MOTION) a slide MAY shorten its travel to a tenth and fade. */
    uint32_t flags;

    /* [1.1] SH_LAYOUT_LEFT_TO_RIGHT or SH_LAYOUT_RIGHT_TO_LEFT: which side is leading (section 9).
     * Example: double from = context->layout_direction == SH_LAYOUT_RIGHT_TO_LEFT ? context->width : -context->width;
     * is where a content coming from the leading edge starts. */
    int32_t layout_direction;

    /* [1.1] Pixels per point of the surface the animation is drawn on: finite and > 0, 1 when unknown.
     * Example: round(dx * context->display_scale) / context->display_scale is a translation by whole pixels. */
    double display_scale;
};

/* The functions a builder calls to describe its animation. Owned by the host, read-only, valid only during the builder
 * call (section 5). Every function takes the builder handle the builder received as its first argument, returns
 * SH_OK or a negative status (section 8), changes nothing when it fails, and returns SH_ERROR_INVALID_ARGUMENT for a
 * NaN or infinite double, an unknown layer, curve or NULL pointer. All functions of ABI 1.0 are non-NULL. */
struct sh_host {
    /* The host's sizeof(sh_host). */
    uint32_t struct_size;

    /* The host's ABI version: abi_major is SH_ABI_MAJOR, abi_minor is at least the minor the plugin declared. */
    uint16_t abi_major;
    uint16_t abi_minor;

    /* Starts a new step: `duration` seconds (>= 0; 0 applies the step instantly, for setup) with timing curve
     * `curve` (SH_CURVE_*). The changes that follow belong to it and run in parallel.
     * Errors: SH_ERROR_INVALID_ARGUMENT (negative duration, unknown curve), SH_ERROR_LIMIT (more than SH_MAX_STEPS). */
    int32_t (*begin_step)(sh_builder *builder, double duration, int32_t curve);

    /* Replaces the current step's timing curve by the cubic Bezier curve from (0, 0) to (1, 1) with control points
     * (x1, y1) and (x2, y2); x1 and x2 in [0, 1], y1 and y2 any finite values. Not a change (no SH_MAX_CHANGES count).
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT. */
    int32_t (*set_bezier)(sh_builder *builder, double x1, double y1, double x2, double y2);

    /* Translates `layer` (any layer; for the stage, its sublayer transform) by (dx, dy, dz) points.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT, SH_ERROR_LIMIT. */
    int32_t (*translate)(sh_builder *builder, int32_t layer, double dx, double dy, double dz);

    /* Rotates `layer` (any layer; for the stage, its sublayer transform) by `angle` radians about the axis
     * (ax, ay, az) in the layer's own frame, through its anchor point, by the right-hand rule (section 9 gives the
     * orientation). The axis MUST NOT be (0, 0, 0) and need not be normalised. A step MUST rotate a layer at most once.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT (also for a zero axis, or a second rotation of the layer in
     * the step), SH_ERROR_LIMIT. */
    int32_t (*rotate)(sh_builder *builder, int32_t layer, double angle, double ax, double ay, double az);

    /* Multiplies the scale of `layer` (any layer; for the stage, its sublayer transform) by (sx, sy, sz), about its
     * anchor point. Every factor MUST be non-zero, with a finite reciprocal (negative factors mirror). To scale a
     * layer from k back to its original size, scale by 1 / k.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT (also for a zero factor), SH_ERROR_LIMIT. */
    int32_t (*scale)(sh_builder *builder, int32_t layer, double sx, double sy, double sz);

    /* Adds `delta` to the opacity of a content layer, e.g. -1 to fade an opaque layer out. The opacity is not clamped
     * in the model (so that reversal is exact) but a style SHOULD keep it within [0, 1].
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT (also for SH_LAYER_STAGE), SH_ERROR_LIMIT. */
    int32_t (*fade)(sh_builder *builder, int32_t layer, double delta);

    /* Moves the anchor point of `layer` by (dx, dy) in unit coordinates of the layer (for the stage, of the container):
     * from the initial centre (0.5, 0.5), (-0.5, -0.5) moves it to the top-left corner and (0.5, 0.5) to the
     * bottom-right corner. The layer's rotations and scales act about its anchor point, so a layer that is neither
     * rotated nor scaled does not move; the stage's anchor is also where its perspective is centred.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT, SH_ERROR_LIMIT. */
    int32_t (*move_anchor)(sh_builder *builder, int32_t layer, double dx, double dy);

    /* Adds `delta` to the stage's perspective, which is 1 / (camera distance in points from the stage's anchor
     * point), 0 meaning none. To set a camera distance d from none, pass 1.0 / d; to remove it again, pass -1.0 / d.
     * The perspective after the change (the sum of all perspective changes so far) MUST NOT be negative.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT (also for a negative result), SH_ERROR_LIMIT. */
    int32_t (*change_perspective)(sh_builder *builder, double delta);

    /* Gives the host a message explaining a failure, for the user: a string (section 6), copied by the host, which
     * keeps the last one (cut at SH_MAX_STRING_LENGTH bytes). MAY be called at any time during the builder call,
     * before any step too; not a change. Errors: SH_ERROR_INVALID_ARGUMENT (NULL message). */
    int32_t (*report)(sh_builder *builder, const char *message);

    /* The functions below are [1.1]: present when SH_HAS_FIELD(host, sh_host, name) holds, which it always does for
     * a plugin that declares minor 1 (section 4). All are non-NULL. */

    /* Makes the changes that follow in the current step run over the part [start, end] of the step, fractions of its
     * duration with 0 <= start < end <= 1 (section 9, "Timing"), until the next set_interval or begin_step (which
     * starts with [0, 1]). Not a change. Reverses to [1 - end, 1 - start].
     * Example: set_interval(b, 0.0, 0.6) then fade(...), set_interval(b, 0.4, 1.0) then translate(...): the two
     * overlap over the middle fifth of the step.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT (not finite, or not 0 <= start < end <= 1). */
    int32_t (*set_interval)(sh_builder *builder, double start, double end);

    /* Replaces the current step's timing curve by a damped spring (section 9, "Springs"): mass > 0, stiffness > 0,
     * damping > 0 (in consistent units, e.g. kg, N/m, N s/m), initial_velocity any finite value (in changes per
     * second: 0 starts at rest, a positive value starts already moving towards the end). Not a change.
     * Example: set_spring(b, 1.0, 170.0, 15.0, 0.0) settles in about 0.9 s of spring time with one small overshoot.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT. */
    int32_t (*set_spring)(sh_builder *builder, double mass, double stiffness, double damping, double initial_velocity);

    /* Moves the edges of the clip rectangle of a content layer inwards by (top, right, bottom, left), in unit
     * coordinates of the layer (section 9, "Clips"); negative values move them back out.
     * Example: from the initial state, change_inset(b, SH_LAYER_APPEARING, 0, 1, 0, 0) hides the whole layer behind
     * its left edge; a later change by (0, -1, 0, 0) wipes it in from the left.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT (also for SH_LAYER_STAGE), SH_ERROR_LIMIT. */
    int32_t (*change_inset)(sh_builder *builder, int32_t layer, double top, double right, double bottom, double left);

    /* Adds `delta` points to the corner radius of the clip rectangle of a content layer (section 9, "Clips").
     * Example: change_corner_radius(b, SH_LAYER_DISAPPEARING, 16) in the step that scales the leaving content to 0.9
     * turns it into a card with rounded corners as it recedes.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT (also for SH_LAYER_STAGE), SH_ERROR_LIMIT. */
    int32_t (*change_corner_radius)(sh_builder *builder, int32_t layer, double delta);

    /* Moves the centre of the clip ellipse of a content layer by (dx, dy) in unit coordinates of the layer and adds
     * (drx, dry) to its radii, in units of the layer's half-diagonal (section 9, "Clips").
     * Example: change_ellipse(b, SH_LAYER_APPEARING, 0, 0, -1, -1) in a setup step, then (0, 0, 1, 1) over a step:
     * an iris opening from the centre.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT (also for SH_LAYER_STAGE), SH_ERROR_LIMIT. */
    int32_t (*change_ellipse)(sh_builder *builder, int32_t layer, double dx, double dy, double drx, double dry);

    /* Puts the content layer `layer` on top of the other one, instantly, at the start (SH_STEP_START) or the end
     * (SH_STEP_END) of the current step (section 9, "Draw order"). Nothing changes when it is on top already at
     * that moment; a second call for the same moment of one step replaces the first. Counted as a change.
     * Example: set_on_top(b, SH_LAYER_DISAPPEARING, SH_STEP_START) in the first step of a reveal.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT (also for SH_LAYER_STAGE, or an unknown `when`),
     * SH_ERROR_LIMIT. */
    int32_t (*set_on_top)(sh_builder *builder, int32_t layer, int32_t when);

    /* Adds (dr, dg, db) to the backdrop colour and `dopacity` to its opacity (section 9, "Backdrop").
     * Example: change_backdrop(b, 1, 1, 1, 1) in a setup step makes an opaque white backdrop.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT, SH_ERROR_LIMIT. */
    int32_t (*change_backdrop)(sh_builder *builder, double dr, double dg, double db, double dopacity);

    /* The functions below are [1.2]: present when SH_HAS_FIELD(host, sh_host, name) holds, which it always does for
     * a plugin that declares minor 2 (section 4). All are non-NULL. */

    /* Moves the centre of the clip wedge of a content layer by (dcx, dcy) in unit coordinates of the layer, turns its
     * first edge by `dstart` radians (clockwise on screen for a positive value) and adds `dsweep` radians to its
     * sweep (section 9, "Clips"). Every value MAY be any finite number; the wedge is stored unclamped, and a sweep of
     * 2 pi or more cuts nothing, one of 0 or less leaves nothing. Its inverse negates the four deltas. A step that
     * takes time turns the edges smoothly (a sweep from 0 to 2 pi is a clock wipe); to turn the wedge as a whole,
     * change dstart alone.
     * Example: change_wedge(b, SH_LAYER_APPEARING, 0, 0, 0, -2 * SH_PI) in a setup step, then
     * change_wedge(b, SH_LAYER_APPEARING, 0, 0, 0, 2 * SH_PI) over a step: a clockwise clock wipe from 12 o'clock.
     * Errors: SH_ERROR_NO_STEP, SH_ERROR_INVALID_ARGUMENT (also for SH_LAYER_STAGE), SH_ERROR_LIMIT. */
    int32_t (*change_wedge)(sh_builder *builder, int32_t layer, double dcx, double dcy, double dstart, double dsweep);
};

/*
 * The builder signature.
 *
 *     int32_t build(const sh_context *context, const sh_host *host, sh_builder *builder, ...parameters...);
 *
 * where "...parameters..." stands for one argument per parameter of the style, in the order of sh_style.parameters,
 * with the C type its type gives:
 *
 *     SH_PARAM_ENUM    int32_t   the index of the chosen label
 *     SH_PARAM_INT     int32_t
 *     SH_PARAM_DOUBLE  double
 *     SH_PARAM_BOOL    bool
 *
 * A builder is a plain function with these fixed, typed arguments: it MUST NOT be variadic, and it MUST use the
 * platform's default C calling convention. A style without parameters has a builder with just the first three
 * arguments. The host guarantees: context, host and builder are non-NULL; every parameter value lies within its
 * parameter's [minimum, maximum] (an ENUM value is a valid label index, an INT value is integral, a DOUBLE is finite).
 * An inverse builder has exactly the same signature, receives the same parameter values and the context of the moment
 * the inverse is needed, and describes the inverse as section 9 says.
 *
 * A builder describes its animation by calling the host functions, then returns SH_OK, or a negative status
 * (section 8). For example, with parameters (double scale, enum origin):
 *
 *     static int32_t zoom_build(const sh_context *context, const sh_host *host, sh_builder *builder,
 *                               double scale, int32_t origin);
 */

/* ---------------------------------------------------------------------------------------------------------------- */
/* 14. The entry point                                                                                              */
/* ---------------------------------------------------------------------------------------------------------------- */

/* The type of the entry function, for hosts that look it up with dlsym(handle, SH_PLUGIN_ENTRY_NAME). */
typedef const sh_plugin *(*sh_plugin_entry)(void);

/* The entry function every plugin defines and exports, with C linkage, under exactly this name:
 *
 *     SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
 *
 * It MUST return the same non-NULL pointer on every call, to a descriptor that stays valid and unchanged for the
 * library's lifetime (section 5). It MAY be called from any thread, several times, also in a process that only scans
 * the library (section 7), and SHOULD have no side effect. A plugin SHOULD export no other symbol. */
SH_EXPORT const sh_plugin *stagehand_plugin_v1(void);

/* ---------------------------------------------------------------------------------------------------------------- */
/* 15. [1.1] An example: a wipe, a reveal and a fade through black                                                  */
/* ---------------------------------------------------------------------------------------------------------------- */

/*
 * Three builders using the 1.1 additions, each the whole forward animation; the host derives their inverses.
 *
 * A wipe from the leading edge: the appearing content stays still while its clip's far edge sweeps across.
 *
 *     static int32_t wipe_build(const sh_context *context, const sh_host *host, sh_builder *builder)
 *     {
 *         int32_t status;
 *         int from_left = context->layout_direction != SH_LAYOUT_RIGHT_TO_LEFT;
 *         double right = from_left ? 1.0 : 0.0, left = from_left ? 0.0 : 1.0;
 *         if ((status = host->begin_step(builder, 0.0, SH_CURVE_LINEAR)) != SH_OK) return status;
 *         if ((status = host->change_inset(builder, SH_LAYER_APPEARING, 0, right, 0, left)) != SH_OK) return status;
 *         if ((status = host->begin_step(builder, 0.5, SH_CURVE_EASE_IN_OUT)) != SH_OK) return status;
 *         return host->change_inset(builder, SH_LAYER_APPEARING, 0, -right, 0, -left);
 *     }
 *
 * An uncover (reveal) to the right: the disappearing content is drawn on top and slides away.
 *
 *     static int32_t uncover_build(const sh_context *context, const sh_host *host, sh_builder *builder)
 *     {
 *         int32_t status;
 *         if ((status = host->begin_step(builder, 0.4, SH_CURVE_EASE_IN_OUT)) != SH_OK) return status;
 *         if ((status = host->set_on_top(builder, SH_LAYER_DISAPPEARING, SH_STEP_START)) != SH_OK) return status;
 *         return host->translate(builder, SH_LAYER_DISAPPEARING, context->width, 0, 0);
 *     }
 *
 * A fade through black: the old content fades out over the first half of one step and the new one in over the
 * second half, so the middle of the animation is black.
 *
 *     static int32_t fade_black_build(const sh_context *context, const sh_host *host, sh_builder *builder)
 *     {
 *         int32_t status;
 *         (void)context;
 *         if ((status = host->begin_step(builder, 0.0, SH_CURVE_LINEAR)) != SH_OK) return status;
 *         if ((status = host->change_backdrop(builder, 0, 0, 0, 1)) != SH_OK) return status;
 *         if ((status = host->fade(builder, SH_LAYER_APPEARING, -1)) != SH_OK) return status;
 *         if ((status = host->begin_step(builder, 0.6, SH_CURVE_LINEAR)) != SH_OK) return status;
 *         if ((status = host->set_interval(builder, 0.0, 0.5)) != SH_OK) return status;
 *         if ((status = host->fade(builder, SH_LAYER_DISAPPEARING, -1)) != SH_OK) return status;
 *         if ((status = host->set_interval(builder, 0.5, 1.0)) != SH_OK) return status;
 *         return host->fade(builder, SH_LAYER_APPEARING, 1);
 *     }
 *
 * A plugin that uses any of these declares abi_minor 1 (SH_ABI_MINOR of this header). One that MAY also run on a 1.0
 * host declares 0, uses no 1.1 field in its descriptor, and checks SH_HAS_FIELD(host, sh_host, change_inset) before
 * calling a 1.1 function.
 */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* STAGEHAND_PLUGIN_H */
