/* What the descriptor and the builders of the fixture plugin share. */
#ifndef FUZZ_PLUGIN_INTERNAL_H
#define FUZZ_PLUGIN_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "stagehand_plugin.h"

/* A cursor over bytes; past the end every read gives 0. */
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t at;
} cursor;

uint8_t fuzz_byte(cursor *c);
uint32_t fuzz_u32(cursor *c);
double fuzz_double(cursor *c);
const char *fuzz_string(cursor *c);

/* A builder for sh_style.builder (`inverse` 0) or inverse_builder (1): NULL, one of the fixed builders, or a function
 * outside the library. */
sh_function fuzz_builder(cursor *c, int inverse);

/* Forgets the programs of the previous input. */
void fuzz_programs_reset(void);

/* Takes the builders' programs from the rest of the bytes. */
void fuzz_programs_load(cursor *c);

#endif
