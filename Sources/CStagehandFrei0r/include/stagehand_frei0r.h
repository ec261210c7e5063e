/*
 * stagehand_frei0r.h: the calls between a Stagehand frei0r module and the Stagehand frei0r core.
 *
 * A frei0r module (`stagehand-push.so`, one file per style, plain C, no Swift) exports the f0r_* functions of
 * Debian's frei0r.h (frei0r 1.2 API) and forwards each to the core library, libStagehandFrei0r.so, which holds the
 * registry and the renderer. The module opens the core with RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE, so that a host that
 * closes the module never unloads Swift code, and finds each function below by its name with dlsym.
 *
 * The settings file `stagehand-frei0r.conf`, next to the modules, says where the core is (`core=`), where the
 * `stagehand` that wrote the modules lives (`stagehand=`, for the scanner and the bundled plugins), and optionally
 * the plugin path (`plugin-path=`) and the registry cache (`cache=`). `stagehand frei0r -o DIR` writes it.
 *
 * Threads: as frei0r.h says. sh_frei0r_open and sh_frei0r_close are called from f0r_init and f0r_deinit, never
 * concurrently for one module; the information, construct and destruct calls may run concurrently on any threads;
 * the calls that take an instance run on one thread at a time for that instance, and concurrently for different
 * instances.
 */
#ifndef STAGEHAND_FREI0R_H
#define STAGEHAND_FREI0R_H

#include <frei0r.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The version of these calls; a core exports `sh_frei0r_core_version` returning it. */
#define SH_FREI0R_CORE_VERSION 1

/** The name of the settings file, in the modules' directory. */
#define SH_FREI0R_SETTINGS_NAME "stagehand-frei0r.conf"

/** The version of these calls the core implements. */
typedef int (*sh_frei0r_core_version_fn)(void);
/**
 * Opens the module of the style `style` with the settings file at `settings_path`; never NULL. The module keeps its
 * own copies of both strings. A style that cannot be found gives a module whose instances cannot be constructed.
 */
typedef void *(*sh_frei0r_open_fn)(const char *style, const char *settings_path);
/** Closes a module opened by sh_frei0r_open; no instance of it may remain. */
typedef void (*sh_frei0r_close_fn)(void *module);
/** Fills `info` for the module; its strings stay valid until sh_frei0r_close. */
typedef void (*sh_frei0r_plugin_info_fn)(void *module, f0r_plugin_info_t *info);
/** Fills `info` for parameter `index` of the module; out-of-range indices leave it untouched. */
typedef void (*sh_frei0r_param_info_fn)(void *module, f0r_param_info_t *info, int index);
/** An instance for frames of `width` x `height` pixels, or NULL (with one line on standard error). */
typedef f0r_instance_t (*sh_frei0r_construct_fn)(void *module, unsigned int width, unsigned int height);
/** Destroys an instance; NULL is ignored. */
typedef void (*sh_frei0r_destruct_fn)(f0r_instance_t instance);
/** Sets parameter `index` of an instance from `param`, as f0r_set_param_value. */
typedef void (*sh_frei0r_set_param_fn)(f0r_instance_t instance, f0r_param_t param, int index);
/** Reads parameter `index` of an instance into `param`, as f0r_get_param_value. */
typedef void (*sh_frei0r_get_param_fn)(f0r_instance_t instance, f0r_param_t param, int index);
/** Draws one frame, as f0r_update2 (`inframe3` is not used by a mixer2). */
typedef void (*sh_frei0r_update2_fn)(
  f0r_instance_t instance, double time, const uint32_t *inframe1, const uint32_t *inframe2, uint32_t *outframe);

#ifdef __cplusplus
}
#endif

#endif
