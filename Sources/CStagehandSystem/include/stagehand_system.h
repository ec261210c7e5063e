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
 * Starts `path` with `arguments` and `environment` (both NULL-terminated), with standard input, output and error on
 * /dev/null, `answer` as descriptor 3, and descriptors[i] as descriptor first_library + i for i < count. Every other
 * descriptor is closed in the child, and the child leads a session (and a process group) of its own, so that a signal
 * it sends to "its" process group cannot reach the host or the user's shell. The child is started by a thread of this
 * process that never ends, so that its PR_SET_PDEATHSIG fires when this process ends, not when the calling thread
 * does. Returns the child's process id or -errno.
 */
pid_t sh_system_spawn(const char *path, char *const arguments[], char *const environment[], int answer,
                      const int *descriptors, int count, int first_library);

/* Calls `visit` with the path of every object loaded in this process that has one (dl_iterate_phdr), and `context`. */
void sh_system_loaded_objects(void (*visit)(const char *path, void *context), void *context);

/* A connected pair of Unix stream sockets, both close-on-exec (the plugin process's channel). Returns 0 or -errno. */
int sh_system_socket_pair(int ends[2]);
/* Sends the `length` bytes at `bytes` on the stream socket `socket`, with the open file `descriptor` attached to
 * their first byte (SCM_RIGHTS) unless it is negative; never raises SIGPIPE. Returns the number of bytes sent (it may
 * be fewer than `length`: send the rest with a descriptor of -1) or -errno. */
long sh_system_send(int socket, const void *bytes, unsigned long length, int descriptor);
/* Receives up to `capacity` bytes from the stream socket `socket` into `bytes`. A descriptor that came attached to
 * them is stored in *descriptor (close-on-exec), else -1 is. Returns the number of bytes received, 0 at the end of
 * the stream, or -errno. */
long sh_system_receive(int socket, void *bytes, unsigned long capacity, int *descriptor);

/* The CPU time a sandboxed child may use, in seconds (the host's time limit per library is shorter; this bounds a
 * plugin that spins on several threads at once). */
#define SH_SANDBOX_CPU_SECONDS 120
/* The address space a sandboxed child may map, in bytes (not under a sanitizer, whose runtime reserves terabytes). */
#define SH_SANDBOX_ADDRESS_SPACE (1024UL * 1024 * 1024)

/*
 * Puts the calling process, a child that is about to run plugin code, in its sandbox (call it once every descriptor it
 * needs for writing is open): it is killed when its parent dies (the host starts it from a thread that lives as long
 * as the host, see sh_system_spawn); it cannot dump core or be attached to; its open files (`descriptor_limit`,
 * unless 0), CPU time and address space are limited; it gives up every capability (not under a sanitizer); and a
 * seccomp filter refuses it signals to other processes, new processes (threads are allowed), exec, ptrace, sockets,
 * changing its resource limits, opening files for writing, every call that creates, removes, renames or changes the
 * mode, owner, times or attributes of a file, io_uring, file handles, mounts, namespaces, keys, BPF, performance
 * counters, the administrator's calls, and pushing characters into a terminal. The filter lists what is refused
 * (not what is allowed). Returns 0 or -errno.
 */
int sh_system_sandbox(int descriptor_limit);
/* 1 when this code was built with a sanitizer, whose runtime the sandbox lets clone its tracer and use ptrace. */
int sh_system_sandbox_is_sanitized(void);

/*
 * SHA-256 through the system's libcrypto (OpenSSL 3: Debian's libssl3, present wherever the Swift toolchain is),
 * opened with dlopen on first use, so that the commands that hash nothing (`--version`, `list` from the cache) do not
 * pay for mapping and relocating it at start-up. A context is one EVP_MD_CTX.
 *
 * sh_sha256_new returns a context, or NULL with a message in `message` (at most `size` bytes, NUL-terminated) when
 * libcrypto cannot be loaded or has no SHA-256. The others return 0 on success and -1 on failure.
 */
void *sh_sha256_new(char *message, size_t size);
/* A context in the state of `context`, or NULL when it cannot be made. */
void *sh_sha256_copy(const void *context);
int sh_sha256_update(void *context, const void *bytes, size_t count);
/* The digest of what was fed; the context is left as it was, so more bytes may follow. */
int sh_sha256_digest(const void *context, unsigned char digest[32]);
void sh_sha256_free(void *context);

/*
 * Temporary files removed when SIGINT, SIGTERM or SIGHUP ends the process. A writer records a temporary path before it
 * creates the file, and forgets it once the file is renamed or removed; the handler unlinks every recorded path, then
 * ends the process with the same signal (restoring its default action and raising it), so that the exit status is the
 * signal's. The table has SH_TEMPORARY_SLOTS paths at most (more than the frames of the longest PNG sequence).
 *
 * sh_temporary_add copies `path` and returns its slot, or -ENOMEM, or -ENOSPC when the table is full.
 * sh_temporary_open records `path` and creates it with open(path, flags, mode) as one step that the handler waits
 * for, so that no file is created after the handler has looked for it; returns the descriptor and sets `*slot` (a
 * negative slot when the table was full: then a signal leaves the file), or -errno when the open fails (the path is
 * then forgotten). A thread that calls it once the handler has started on another thread never returns: the process
 * is ending.
 * sh_temporary_forget empties a slot (without removing the file); a negative slot is ignored.
 * sh_temporary_remove_on_signals installs the handler for the three signals, except those the process ignores;
 * returns 0 or -errno.
 */
#define SH_TEMPORARY_SLOTS 65536
int sh_temporary_add(const char *path);
int sh_temporary_open(const char *path, int flags, unsigned mode, int *slot);
void sh_temporary_forget(int slot);
int sh_temporary_remove_on_signals(void);

#ifdef __cplusplus
}
#endif

#endif
