/*
 * The fixture plugin of the descriptor harness: a library whose stagehand_plugin_v1 serves a descriptor made from the
 * fuzzer's bytes, with builders that replay step programs taken from the same bytes.
 */
#ifndef STAGEHAND_FUZZ_PLUGIN_H
#define STAGEHAND_FUZZ_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

/* Makes the descriptor and the builders' programs from `size` bytes at `data`, which are copied. Every string and
 * array of the descriptor lies in memory of the library, so that whatever the bytes, reading the descriptor within
 * the counts it declares is safe; its values are the lies under test. Not thread-safe: call it between loads. */
void stagehand_fuzz_serve(const uint8_t *data, size_t size);

#endif
