/*
 * SHA-256 through the system's libcrypto, opened on first use (see stagehand_system.h). Only the five EVP functions
 * the host needs are looked up; their prototypes are OpenSSL 3's, declared here so that the build needs no headers of
 * OpenSSL (the library's ABI is stable within its major version, which the soname names).
 */
#define _GNU_SOURCE
#include "stagehand_system.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef void *(*md_ctx_new_function)(void);
typedef void (*md_ctx_free_function)(void *);
typedef int (*md_ctx_copy_function)(void *, const void *);
typedef const void *(*md_function)(void);
typedef int (*digest_init_function)(void *, const void *, void *);
typedef int (*digest_update_function)(void *, const void *, size_t);
typedef int (*digest_final_function)(void *, unsigned char *, unsigned int *);

static struct {
    md_ctx_new_function ctx_new;
    md_ctx_free_function ctx_free;
    md_ctx_copy_function ctx_copy;
    md_function sha256;
    digest_init_function init;
    digest_update_function update;
    digest_final_function final;
    char failure[512];
} crypto;

static pthread_once_t crypto_once = PTHREAD_ONCE_INIT;

/*
 * The system library directories libcrypto is opened from, by full path: never through the executable's RUNPATH or
 * LD_LIBRARY_PATH, where a file of that name next to a development build (or planted by someone else) would be found
 * first.
 */
#if defined(__x86_64__)
#define MULTIARCH "x86_64-linux-gnu"
#elif defined(__aarch64__)
#define MULTIARCH "aarch64-linux-gnu"
#else
#define MULTIARCH "unknown-linux-gnu"
#endif
static const char *const crypto_paths[] = {
    "/usr/lib/" MULTIARCH "/libcrypto.so.3",
    "/lib/" MULTIARCH "/libcrypto.so.3",
    "/usr/lib64/libcrypto.so.3",
    "/usr/lib/libcrypto.so.3",
};

static void load_crypto(void)
{
    void *library = NULL;
    const char *reason = "no such file";
    for (size_t index = 0; library == NULL && index < sizeof crypto_paths / sizeof crypto_paths[0]; index++) {
        /* RTLD_NODELETE: the library stays for the life of the process, as every library the host opens does. */
        library = dlopen(crypto_paths[index], RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
        if (library == NULL && access(crypto_paths[index], F_OK) == 0) reason = dlerror();
    }
    if (library == NULL) {
        snprintf(crypto.failure, sizeof crypto.failure,
                 "the system's libcrypto.so.3 cannot be loaded from /usr/lib/" MULTIARCH ", /lib/" MULTIARCH
                 ", /usr/lib64 or /usr/lib (%s); install Debian's libssl3 package",
                 reason != NULL ? reason : "no reason given");
        return;
    }
    crypto.ctx_new = (md_ctx_new_function)dlsym(library, "EVP_MD_CTX_new");
    crypto.ctx_free = (md_ctx_free_function)dlsym(library, "EVP_MD_CTX_free");
    crypto.ctx_copy = (md_ctx_copy_function)dlsym(library, "EVP_MD_CTX_copy_ex");
    crypto.sha256 = (md_function)dlsym(library, "EVP_sha256");
    crypto.init = (digest_init_function)dlsym(library, "EVP_DigestInit_ex");
    crypto.update = (digest_update_function)dlsym(library, "EVP_DigestUpdate");
    crypto.final = (digest_final_function)dlsym(library, "EVP_DigestFinal_ex");
    if (!crypto.ctx_new || !crypto.ctx_free || !crypto.ctx_copy || !crypto.sha256 || !crypto.init ||
        !crypto.update || !crypto.final) {
        snprintf(crypto.failure, sizeof crypto.failure,
                 "the system's libcrypto.so.3 lacks the EVP digest functions; install Debian's libssl3 package");
        crypto.ctx_new = NULL;
    }
}

void *sh_sha256_new(char *message, size_t size)
{
    pthread_once(&crypto_once, load_crypto);
    if (crypto.ctx_new == NULL) {
        if (size > 0) snprintf(message, size, "%s", crypto.failure);
        return NULL;
    }
    void *context = crypto.ctx_new();
    if (context == NULL || crypto.init(context, crypto.sha256(), NULL) != 1) {
        if (context != NULL) crypto.ctx_free(context);
        if (size > 0) snprintf(message, size, "libcrypto could not start a SHA-256 digest (out of memory?)");
        return NULL;
    }
    return context;
}

void *sh_sha256_copy(const void *context)
{
    void *copy = crypto.ctx_new();
    if (copy == NULL) return NULL;
    if (crypto.ctx_copy(copy, context) != 1) {
        crypto.ctx_free(copy);
        return NULL;
    }
    return copy;
}

int sh_sha256_update(void *context, const void *bytes, size_t count)
{
    if (count == 0) return 0;
    return crypto.update(context, bytes, count) == 1 ? 0 : -1;
}

int sh_sha256_digest(const void *context, unsigned char digest[32])
{
    void *copy = sh_sha256_copy(context);
    if (copy == NULL) return -1;
    unsigned int length = 0;
    int status = crypto.final(copy, digest, &length);
    crypto.ctx_free(copy);
    return status == 1 && length == 32 ? 0 : -1;
}

void sh_sha256_free(void *context)
{
    if (context != NULL) crypto.ctx_free(context);
}
