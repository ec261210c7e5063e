// The GNU/Linux calls of stagehand_system.h, compiled with _GNU_SOURCE.
#define _GNU_SOURCE
#include "stagehand_system.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <string.h>
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

static pid_t spawn_now(const char *path, char *const arguments[], char *const environment[], int answer,
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

/*
 * Children are started by one thread of the host that never ends (the spawner), not by the calling thread: a child
 * asks for SIGKILL when its parent ends (PR_SET_PDEATHSIG), and the kernel takes "its parent" to be the thread that
 * started it. A host's threads come and go (a test runner's, a dispatch queue's worker) while the host lives on; the
 * spawner lives as long as the process.
 */
struct spawn_job {
    const char *path;
    char *const *arguments;
    char *const *environment;
    int answer;
    const int *descriptors;
    int count;
    int first_library;
    pid_t result;
    int done;
};

static pthread_mutex_t spawner_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t spawner_changed = PTHREAD_COND_INITIALIZER;
static struct spawn_job *spawner_job; /* the job waiting for the spawner, if any */
static int spawner_state;             /* 0: not started, 1: running, -errno: could not start */

static void *spawner(void *unused)
{
    (void)unused;
    pthread_mutex_lock(&spawner_lock);
    for (;;) {
        while (spawner_job == NULL) pthread_cond_wait(&spawner_changed, &spawner_lock);
        struct spawn_job *job = spawner_job;
        pthread_mutex_unlock(&spawner_lock);
        pid_t pid = spawn_now(job->path, job->arguments, job->environment, job->answer, job->descriptors,
                              job->count, job->first_library);
        pthread_mutex_lock(&spawner_lock);
        job->result = pid;
        job->done = 1;
        spawner_job = NULL;
        pthread_cond_broadcast(&spawner_changed);
    }
    return NULL;
}

pid_t sh_system_spawn(const char *path, char *const arguments[], char *const environment[], int answer,
                      const int *descriptors, int count, int first_library)
{
    struct spawn_job job = {path, arguments, environment, answer, descriptors, count, first_library, -1, 0};
    pthread_mutex_lock(&spawner_lock);
    if (spawner_state == 0) {
        pthread_t thread;
        int status = pthread_create(&thread, NULL, spawner, NULL);
        spawner_state = status == 0 ? 1 : -status;
        if (status == 0) pthread_detach(thread);
    }
    if (spawner_state < 0) {
        /* No spawner: started by this thread, which is as good while it lives. */
        pthread_mutex_unlock(&spawner_lock);
        return spawn_now(path, arguments, environment, answer, descriptors, count, first_library);
    }
    while (spawner_job != NULL) pthread_cond_wait(&spawner_changed, &spawner_lock);
    spawner_job = &job;
    pthread_cond_broadcast(&spawner_changed);
    while (!job.done) pthread_cond_wait(&spawner_changed, &spawner_lock);
    pthread_mutex_unlock(&spawner_lock);
    return job.result;
}

int sh_system_socket_pair(int ends[2])
{
    return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) == 0 ? 0 : -errno;
}

long sh_system_send(int socket, const void *bytes, unsigned long length, int descriptor)
{
    struct iovec part = {.iov_base = (void *)bytes, .iov_len = length};
    union {
        char buffer[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } control;
    struct msghdr message = {.msg_iov = &part, .msg_iovlen = 1};
    if (descriptor >= 0) {
        memset(&control, 0, sizeof control);
        message.msg_control = control.buffer;
        message.msg_controllen = sizeof control.buffer;
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &descriptor, sizeof(int));
    }
    ssize_t sent;
    do {
        sent = sendmsg(socket, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent >= 0 ? (long)sent : -errno;
}

long sh_system_receive(int socket, void *bytes, unsigned long capacity, int *descriptor)
{
    struct iovec part = {.iov_base = bytes, .iov_len = capacity};
    union {
        char buffer[CMSG_SPACE(sizeof(int) * 4)];
        struct cmsghdr align;
    } control;
    struct msghdr message = {
        .msg_iov = &part, .msg_iovlen = 1, .msg_control = control.buffer, .msg_controllen = sizeof control.buffer};
    *descriptor = -1;
    ssize_t received;
    do {
        received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    } while (received < 0 && errno == EINTR);
    if (received < 0) return -errno;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < count; i++) {
            int received_descriptor;
            memcpy(&received_descriptor, CMSG_DATA(header) + i * sizeof(int), sizeof(int));
            /* One descriptor per message is expected: any other is closed. */
            if (*descriptor < 0) *descriptor = received_descriptor;
            else close(received_descriptor);
        }
    }
    return (long)received;
}

struct visitor {
    void (*visit)(const char *path, void *context);
    void *context;
};

static int visit_object(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    struct visitor *visitor = data;
    if (info->dlpi_name != NULL && info->dlpi_name[0] != 0) visitor->visit(info->dlpi_name, visitor->context);
    return 0;
}

void sh_system_loaded_objects(void (*visit)(const char *path, void *context), void *context)
{
    struct visitor visitor = {.visit = visit, .context = context};
    dl_iterate_phdr(visit_object, &visitor);
}
