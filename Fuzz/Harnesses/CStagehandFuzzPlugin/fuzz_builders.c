/*
 * The fixed builders of the fixture plugin. Builder k replays program k, a slice of the fuzzer's bytes: each
 * instruction calls one host function with arguments read from the program, or returns a status. Builders declare
 * only the three arguments every builder gets and ignore the style's parameters, which the host passes after them
 * (the callee never reads them; both System V calling conventions leave them to the caller).
 */
#include <string.h>

#include "fuzz_plugin_internal.h"

#define PROGRAMS 4

static cursor programs[PROGRAMS];

void fuzz_programs_reset(void) { memset(programs, 0, sizeof programs); }

void fuzz_programs_load(cursor *c) {
    for (int k = 0; k < PROGRAMS; k++) {
        size_t length = fuzz_byte(c);
        size_t start = c->at < c->size ? c->at : c->size;
        size_t end = start + length < c->size ? start + length : c->size;
        programs[k] = (cursor){c->data + start, end - start, 0};
        c->at = end;
    }
}

static int32_t layer(cursor *c) { return (int32_t)(fuzz_byte(c) % 4); } /* 3 is no layer */

/* One call of a host function added in ABI 1.1, picked by `op` (0 to 20), or (21) [1.2] change_wedge or [1.3]
 * change_dim: the byte after op 21 picks, odd for change_dim (op 255 is the last byte value, so the two share it). */
static int32_t run_v11(uint8_t op, cursor *c, const sh_host *host, sh_builder *builder) {
    if (op == 21) {
        if (fuzz_byte(c) % 2) {
            int32_t l = layer(c);
            return host->change_dim(builder, l, fuzz_double(c));
        }
        int32_t l = layer(c);
        double dx = fuzz_double(c), dy = fuzz_double(c), start = fuzz_double(c), sweep = fuzz_double(c);
        return host->change_wedge(builder, l, dx, dy, start, sweep);
    }
    switch (op % 7) {
    case 0: {
        double start = fuzz_double(c), end = fuzz_double(c);
        return host->set_interval(builder, start, end);
    }
    case 1: {
        double m = fuzz_double(c), k = fuzz_double(c), d = fuzz_double(c), v = fuzz_double(c);
        return host->set_spring(builder, m, k, d, v);
    }
    case 2: {
        int32_t l = layer(c);
        double t = fuzz_double(c), r = fuzz_double(c), b = fuzz_double(c), left = fuzz_double(c);
        return host->change_inset(builder, l, t, r, b, left);
    }
    case 3: {
        int32_t l = layer(c);
        return host->change_corner_radius(builder, l, fuzz_double(c));
    }
    case 4: {
        int32_t l = layer(c);
        double dx = fuzz_double(c), dy = fuzz_double(c), rx = fuzz_double(c), ry = fuzz_double(c);
        return host->change_ellipse(builder, l, dx, dy, rx, ry);
    }
    case 5: {
        int32_t l = layer(c);
        return host->set_on_top(builder, l, (int32_t)(fuzz_byte(c) % 3));
    }
    default: {
        double r = fuzz_double(c), g = fuzz_double(c), b = fuzz_double(c), a = fuzz_double(c);
        return host->change_backdrop(builder, r, g, b, a);
    }
    }
}

static int32_t run(int k, const sh_context *context, const sh_host *host, sh_builder *builder) {
    cursor c = programs[k];
    int32_t status = SH_OK;
    while (c.at < c.size) {
        uint8_t op = fuzz_byte(&c);
        if (op >= 234) { /* 234 = 13 * 18: below it, every byte means what it meant before ABI 1.1 */
            status = run_v11((uint8_t)(op - 234), &c, host, builder);
            continue;
        }
        switch (op % 13) {
        case 0: status = host->begin_step(builder, fuzz_double(&c), (int32_t)(fuzz_byte(&c) % 5)); break;
        case 1: {
            double x1 = fuzz_double(&c), y1 = fuzz_double(&c), x2 = fuzz_double(&c), y2 = fuzz_double(&c);
            status = host->set_bezier(builder, x1, y1, x2, y2);
            break;
        }
        case 2: {
            int32_t l = layer(&c);
            double dx = fuzz_double(&c), dy = fuzz_double(&c), dz = fuzz_double(&c);
            status = host->translate(builder, l, dx, dy, dz);
            break;
        }
        case 3: { /* by the bounds, as a push does */
            int32_t l = layer(&c);
            double fx = fuzz_double(&c), fy = fuzz_double(&c);
            status = host->translate(builder, l, fx * context->width, fy * context->height, 0);
            break;
        }
        case 4: {
            int32_t l = layer(&c);
            double angle = fuzz_double(&c), ax = fuzz_double(&c), ay = fuzz_double(&c), az = fuzz_double(&c);
            status = host->rotate(builder, l, angle, ax, ay, az);
            break;
        }
        case 5: {
            int32_t l = layer(&c);
            double sx = fuzz_double(&c), sy = fuzz_double(&c), sz = fuzz_double(&c);
            status = host->scale(builder, l, sx, sy, sz);
            break;
        }
        case 6: {
            int32_t l = layer(&c);
            status = host->fade(builder, l, fuzz_double(&c));
            break;
        }
        case 7: {
            int32_t l = layer(&c);
            double dx = fuzz_double(&c), dy = fuzz_double(&c);
            status = host->move_anchor(builder, l, dx, dy);
            break;
        }
        case 8: status = host->change_perspective(builder, fuzz_double(&c)); break;
        case 9: status = host->report(builder, fuzz_string(&c)); break;
        case 10: return (int32_t)(int8_t)fuzz_byte(&c); /* any status, also positive ones */
        case 11: if (status != SH_OK) return status; break; /* a builder that checks */
        case 12: break; /* a builder that goes on after an error and returns SH_OK */
        }
    }
    return SH_OK;
}

static int32_t build0(const sh_context *x, const sh_host *h, sh_builder *b) { return run(0, x, h, b); }
static int32_t build1(const sh_context *x, const sh_host *h, sh_builder *b) { return run(1, x, h, b); }
static int32_t build2(const sh_context *x, const sh_host *h, sh_builder *b) { return run(2, x, h, b); }
static int32_t build3(const sh_context *x, const sh_host *h, sh_builder *b) { return run(3, x, h, b); }

sh_function fuzz_builder(cursor *c, int inverse) {
    uint8_t kind = fuzz_byte(c);
    if (kind == 255) return (sh_function)strlen; /* outside the library */
    switch (kind % (inverse ? 6 : 5)) {
    case 0: return (sh_function)build0;
    case 1: return (sh_function)build1;
    case 2: return (sh_function)build2;
    case 3: return (sh_function)build3;
    default: return NULL;
    }
}
