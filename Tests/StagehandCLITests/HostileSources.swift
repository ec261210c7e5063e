/// The C source of the hostile corpus: one small plugin, with a macro per way of misbehaving.
///
/// Each `HOSTILE_<NAME>` macro makes the library misbehave in one place: its entry, a constructor, a destructor, or
/// its builder. `PLUGIN_ID` and `STYLE_NAME` may be redefined on the command line.
enum HostileSources {
  static let plugin = #"""
    #include "stagehand_plugin.h"

    #include <signal.h>
    #include <stdio.h>
    #include <stdlib.h>

    #ifndef PLUGIN_ID
    #define PLUGIN_ID "org.example.hostile"
    #endif
    #ifndef STYLE_NAME
    #define STYLE_NAME "wobble"
    #endif

    #if defined(HOSTILE_CONSTRUCTOR_CRASH)
    __attribute__((constructor)) static void crash_at_load(void) { raise(SIGSEGV); }
    #endif
    #if defined(HOSTILE_CONSTRUCTOR_PRINTS)
    __attribute__((constructor)) static void print_at_load(void) {
        puts("{\"hello\": \"from a constructor\"}");
        fflush(stdout);
    }
    #endif
    #if defined(HOSTILE_DESTRUCTOR_CRASH)
    __attribute__((destructor)) static void crash_at_exit(void) { *(volatile int *)0 = 1; }
    #endif

    #if defined(HOSTILE_BUILDER_KEEPS_HANDLE)
    static sh_builder *kept_builder;
    static const sh_host *kept_host;
    #endif

    static int32_t build(const sh_context *context, const sh_host *host, sh_builder *builder) {
    #if defined(HOSTILE_BUILDER_CRASH)
        raise(SIGSEGV);
    #elif defined(HOSTILE_BUILDER_HANG)
        for (volatile int spin = 1; spin;) {}
    #elif defined(HOSTILE_BUILDER_EXIT)
        exit(0);
    #endif
    #if defined(HOSTILE_BUILDER_KEEPS_HANDLE)
        /* A call with the handle of an earlier build, which has returned: it must change nothing. */
        if (kept_builder != NULL) (void)kept_host->translate(kept_builder, SH_LAYER_APPEARING, 1e6, 0, 0);
        kept_builder = builder;
        kept_host = host;
    #endif
        int32_t status = host->begin_step(builder, 0.3, SH_CURVE_EASE_IN_OUT);
        if (status != SH_OK) return status;
        return host->translate(builder, SH_LAYER_DISAPPEARING, 0, context->height, 0);
    }

    static const sh_style styles[] = {{
        .struct_size = sizeof(sh_style),
        .name = STYLE_NAME,
        .summary = "A style of the hostile corpus.",
        .default_duration = 0.3,
        .builder = (sh_function)build,
    }};

    static const sh_plugin plugin = {
        .abi_major = SH_ABI_MAJOR,
        .abi_minor = SH_ABI_MINOR,
        .struct_size = sizeof(sh_plugin),
        .id = PLUGIN_ID,
        .version = "1.0.0",
        .name = "Hostile",
        .author = "Stagehand tests",
        .license = "MIT",
        .description = "A plugin that misbehaves in one way, to show that the host does not suffer from it.",
        .style_count = 1,
        .styles = styles,
    };

    SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) {
    #if defined(HOSTILE_ENTRY_SEGFAULT)
        raise(SIGSEGV);
    #elif defined(HOSTILE_ENTRY_ABORT)
        abort();
    #elif defined(HOSTILE_ENTRY_LOOP)
        for (volatile int spin = 1; spin;) {}
    #elif defined(HOSTILE_ENTRY_EXIT)
        exit(0);
    #endif
        return &plugin;
    }
    """#
}
