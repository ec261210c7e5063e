// Temporary files removed when a signal ends the process: a fixed table of paths that the signal handler reads with
// async-signal-safe calls only (atomic loads, unlink, sigaction, sigprocmask, raise).
#define _GNU_SOURCE
#include "stagehand_system.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Each slot holds a path copied with malloc in ordinary code, or NULL. The handler never frees: once it has started
// (`cleaning`), sh_temporary_forget leaves the copies to the process's end, so that the handler never reads a freed
// path (the forget empties the slot first, then reads the flag; the handler sets the flag first, then reads slots).
static _Atomic(char *) slots[SH_TEMPORARY_SLOTS];
static atomic_int cleaning;
static atomic_uint next_slot;

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

static void remove_temporaries(int number)
{
    atomic_store(&cleaning, 1);
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
    sigemptyset(&action.sa_mask);
    // One handler at a time: a second signal waits until the first one has removed the files and ended the process.
    for (size_t i = 0; i < sizeof(cleaned_signals) / sizeof(cleaned_signals[0]); i++) {
        sigaddset(&action.sa_mask, cleaned_signals[i]);
    }
    for (size_t i = 0; i < sizeof(cleaned_signals) / sizeof(cleaned_signals[0]); i++) {
        struct sigaction current;
        if (sigaction(cleaned_signals[i], NULL, &current) != 0) return -errno;
        // A signal the caller ignores (nohup, a background job of a script) stays ignored.
        if (current.sa_handler == SIG_IGN) continue;
        if (sigaction(cleaned_signals[i], &action, NULL) != 0) return -errno;
    }
    return 0;
}
