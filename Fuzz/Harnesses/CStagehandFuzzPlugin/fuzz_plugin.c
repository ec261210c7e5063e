/*
 * The descriptor the fixture plugin serves, decoded from the fuzzer's bytes by a cursor that reads zeros past the end.
 *
 * Each value is picked from a few that are valid, a few that break a rule of stagehand_plugin.h, and raw bytes, so
 * that the fuzzer reaches both the accepted descriptors and every refusal. Counts are either backed by elements in
 * the arrays below or beyond the header's limits, which the host checks before it reads any element.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "fuzz_plugin_internal.h"
#include "stagehand_fuzz_plugin.h"

#define STRIDE_SLACK 8
#define STYLES 4
#define PARAMETERS 4
#define PRESETS 3
#define LABELS 4
#define VALUES 4

static uint8_t input[1 << 16];
static size_t input_size;
static cursor bytes;
static char arena[1 << 15]; /* strings copied from the input, each NUL-terminated; zeros past the used part */
static size_t arena_used;
static char long_text[2048]; /* 'a' * 2047: strings of any length up to that, by offset */

static sh_plugin plugin;
static uint8_t styles[STYLES * (sizeof(sh_style) + STRIDE_SLACK)];
static uint8_t parameters[STYLES][PARAMETERS * (sizeof(sh_parameter) + STRIDE_SLACK)];
static uint8_t presets[STYLES][PRESETS * (sizeof(sh_preset) + STRIDE_SLACK)];
static const char *labels[STYLES][PARAMETERS][LABELS];
static sh_preset_value values[STYLES][PRESETS][VALUES];
static int serve_null;

uint8_t fuzz_byte(cursor *c) { return c->at < c->size ? c->data[c->at++] : 0; }

uint32_t fuzz_u32(cursor *c) {
    uint32_t value = 0;
    for (int i = 0; i < 4; i++) value |= (uint32_t)fuzz_byte(c) << (8 * i);
    return value;
}

double fuzz_double(cursor *c) {
    static const double special[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1e308, -1e308, DBL_MAX, DBL_MIN, 5e-324, 1e9, -1e9,
                                     2147483647.0, -2147483648.0, 2147483648.0};
    uint8_t kind = fuzz_byte(c);
    if (kind < 160) return ((double)kind - 80.0) / 8.0; /* small values, most of the time */
    if (kind < 160 + sizeof special / sizeof special[0]) return special[kind - 160];
    if (kind == 250) return INFINITY;
    if (kind == 251) return -INFINITY;
    if (kind == 252) return NAN;
    uint64_t bits = (uint64_t)fuzz_u32(c) | (uint64_t)fuzz_u32(c) << 32;
    double value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

/* A string: NULL, a valid name, id or version, one that breaks a rule, or bytes of the input. */
const char *fuzz_string(cursor *c) {
    static const char *const fixed[] = {
        "fade", "push", "left", "right", "top-left", "a", "a-1", "org.example.fuzz", "org.example", "1.0.0",
        "2.1.0-beta.1+build.7", "01.0.0", "1.0.0-", "", "Fade", "push left", "9lives", "org..example", "-",
        "\xff\xfe", "caf\xc3\xa9", "\xc3", "0", "1", "-1", "0.25", "true", "false", "2.5e-1", "1e309", "nan", "0x10"};
    const size_t fixed_count = sizeof fixed / sizeof fixed[0];
    uint8_t kind = fuzz_byte(c);
    if (kind == 0) return NULL;
    if (kind <= fixed_count) return fixed[kind - 1];
    if (kind >= 240) { /* a long run of 'a': 60 to 67, 124 to 131, 1020 to 1027 bytes */
        static const size_t lengths[] = {60, 124, 1020, 2047};
        size_t length = lengths[(kind - 240) % 4] + (fuzz_byte(c) & 7);
        if (length > sizeof long_text - 1) length = sizeof long_text - 1;
        return long_text + (sizeof long_text - 1 - length);
    }
    size_t length = fuzz_byte(c) & 63;
    if (arena_used + length + 1 > sizeof arena) return fixed[0];
    char *text = arena + arena_used;
    for (size_t i = 0; i < length; i++) {
        char byte = (char)fuzz_byte(c);
        text[i] = byte == 0 ? 'x' : byte;
    }
    text[length] = 0;
    arena_used += length + 1;
    return text;
}

/* The struct size to declare: the real one most of the time, a newer one, or one that breaks a rule. */
static uint32_t struct_size(cursor *c, uint32_t real) {
    switch (fuzz_byte(c) & 15) {
    case 12: return real + STRIDE_SLACK;
    case 13: return real - 8;
    case 14: return 0;
    case 15: return 4097;
    default: return real;
    }
}

/* A count: 0 to `backed` elements that exist, or one past the header's `limit`. */
static uint32_t count(cursor *c, uint32_t backed, uint32_t limit) {
    uint8_t byte = fuzz_byte(c);
    return byte == 255 ? limit + 1 : byte % (backed + 1);
}

static void make_parameter(cursor *c, int style, int index, uint32_t stride) {
    sh_parameter p;
    memset(&p, 0, sizeof p);
    p.struct_size = index > 0 && (fuzz_byte(c) & 31) == 31 ? stride + 8 : stride;
    p.symbol = fuzz_string(c);
    uint8_t type = fuzz_byte(c);
    p.type = type < 250 ? (int32_t)(type % 4) + 1 : (int32_t)type - 252;
    p.label_count = count(c, LABELS, SH_MAX_LABELS);
    for (int i = 0; i < LABELS; i++) labels[style][index][i] = fuzz_string(c);
    p.labels = (fuzz_byte(c) & 1) ? labels[style][index] : NULL;
    /* Mostly a consistent range for the type, else any three numbers. */
    if (fuzz_byte(c) & 3) {
        switch (p.type) {
        case SH_PARAM_ENUM: p.maximum = p.label_count > 0 ? p.label_count - 1 : 0; break;
        case SH_PARAM_BOOL: p.maximum = 1; break;
        default: p.minimum = -(double)(fuzz_byte(c) % 10); p.maximum = fuzz_byte(c) % 10;
        }
        p.default_value = fuzz_byte(c) % 2 ? p.maximum : p.minimum;
    } else {
        p.minimum = fuzz_double(c);
        p.maximum = fuzz_double(c);
        p.default_value = fuzz_double(c);
    }
    p.unit = (fuzz_byte(c) & 1) ? fuzz_string(c) : NULL;
    p.description = fuzz_string(c);
    memcpy(parameters[style] + (size_t)index * stride, &p, sizeof p);
}

static void make_preset(cursor *c, int style, int index, uint32_t stride) {
    sh_preset p;
    memset(&p, 0, sizeof p);
    p.struct_size = stride;
    p.name = fuzz_string(c);
    p.summary = fuzz_string(c);
    p.value_count = count(c, VALUES, SH_MAX_PARAMETERS);
    for (int i = 0; i < VALUES; i++) {
        values[style][index][i].parameter = fuzz_string(c);
        values[style][index][i].value = fuzz_string(c);
    }
    p.values = (fuzz_byte(c) & 7) ? values[style][index] : NULL;
    memcpy(presets[style] + (size_t)index * stride, &p, sizeof p);
}

static void make_style(cursor *c, int index, uint32_t stride) {
    sh_style s;
    memset(&s, 0, sizeof s);
    s.struct_size = stride;
    s.name = fuzz_string(c);
    s.summary = fuzz_string(c);
    s.default_duration = fuzz_double(c);
    uint8_t flags = fuzz_byte(c);
    s.flags = flags < 240 ? flags & 3 : 1u << (flags & 31);
    s.builder = fuzz_builder(c, 0);
    s.inverse_builder = fuzz_builder(c, 1);

    uint32_t parameter_stride = struct_size(c, sizeof(sh_parameter));
    s.parameter_count = count(c, PARAMETERS, SH_MAX_PARAMETERS);
    if (parameter_stride >= sizeof(sh_parameter) && parameter_stride <= sizeof(sh_parameter) + STRIDE_SLACK) {
        for (int i = 0; i < PARAMETERS; i++) make_parameter(c, index, i, parameter_stride);
    } else {
        memcpy(parameters[index], &parameter_stride, 4); /* refused before any other element is read */
    }
    s.parameters = (fuzz_byte(c) & 15) ? (const sh_parameter *)parameters[index] : NULL;

    uint32_t preset_stride = struct_size(c, sizeof(sh_preset));
    s.preset_count = count(c, PRESETS, SH_MAX_PRESETS);
    if (preset_stride >= sizeof(sh_preset) && preset_stride <= sizeof(sh_preset) + STRIDE_SLACK) {
        for (int i = 0; i < PRESETS; i++) make_preset(c, index, i, preset_stride);
    } else {
        memcpy(presets[index], &preset_stride, 4); /* refused before any other element is read */
    }
    s.presets = (fuzz_byte(c) & 15) ? (const sh_preset *)presets[index] : NULL;
    memcpy(styles + (size_t)index * stride, &s, sizeof s);
}

void stagehand_fuzz_serve(const uint8_t *data, size_t size) {
    if (size > sizeof input) size = sizeof input;
    memcpy(input, data, size);
    input_size = size;
    bytes = (cursor){input, input_size, 0};
    memset(arena, 0, sizeof arena);
    arena_used = 0;
    memset(long_text, 'a', sizeof long_text - 1);
    memset(styles, 0, sizeof styles);
    memset(parameters, 0, sizeof parameters);
    memset(presets, 0, sizeof presets);
    fuzz_programs_reset();

    cursor *c = &bytes;
    uint8_t header = fuzz_byte(c);
    serve_null = header == 255;
    plugin.abi_major = header == 254 ? 2 : SH_ABI_MAJOR;
    plugin.abi_minor = header == 253 ? SH_ABI_MINOR + 1 : SH_ABI_MINOR;
    plugin.struct_size = header == 252 ? sizeof plugin - 8 : header == 251 ? sizeof plugin + 64 : sizeof plugin;
    plugin.id = fuzz_string(c);
    plugin.version = fuzz_string(c);
    plugin.name = fuzz_string(c);
    plugin.author = fuzz_string(c);
    plugin.license = fuzz_string(c);
    plugin.description = fuzz_string(c);
    uint32_t stride = struct_size(c, sizeof(sh_style));
    plugin.style_count = count(c, STYLES, SH_MAX_STYLES);
    if (stride >= sizeof(sh_style) && stride <= sizeof(sh_style) + STRIDE_SLACK) {
        for (int i = 0; i < STYLES; i++) make_style(c, i, stride);
        /* ABI 1.1 fallbacks, without reading more bytes (which would change what older inputs mean): header 250
         * names each style's own summary (rarely a name), 249 the first style's name (itself, for style 0). */
        if (header == 250 || header == 249) {
            for (int i = 0; i < STYLES; i++) {
                sh_style s;
                memcpy(&s, styles + (size_t)i * stride, sizeof s);
                const sh_style *first = (const sh_style *)styles;
                s.reduced_motion_fallback = header == 250 ? s.summary : first->name;
                memcpy(styles + (size_t)i * stride, &s, sizeof s);
            }
        }
    } else {
        memcpy(styles, &stride, 4); /* refused before any other element is read */
    }
    plugin.styles = (fuzz_byte(c) & 15) ? (const sh_style *)styles : NULL;
    /* The rest of the bytes are the builders' programs. */
    fuzz_programs_load(c);
}

SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return serve_null ? NULL : &plugin; }
