/// The files of a new plugin project: one style named after the last label of the plugin id, with an enum and a
/// decimal parameter and a preset, that builds as written (in C with its Makefile, in Swift with `swift build`; the
/// header found through pkg-config either way) and passes `stagehand check --strict`.
struct PluginTemplate {
  /// The language of a project.
  enum Language: String, CaseIterable, CommandLineValue {
    /// C11, with a Makefile.
    case c
    /// Swift, as a Swift package.
    case swift

    /// `new-plugin --language`: c or swift, as written.
    init(commandLine text: String) throws(InvalidText) {
      guard let language = Language(rawValue: text) else { throw InvalidText() }
      self = language
    }
  }

  /// The plugin id, e.g. `org.example.slide-in`.
  var id: String
  /// The language.
  var language: Language = .c
  /// The style's name: the id's last label.
  var style: String { id.split(separator: ".").last.map(String.init) ?? id }
  /// The C identifier prefix: the style's name with `-` as `_`.
  var prefix: String { style.replacing("-", with: "_") }
  /// The library's file name.
  var library: String { "lib\(style).so" }

  /// The files, by path in the project, in the order they are written.
  var files: [(name: String, contents: String)] {
    switch language {
    case .c: [("\(style).c", source), ("Makefile", makefile), ("README.md", readme)]
    case .swift:
      [
        ("Package.swift", package), ("Makefile", swiftMakefile),
        ("Sources/CStagehandPlugin/module.modulemap", moduleMap),
        ("Sources/CStagehandPlugin/shim.h", "#include <stagehand_plugin.h>\n"),
        ("Sources/\(target)/\(target).swift", swiftSource), ("README.md", swiftReadme),
      ] + PluginSupportFiles.files.map { ("Sources/\(target)/\($0.name)", $0.contents) }
    }
  }

  /// The Swift target's name: the style's name in upper camel case (`slide-in` is `SlideIn`).
  var target: String {
    style.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }

  /// The lines both Makefiles share: the tools, the header's flags and the user's plugin directory.
  var makefileSetup: String {
    """
    PKG_CONFIG ?= pkg-config
    STAGEHAND ?= stagehand
    # The header's folder: from pkg-config (stagehand-plugin.pc), else from the stagehand command itself.
    STAGEHAND_CFLAGS := $(shell $(PKG_CONFIG) --cflags stagehand-plugin 2>/dev/null)
    ifeq ($(strip $(STAGEHAND_CFLAGS)),)
    STAGEHAND_CFLAGS := $(shell $(STAGEHAND) plugins --cflags 2>/dev/null)
    endif
    # The user's plugin directory, chosen as stagehand chooses it (an XDG_DATA_HOME that is not absolute is ignored);
    # stagehand-plugin.pc names its folder under the data home as userpluginsubdir. `stagehand plugins --dirs` shows it.
    ifneq ($(filter /%,$(XDG_DATA_HOME)),)
    DATA_HOME := $(XDG_DATA_HOME)
    else
    DATA_HOME := $(HOME)/.local/share
    endif
    USER_SUBDIR := $(or $(shell $(PKG_CONFIG) --variable=userpluginsubdir stagehand-plugin 2>/dev/null),stagehand/plugins)
    SEARCHED_DIR := $(DATA_HOME)/$(USER_SUBDIR)
    PLUGIN_DIR ?= $(SEARCHED_DIR)
    """
  }

  /// The Makefile's `install` rule for `file`, which says where the library went and whether stagehand looks there.
  func installRule(_ file: String) -> String {
    """
    install: \(file)
    \tinstall -d '$(PLUGIN_DIR)'
    \tinstall -m 644 \(file) '$(PLUGIN_DIR)/'
    ifeq ($(PLUGIN_DIR),$(SEARCHED_DIR))
    \t@echo "installed $(PLUGIN_DIR)/\(library); stagehand finds it there: stagehand info \(style)"
    else
    \t@echo "installed $(PLUGIN_DIR)/\(library); stagehand searches $(SEARCHED_DIR), not there: add $(PLUGIN_DIR) to STAGEHAND_PLUGIN_PATH"
    endif
    """
  }

  var makefile: String {
    """
    # Builds \(library), the Stagehand plugin \(id), against stagehand_plugin.h, found by pkg-config
    # (stagehand-plugin.pc, installed with Stagehand; set PKG_CONFIG_PATH if it lies elsewhere) or else by
    # `stagehand plugins --cflags`.
    #
    #   make            build \(library)
    #   make check      validate it: stagehand check --strict
    #   make install    copy it to $(PLUGIN_DIR), where stagehand finds it: $XDG_DATA_HOME/stagehand/plugins, or
    #                   ~/.local/share/stagehand/plugins when XDG_DATA_HOME is unset, empty or not absolute (as
    #                   stagehand searches); set PLUGIN_DIR to install elsewhere
    #   make clean      remove it

    CC ?= cc
    CFLAGS ?= -O2
    \(makefileSetup)

    \(library): \(style).c
    \t@test -n "$(STAGEHAND_CFLAGS)" || { echo "stagehand_plugin.h not found: neither pkg-config (stagehand-plugin.pc) nor '$(STAGEHAND) plugins --cflags' gave it; install Stagehand, or set PKG_CONFIG_PATH or STAGEHAND" >&2; exit 1; }
    \t$(CC) -std=c11 -Wall -Wextra -Werror $(CFLAGS) -shared -fPIC -fvisibility=hidden $(STAGEHAND_CFLAGS) $< -o $@

    check: \(library)
    \t$(STAGEHAND) check --strict ./\(library)

    \(installRule(library))

    clean:
    \trm -f \(library)

    .PHONY: check install clean

    """
  }

  var readme: String {
    """
    # \(id)

    A Stagehand plugin with one style, `\(style)`: the new content slides in from an edge while it fades in, over the
    old content, which fades out. Made by `stagehand new-plugin \(id)`; make it yours from there.

    ```sh
    make            # builds \(library) (the header from pkg-config, else from `stagehand plugins --cflags`)
    make check      # stagehand check --strict: every rule of stagehand_plugin.h that can be tested
    make install    # copies it to $XDG_DATA_HOME/stagehand/plugins (or ~/.local/share/stagehand/plugins) and says so
    stagehand info \(style)
    stagehand preview \(style) --param direction=right
    ```

    The rules a plugin follows are all in `stagehand_plugin.h` (`stagehand plugins --dirs` says where it is, and where
    stagehand looks for plugins).

    """
  }

  var source: String {
    """
    /*
     * \(style).c: the Stagehand plugin \(id), made by `stagehand new-plugin`.
     *
     * One style, "\(style)": the new (appearing) content slides in from an edge, by a fraction of the container's
     * extent, while it fades in over the old (disappearing) content, which fades out. Stagehand derives its inverse.
     * Every rule this file follows is in stagehand_plugin.h; `make check` validates it.
     */

    #include "stagehand_plugin.h"

    #include <stddef.h>

    #define \(prefix.uppercased())_DURATION 0.4 /* seconds: the steps below add up to it */

    /* Returns the status of a failed host call at once (section 8 of the header). */
    #define TRY(call)                         \\
        do {                                  \\
            int32_t status_ = (call);         \\
            if (status_ != SH_OK) {           \\
                return status_;               \\
            }                                 \\
        } while (0)

    /* The labels of "direction", in the order of the indices the builder receives. */
    static const char *const \(prefix)_directions[] = {"left", "right", "top", "bottom"};

    static const sh_parameter \(prefix)_parameters[] = {
        {
            .struct_size = sizeof(sh_parameter),
            .symbol = "direction",
            .type = SH_PARAM_ENUM, /* the builder takes an int32_t */
            .minimum = 0,
            .maximum = 3,
            .default_value = 0,
            .label_count = 4,
            .labels = \(prefix)_directions,
            .description = "The edge the new content comes from.",
        },
        {
            .struct_size = sizeof(sh_parameter),
            .symbol = "distance",
            .type = SH_PARAM_DOUBLE, /* the builder takes a double */
            .minimum = 0.1,
            .maximum = 1.0,
            .default_value = 0.5,
            .unit = "fraction",
            .description = "How far the new content travels, as a fraction of the container's width or height.",
        },
    };

    static const sh_preset_value \(prefix)_from_right_values[] = {{.parameter = "direction", .value = "right"}};

    static const sh_preset \(prefix)_presets[] = {
        {
            .struct_size = sizeof(sh_preset),
            .name = "\(style)-from-right",
            .summary = "The new content slides in from the right while it fades in.",
            .value_count = 1,
            .values = \(prefix)_from_right_values,
        },
    };

    /* The builder: (context, host, builder), then one argument per parameter, in order, with the C type of its
     * parameter type (section 13). Deterministic, no state, no I/O (section 7). */
    static int32_t \(prefix)_build(const sh_context *context, const sh_host *host, sh_builder *builder,
                                   int32_t direction, double distance)
    {
        double dx = 0, dy = 0;
        switch (direction) {
        case 0: dx = -distance * context->width; break;  /* from the left */
        case 1: dx = distance * context->width; break;   /* from the right */
        case 2: dy = -distance * context->height; break; /* from the top (y points down) */
        default: dy = distance * context->height; break; /* from the bottom */
        }
        /* A setup step of 0 s: the appearing layer starts moved away and transparent. */
        TRY(host->begin_step(builder, 0.0, SH_CURVE_LINEAR));
        TRY(host->translate(builder, SH_LAYER_APPEARING, dx, dy, 0.0));
        TRY(host->fade(builder, SH_LAYER_APPEARING, -1.0));
        /* The visible step: it slides back into place and fades in; the old content fades out. */
        TRY(host->begin_step(builder, \(prefix.uppercased())_DURATION, SH_CURVE_EASE_OUT));
        TRY(host->translate(builder, SH_LAYER_APPEARING, -dx, -dy, 0.0));
        TRY(host->fade(builder, SH_LAYER_APPEARING, 1.0));
        TRY(host->fade(builder, SH_LAYER_DISAPPEARING, -1.0));
        return SH_OK;
    }

    static const sh_style \(prefix)_styles[] = {
        {
            .struct_size = sizeof(sh_style),
            .name = "\(style)",
            .summary = "The new content slides in from an edge while it fades in over the old one.",
            .default_duration = \(prefix.uppercased())_DURATION,
            .flags = 0, /* 2D, and not its own inverse */
            .parameter_count = 2,
            .parameters = \(prefix)_parameters,
            .preset_count = 1,
            .presets = \(prefix)_presets,
            .builder = (sh_function)\(prefix)_build,
            .inverse_builder = NULL, /* Stagehand derives the exact inverse */
        },
    };

    static const sh_plugin \(prefix)_plugin = {
        .abi_major = SH_ABI_MAJOR,
        .abi_minor = SH_ABI_MINOR,
        .struct_size = sizeof(sh_plugin),
        .id = "\(id)", /* a domain you control, reversed; never change it between versions */
        .version = "0.1.0",
        .name = "\(style)",
        .author = "Your name <you@example.com>",
        .license = "MIT", /* an SPDX expression: put your own */
        .description = "One style, \(style): the new content slides in from an edge while it fades in.",
        .style_count = 1,
        .styles = \(prefix)_styles,
    };

    /* The only exported symbol: it returns the same pointer on every call (section 14). */
    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void)
    {
        return &\(prefix)_plugin;
    }

    """
  }
}
