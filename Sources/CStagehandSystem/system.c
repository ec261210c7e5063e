// The GNU/Linux calls of stagehand_system.h, compiled with _GNU_SOURCE.
#define _GNU_SOURCE
#include "stagehand_system.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <spawn.h>
#include <sys/mman.h>
#include <unistd.h>

#if !defined(__linux__) || !defined(__GLIBC__)
#error "Stagehand runs on Linux with glibc only: it needs /proc/self/fd, dladdr1, memfd_create and posix_spawn's closefrom"
#endif

int sh_system_library_contains(void *handle, const void *address)
{
    Dl_info info;
    struct link_map *map = NULL;
    if (handle == NULL || address == NULL) return 0;
    if (dladdr1(address, &info, (void **)&map, RTLD_DL_LINKMAP) == 0 || map == NULL) return 0;
    // In glibc a dlopen handle is the link map of the object it opened.
    return (void *)map == handle;
}

int sh_system_pipe(int ends[2])
{
    return pipe2(ends, O_CLOEXEC) == 0 ? 0 : -errno;
}

int sh_system_memory_file(const char *name)
{
    int fd = memfd_create(name, MFD_CLOEXEC);
    return fd >= 0 ? fd : -errno;
}

pid_t sh_system_spawn(const char *path, char *const arguments[], char *const environment[], int answer,
                      const int *descriptors, int count, int first_library)
{
    // The sources are first copied above every target number, so that no dup2 of the child overwrites a source that
    // a later dup2 still needs. The copies are close-on-exec and closed again here.
    enum { high = 1024 };
    int copies[257];
    posix_spawn_file_actions_t actions;
    pid_t pid = -1;
    int status = 0;
    int made = 0;
    if (count < 0 || count > 256 || first_library < 4 || first_library + count >= high) return -EINVAL;
    for (; made <= count; made++) {
        int source = made == 0 ? answer : descriptors[made - 1];
        copies[made] = fcntl(source, F_DUPFD_CLOEXEC, high);
        if (copies[made] < 0) {
            status = errno;
            break;
        }
    }
    if (status == 0) status = posix_spawn_file_actions_init(&actions);
    if (status == 0) {
        status = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        if (status == 0) status = posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
        if (status == 0) status = posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
        // dup2 onto another number clears close-on-exec on the target.
        if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, copies[0], 3);
        for (int i = 0; status == 0 && i < count; i++) {
            status = posix_spawn_file_actions_adddup2(&actions, copies[i + 1], first_library + i);
        }
        if (status == 0) status = posix_spawn_file_actions_addclosefrom_np(&actions, first_library + count);
        posix_spawnattr_t attributes;
        if (status == 0) status = posix_spawnattr_init(&attributes);
        if (status == 0) {
            status = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID);
            if (status == 0) status = posix_spawn(&pid, path, &actions, &attributes, arguments, environment);
            posix_spawnattr_destroy(&attributes);
        }
        posix_spawn_file_actions_destroy(&actions);
    }
    for (int i = 0; i < made; i++) close(copies[i]);
    return status == 0 ? pid : -status;
}
