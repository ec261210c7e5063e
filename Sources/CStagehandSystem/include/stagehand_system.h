/*
 * stagehand_system.h: the few GNU/Linux calls the host needs that Swift's Glibc module does not show (they are
 * declared only under _GNU_SOURCE). Internal to Stagehand; not part of the plugin ABI.
 *
 * Every function returns 0 (or a descriptor, or a process id) on success and -errno on failure, so that callers turn
 * failures into typed errors without reading errno.
 */
#ifndef STAGEHAND_SYSTEM_H
#define STAGEHAND_SYSTEM_H

#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether `address` lies in the object that `handle` (a dlopen handle) opened: 1 yes, 0 no. */
int sh_system_library_contains(void *handle, const void *address);

/* A pipe whose two ends are close-on-exec: ends[0] reads, ends[1] writes. */
int sh_system_pipe(int ends[2]);

/* An anonymous in-memory file (memfd), close-on-exec. Returns the descriptor or -errno. */
int sh_system_memory_file(const char *name);

/*
 * Starts `path` with `arguments` and `environment` (both NULL-terminated), with standard input, output and error
 * on /dev/null, `answer` as descriptor 3, and descriptors[i] as descriptor first_library + i for i < count. Every
 * other descriptor is closed in the child. Returns the child's process id or -errno.
 */
pid_t sh_system_spawn(const char *path, char *const arguments[], char *const environment[], int answer,
                      const int *descriptors, int count, int first_library);

#ifdef __cplusplus
}
#endif

#endif
