/* The floor of frei0r-hosts.sh: a frei0r mixer2 module that does the least a transition can do, copying its first
 * input to its output. melt hands every frei0r module its inputs in RGBA and takes its output back to its own format,
 * whatever the module does, so no frei0r transition can run faster than this one; the script times it next to MLT's
 * own transitions, which skip those conversions.
 *
 * Built by the script: cc -O2 -shared -fPIC floor.c -o stagehand-floor.so (needs frei0r.h: frei0r-plugins-dev). */
#include <frei0r.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    unsigned int width, height;
} floor_instance;

int f0r_init(void) { return 1; }

void f0r_deinit(void) {}

void f0r_get_plugin_info(f0r_plugin_info_t *info) {
    info->name = "stagehand-floor";
    info->author = "Stagehand benchmarks";
    info->plugin_type = F0R_PLUGIN_TYPE_MIXER2;
    info->color_model = F0R_COLOR_MODEL_RGBA8888;
    info->frei0r_version = FREI0R_MAJOR_VERSION;
    info->major_version = 1;
    info->minor_version = 0;
    info->num_params = 1;
    info->explanation = "Copies its first input: the floor of any frei0r transition's time";
}

void f0r_get_param_info(f0r_param_info_t *info, int index) {
    (void)index;
    info->name = "position";
    info->type = F0R_PARAM_DOUBLE;
    info->explanation = "Unused (so that hosts keyframe it as they do the transitions')";
}

f0r_instance_t f0r_construct(unsigned int width, unsigned int height) {
    floor_instance *instance = malloc(sizeof *instance);
    if (instance) *instance = (floor_instance){width, height};
    return instance;
}

void f0r_destruct(f0r_instance_t instance) { free(instance); }

void f0r_set_param_value(f0r_instance_t instance, f0r_param_t value, int index) {
    (void)instance, (void)value, (void)index;
}

void f0r_get_param_value(f0r_instance_t instance, f0r_param_t value, int index) {
    (void)instance, (void)index;
    *(double *)value = 0;
}

void f0r_update2(f0r_instance_t instance, double time, const uint32_t *first, const uint32_t *second,
                 const uint32_t *third, uint32_t *output) {
    (void)time, (void)second, (void)third;
    const floor_instance *size = instance;
    memcpy(output, first, (size_t)size->width * size->height * 4);
}
