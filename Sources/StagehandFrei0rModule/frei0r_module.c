/*
 * A Stagehand frei0r mixer2 module: the f0r_* functions of Debian's frei0r.h, forwarded to the Stagehand frei0r core
 * (libStagehandFrei0r.so, see stagehand_frei0r.h).
 *
 * `stagehand frei0r -o DIR` copies this library once per style, as DIR/stagehand-STYLE.so: the module takes its style
 * from its own file name (found with dladdr), and each style needs a file of its own because dlopen gives the same
 * handle for one file opened by several names. The module holds no Swift code, so a host may unload it; the core is
 * opened with RTLD_NODELETE and stays.
 *
 * Nothing here may take the host down: every failure is one line on standard error and a refusal (f0r_init returns 0,
 * f0r_construct returns NULL).
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stagehand_frei0r.h"

#define EXPORTED __attribute__((visibility("default")))

/* The core's functions, and this module's handle in it. */
static struct {
  sh_frei0r_close_fn close;
  sh_frei0r_plugin_info_fn plugin_info;
  sh_frei0r_param_info_fn param_info;
  sh_frei0r_construct_fn construct;
  sh_frei0r_destruct_fn destruct;
  sh_frei0r_set_param_fn set_param;
  sh_frei0r_get_param_fn get_param;
  sh_frei0r_update2_fn update2;
  void *module;
} core;

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
/* How many times f0r_init succeeded without a matching f0r_deinit (frei0r says once, but a host may not). */
static int init_count;
/* This module's file name without ".so" (`stagehand-push`), for messages and when the core is missing. */
static char module_name[256] = "stagehand";

/* A function of this library, whose address dladdr maps to this file (hidden, so no other library can stand in). */
static void anchor(void) {}

static void say(const char *what, const char *detail) {
  fprintf(stderr, "%s (frei0r): %s%s\n", module_name, what, detail ? detail : "");
}

/* The path of this library's file into `path`; 0 when dladdr cannot tell. */
static int own_path(char *path, size_t size) {
  Dl_info info;
  if (dladdr((void *)&anchor, &info) == 0 || info.dli_fname == NULL || strlen(info.dli_fname) >= size) return 0;
  strcpy(path, info.dli_fname);
  return 1;
}

/* The value of `key=` in the settings file into `value`; 0 when the file or the line is missing. */
static int setting(const char *settings, const char *key, char *value, size_t size) {
  FILE *file = fopen(settings, "re");
  if (file == NULL) return 0;
  char line[PATH_MAX + 64];
  size_t length = strlen(key);
  int found = 0;
  while (fgets(line, sizeof line, file) != NULL) {
    if (strncmp(line, key, length) != 0 || line[length] != '=') continue;
    char *text = line + length + 1;
    text[strcspn(text, "\r\n")] = '\0';
    if (strlen(text) < size) {
      strcpy(value, text);
      found = 1;
    }
    break;
  }
  fclose(file);
  return found;
}

/* Looks up `name` in the core into `slot`; 0 when it is missing. */
static int find(void *library, const char *name, void *slot) {
  void *symbol = dlsym(library, name);
  if (symbol == NULL) {
    say("the Stagehand frei0r core lacks ", name);
    return 0;
  }
  memcpy(slot, &symbol, sizeof symbol);
  return 1;
}

/* Opens the core and this module's style in it; 0 (with a line on standard error) when it cannot. */
static int open_core(void) {
  char path[PATH_MAX];
  if (!own_path(path, sizeof path)) {
    say("cannot find the file of this module (dladdr failed)", NULL);
    return 0;
  }
  char *slash = strrchr(path, '/');
  const char *file = slash ? slash + 1 : path;
  snprintf(module_name, sizeof module_name, "%s", file);
  size_t length = strlen(module_name);
  if (length > 3 && strcmp(module_name + length - 3, ".so") == 0) module_name[length - 3] = '\0';
  const char *style = strncmp(module_name, "stagehand-", 10) == 0 ? module_name + 10 : module_name;

  char settings[PATH_MAX];
  if (slash == NULL) {
    snprintf(settings, sizeof settings, "%s", SH_FREI0R_SETTINGS_NAME);
  } else if (snprintf(settings, sizeof settings, "%.*s/%s", (int)(slash - path), path, SH_FREI0R_SETTINGS_NAME) >=
             (int)sizeof settings) {
    say("the path of this module is too long", NULL);
    return 0;
  }
  char core_path[PATH_MAX];
  if (!setting(settings, "core", core_path, sizeof core_path)) {
    fprintf(stderr,
            "%s (frei0r): %s has no core= line (or cannot be read); run 'stagehand frei0r -o DIR' again to write "
            "the modules and their settings\n",
            module_name, settings);
    return 0;
  }
  void *library = dlopen(core_path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
  if (library == NULL) {
    const char *error = dlerror();
    fprintf(stderr,
            "%s (frei0r): cannot open the Stagehand frei0r core %s (%s); reinstall Stagehand or run 'stagehand "
            "frei0r -o DIR' again\n",
            module_name, core_path, error ? error : "unknown error");
    return 0;
  }
  sh_frei0r_core_version_fn version = NULL;
  sh_frei0r_open_fn open = NULL;
  if (!find(library, "sh_frei0r_core_version", &version) || !find(library, "sh_frei0r_open", &open) ||
      !find(library, "sh_frei0r_close", &core.close) || !find(library, "sh_frei0r_plugin_info", &core.plugin_info) ||
      !find(library, "sh_frei0r_param_info", &core.param_info) ||
      !find(library, "sh_frei0r_construct", &core.construct) || !find(library, "sh_frei0r_destruct", &core.destruct) ||
      !find(library, "sh_frei0r_set_param", &core.set_param) || !find(library, "sh_frei0r_get_param", &core.get_param) ||
      !find(library, "sh_frei0r_update2", &core.update2)) {
    return 0;
  }
  if (version() != SH_FREI0R_CORE_VERSION) {
    fprintf(stderr,
            "%s (frei0r): the core %s speaks version %d of the module calls, this module %d; run 'stagehand frei0r "
            "-o DIR' again with the installed Stagehand\n",
            module_name, core_path, version(), SH_FREI0R_CORE_VERSION);
    return 0;
  }
  core.module = open(style, settings);
  return core.module != NULL;
}

EXPORTED int f0r_init(void) {
  pthread_mutex_lock(&init_lock);
  int ok = init_count > 0 || open_core();
  if (ok) {
    init_count += 1;
  } else {
    memset(&core, 0, sizeof core);
  }
  pthread_mutex_unlock(&init_lock);
  return ok;
}

EXPORTED void f0r_deinit(void) {
  pthread_mutex_lock(&init_lock);
  if (init_count > 0 && --init_count == 0) {
    core.close(core.module);
    memset(&core, 0, sizeof core);
  }
  pthread_mutex_unlock(&init_lock);
}

EXPORTED void f0r_get_plugin_info(f0r_plugin_info_t *info) {
  if (info == NULL) return;
  if (core.module != NULL) {
    core.plugin_info(core.module, info);
    return;
  }
  /* Not initialised: a mixer without parameters, whose instances cannot be made. */
  info->name = module_name;
  info->author = "Stagehand";
  info->plugin_type = F0R_PLUGIN_TYPE_MIXER2;
  info->color_model = F0R_COLOR_MODEL_RGBA8888;
  info->frei0r_version = FREI0R_MAJOR_VERSION;
  info->major_version = 0;
  info->minor_version = 0;
  info->num_params = 0;
  info->explanation = "Stagehand (not initialised: f0r_init failed)";
}

EXPORTED void f0r_get_param_info(f0r_param_info_t *info, int param_index) {
  if (info != NULL && core.module != NULL) core.param_info(core.module, info, param_index);
}

EXPORTED f0r_instance_t f0r_construct(unsigned int width, unsigned int height) {
  if (core.module == NULL) {
    say("cannot make an instance: f0r_init was not called or failed", NULL);
    return NULL;
  }
  return core.construct(core.module, width, height);
}

EXPORTED void f0r_destruct(f0r_instance_t instance) {
  if (instance != NULL && core.destruct != NULL) core.destruct(instance);
}

EXPORTED void f0r_set_param_value(f0r_instance_t instance, f0r_param_t param, int param_index) {
  if (instance != NULL && param != NULL && core.set_param != NULL) core.set_param(instance, param, param_index);
}

EXPORTED void f0r_get_param_value(f0r_instance_t instance, f0r_param_t param, int param_index) {
  if (instance != NULL && param != NULL && core.get_param != NULL) core.get_param(instance, param, param_index);
}

/* A mixer2 draws in f0r_update2; f0r_update, which gives one input, leaves the output as it is. */
EXPORTED void f0r_update(f0r_instance_t instance, double time, const uint32_t *inframe, uint32_t *outframe) {
  (void)instance;
  (void)time;
  (void)inframe;
  (void)outframe;
}

EXPORTED void f0r_update2(f0r_instance_t instance, double time, const uint32_t *inframe1, const uint32_t *inframe2,
                          const uint32_t *inframe3, uint32_t *outframe) {
  (void)inframe3;
  if (instance == NULL || inframe1 == NULL || inframe2 == NULL || outframe == NULL || core.update2 == NULL) return;
  core.update2(instance, time, inframe1, inframe2, outframe);
}
