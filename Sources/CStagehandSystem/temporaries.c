// Temporary files removed when a signal ends the process: a fixed table of paths that the signal handler reads with
// async-signal-safe calls only (atomic loads, nanosleep, unlink, sigaction, sigprocmask, raise).
#define _GNU_SOURCE
#include "stagehand_system.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// Each slot holds a path copied with malloc in ordinary code, or NULL. The handler never frees: once it has started
// (`cleaning`), sh_temporary_forget leaves the copies to the process's end, so that the handler never reads a freed
// path (the forget empties the slot first, then reads the flag; the handler sets the flag first, then reads slots).
static _Atomic(char *) slots[SH_TEMPORARY_SLOTS];
static atomic_int cleaning;
static atomic_uint next_slot;
// The threads between recording a path and creating its file (sh_temporary_open). The handler waits for them before
// it unlinks: a file created after the handler had looked at its slot would outlive the process.
static atomic_int creating;

int sh_temporary_add(const char *path)
{
    char *copy = strdup(path);
    if (copy == NULL) return -ENOMEM;
    unsigned start = atomic_fetch_add(&next_slot, 1);
    for (unsigned i = 0; i < SH_TEMPORARY_SLOTS; i++) {
        unsigned index = (start + i) % SH_TEMPORARY_SLOTS;
        char *expected = NULL;
        if (atomic_compare_exchange_strong(&slots[index], &expected, copy)) return (int)index;
    }
    free(copy);
    return -ENOSPC;
}

void sh_temporary_forget(int slot)
{
    if (slot < 0 || slot >= SH_TEMPORARY_SLOTS) return;
    char *path = atomic_exchange(&slots[slot], NULL);
    if (path != NULL && atomic_load(&cleaning) == 0) free(path);
}

static const int cleaned_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void cleaned_signal_set(sigset_t *set)
{
    sigemptyset(set);
    for (size_t i = 0; i < sizeof(cleaned_signals) / sizeof(cleaned_signals[0]); i++) {
        sigaddset(set, cleaned_signals[i]);
    }
}

int sh_temporary_open(const char *path, int flags, unsigned mode, int *slot)
{
    // The three signals are blocked on this thread meanwhile, so that the handler never runs here while a creation
    // is under way (it would wait for itself); they go to another thread, or wait for the unblocking below.
    sigset_t blocked, previous;
    cleaned_signal_set(&blocked);
    pthread_sigmask(SIG_BLOCK, &blocked, &previous);
    atomic_fetch_add(&creating, 1);
    if (atomic_load(&cleaning) != 0) {
        // The handler has started on another thread and ends the process: create nothing, and wait for the end.
        atomic_fetch_sub(&creating, 1);
        for (;;) pause();
    }
    int recorded = sh_temporary_add(path);
    int descriptor;
    do {
        descriptor = open(path, flags, (mode_t)mode);
    } while (descriptor < 0 && errno == EINTR);
    int code = errno;
    if (descriptor < 0) sh_temporary_forget(recorded);
    atomic_fetch_sub(&creating, 1);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (descriptor < 0) return -code;
    *slot = recorded;
    return descriptor;
}

static void remove_temporaries(int number)
{
    atomic_store(&cleaning, 1);
    // Creations under way on other threads finish first (each takes one open call); a thread stopped in one for a
    // whole second is given up on.
    struct timespec pause_length = {0, 1000000};
    for (int waited = 0; waited < 1000 && atomic_load(&creating) > 0; waited++) nanosleep(&pause_length, NULL);
    for (int i = 0; i < SH_TEMPORARY_SLOTS; i++) {
        char *path = atomic_load(&slots[i]);
        if (path != NULL) unlink(path);
    }
    // Dies of the same signal, so that the parent sees it (a shell says 128 + its number).
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(number, &action, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, number);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(number);
}

int sh_temporary_remove_on_signals(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    action.sa_handler = remove_temporaries;
    // One handler at a time: a second signal waits until the first one has removed the files and ended the process.
    cleaned_signal_set(&action.sa_mask);
    for (size_t i = 0; i < sizeof(cleaned_signals) / sizeof(cleaned_signals[0]); i++) {
        struct sigaction current;
        if (sigaction(cleaned_signals[i], NULL, &current) != 0) return -errno;
        // A signal the caller ignores (nohup, a background job of a script) stays ignored.
        if (current.sa_handler == SIG_IGN) continue;
        if (sigaction(cleaned_signals[i], &action, NULL) != 0) return -errno;
    }
    return 0;
}
