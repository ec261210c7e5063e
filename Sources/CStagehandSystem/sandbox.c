/*
 * The sandbox of the child processes that run plugin code (the scanner, the validator's child): resource limits, and
 * a seccomp filter that lets a library load and build but not reach outside its own process. See stagehand_system.h
 * and Docs/Isolation.md.
 */
#define _GNU_SOURCE
#include "stagehand_system.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define SANDBOX_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define SANDBOX_ARCH AUDIT_ARCH_AARCH64
#else
#error "the sandbox knows the system calls of x86_64 and aarch64 only"
#endif

/* A sanitizer's runtime needs two things a plugin must not have: LeakSanitizer stops the world with a clone that is
 * not a thread and ptrace, and AddressSanitizer reserves terabytes of address space. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANDBOX_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANDBOX_SANITIZED 1
#endif
#endif
#ifndef SANDBOX_SANITIZED
#define SANDBOX_SANITIZED 0
#endif

enum { capacity = 400 };

/* Calls newer than the C library's headers (Linux 6.6 to 6.17; numbers from 424 on are the same on x86_64 and
 * aarch64). They exist on the kernels this runs on whatever the headers say: an audit found fchmodat2 open. */
#ifndef __NR_quotactl_fd
#define __NR_quotactl_fd 443
#endif
#ifndef __NR_fchmodat2
#define __NR_fchmodat2 452
#endif
#ifndef __NR_setxattrat
#define __NR_setxattrat 463
#endif
#ifndef __NR_removexattrat
#define __NR_removexattrat 466
#endif
#ifndef __NR_open_tree_attr
#define __NR_open_tree_attr 467
#endif
#ifndef __NR_file_setattr
#define __NR_file_setattr 469
#endif

struct program {
    struct sock_filter code[capacity];
    unsigned short count;
    int overflow;
};

static void emit(struct program *program, struct sock_filter instruction)
{
    if (program->count < capacity) program->code[program->count++] = instruction;
    else program->overflow = 1;
}

#define STATEMENT(code, k) ((struct sock_filter)BPF_STMT((code), (k)))
#define JUMP(code, k, yes, no) ((struct sock_filter)BPF_JUMP((code), (k), (yes), (no)))
#define RETURN(value) STATEMENT(BPF_RET | BPF_K, (value))
#define ALLOW RETURN(SECCOMP_RET_ALLOW)
#define REFUSE(error) RETURN(SECCOMP_RET_ERRNO | ((error) & SECCOMP_RET_DATA))
#define LOAD_NUMBER STATEMENT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr))
/* The low 32 bits of argument n (little-endian: both architectures are). */
#define LOAD_LOW(n) STATEMENT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[n]))

/* A rule: when the system call is `number`, the `length` instructions that follow decide (each path ends in a
 * return); else they are skipped. The accumulator holds the number again after a skipped rule. */
static void when(struct program *program, long number, unsigned char length)
{
    emit(program, JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)number, 0, length));
}

static void refuse(struct program *program, long number, int error)
{
    when(program, number, 1);
    emit(program, REFUSE(error));
}

/* Allowed only when argument 0 is `pid` (or also 0, this process's own group, when `group` is set). Only the low 32
 * bits are compared: the argument is a pid_t, and the kernel reads no more of it. */
static void only_self(struct program *program, long number, pid_t pid, int group)
{
    when(program, number, 5);
    emit(program, LOAD_LOW(0));
    emit(program, JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned int)pid, 2, 0));
    emit(program, JUMP(BPF_JMP | BPF_JEQ | BPF_K, group ? 0u : (unsigned int)pid, 1, 0));
    emit(program, REFUSE(EPERM));
    emit(program, ALLOW);
}

/* Refused when argument `n` has any of `bits`. */
static void refuse_bits(struct program *program, long number, int n, unsigned int bits, int error)
{
    when(program, number, 4);
    emit(program, LOAD_LOW(n));
    emit(program, JUMP(BPF_JMP | BPF_JSET | BPF_K, bits, 0, 1));
    emit(program, REFUSE(error));
    emit(program, ALLOW);
}

static int install_filter(pid_t self)
{
    struct program program = {.count = 0, .overflow = 0};
    emit(&program, STATEMENT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)));
    emit(&program, JUMP(BPF_JMP | BPF_JEQ | BPF_K, SANDBOX_ARCH, 1, 0));
    emit(&program, RETURN(SECCOMP_RET_KILL_PROCESS));
    emit(&program, LOAD_NUMBER);

    /* Signals: only to itself (raise, abort and pthread_kill use tgkill with its own process id). */
    only_self(&program, __NR_kill, self, 1);
    only_self(&program, __NR_tgkill, self, 0);
    refuse(&program, __NR_tkill, EPERM);
    only_self(&program, __NR_rt_sigqueueinfo, self, 0);
    only_self(&program, __NR_rt_tgsigqueueinfo, self, 0);
    only_self(&program, __NR_pidfd_open, self, 0);
    refuse(&program, __NR_pidfd_send_signal, EPERM);

    /* No new process: threads only. clone3 says it does not exist, so that glibc falls back to clone for threads. */
    when(&program, __NR_clone, SANDBOX_SANITIZED ? 5 : 4);
    emit(&program, LOAD_LOW(0));
    emit(&program, JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, SANDBOX_SANITIZED ? 2 : 1, 0));
#if SANDBOX_SANITIZED
    emit(&program, JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_UNTRACED, 1, 0)); /* LeakSanitizer's tracer */
#endif
    emit(&program, REFUSE(EPERM));
    emit(&program, ALLOW);
    refuse(&program, __NR_clone3, ENOSYS);
#ifdef __NR_fork
    refuse(&program, __NR_fork, EPERM);
#endif
#ifdef __NR_vfork
    refuse(&program, __NR_vfork, EPERM);
#endif
    refuse(&program, __NR_execve, EPERM);
    refuse(&program, __NR_execveat, EPERM);
#if !SANDBOX_SANITIZED
    refuse(&program, __NR_ptrace, EPERM);
#endif
    refuse(&program, __NR_process_vm_writev, EPERM);
    refuse(&program, __NR_process_vm_readv, EPERM);

    /* Its limits stay as the host set them: a library that lowered them would harm the libraries loaded after it. */
    refuse(&program, __NR_setrlimit, EPERM);
    when(&program, __NR_prlimit64, 6); /* reading a limit (a NULL new limit) is allowed */
    emit(&program, LOAD_LOW(2));
    emit(&program, JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 2));
    emit(&program, STATEMENT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[2]) + 4));
    emit(&program, JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0));
    emit(&program, REFUSE(EPERM));
    emit(&program, ALLOW);

    /* No network, no other process's sockets. */
    refuse(&program, __NR_socket, EPERM);
    refuse(&program, __NR_socketpair, EPERM);

    /* Files: read only. Opening for writing, creating, and every call that changes a name or a mode are refused. */
    unsigned int writing = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND;
#ifdef __NR_open
    refuse_bits(&program, __NR_open, 1, writing, EACCES);
#endif
    refuse_bits(&program, __NR_openat, 2, writing, EACCES);
    refuse(&program, __NR_openat2, ENOSYS);
#ifdef __NR_creat
    refuse(&program, __NR_creat, EACCES);
#endif
    static const long changes[] = {
        __NR_unlinkat, __NR_renameat2, __NR_mkdirat, __NR_linkat, __NR_symlinkat, __NR_fchmodat, __NR_fchownat,
        __NR_truncate, __NR_mknodat, __NR_fchmod, __NR_fchown,
#ifdef __NR_unlink
        __NR_unlink, __NR_rename, __NR_renameat, __NR_mkdir, __NR_rmdir, __NR_link, __NR_symlink, __NR_chmod,
        __NR_chown, __NR_lchown, __NR_mknod,
#endif
    };
    for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) refuse(&program, changes[i], EACCES);

    /* Calls that reach outside the process some other way: io_uring (whose operations the kernel performs without
     * passing through this filter: an open for writing, a socket), file handles, extended attributes and times,
     * mounts and namespaces, keys, BPF and performance counters, and the administrator's calls. They "do not exist
     * here" (ENOSYS), as on a kernel without them, so that a library that tries them can fall back. */
    static const long absent[] = {
        __NR_io_uring_setup, __NR_io_uring_enter, __NR_io_uring_register, __NR_name_to_handle_at,
        __NR_open_by_handle_at, __NR_setxattr, __NR_lsetxattr, __NR_fsetxattr, __NR_removexattr, __NR_lremovexattr,
        __NR_fremovexattr, __NR_utimensat, __NR_mount, __NR_umount2, __NR_pivot_root, __NR_chroot, __NR_unshare,
        __NR_setns, __NR_add_key, __NR_request_key, __NR_keyctl, __NR_bpf, __NR_perf_event_open, __NR_userfaultfd,
        __NR_fanotify_init, __NR_kexec_load, __NR_init_module, __NR_finit_module, __NR_delete_module, __NR_reboot,
        __NR_swapon, __NR_swapoff, __NR_sethostname, __NR_setdomainname, __NR_settimeofday, __NR_clock_settime,
        __NR_clock_adjtime, __NR_adjtimex, __NR_syslog, __NR_acct, __NR_quotactl, __NR_process_madvise,
        __NR_pidfd_getfd, __NR_kcmp, __NR_quotactl_fd, __NR_fchmodat2, __NR_setxattrat, __NR_removexattrat,
        __NR_open_tree_attr, __NR_file_setattr,
        /* System V and POSIX IPC: another process's shared memory, semaphores and message queues. */
        __NR_shmget, __NR_shmat, __NR_shmctl, __NR_msgget, __NR_msgsnd, __NR_msgrcv, __NR_msgctl, __NR_semget,
        __NR_semop, __NR_semctl, __NR_semtimedop, __NR_mq_open, __NR_mq_unlink, __NR_mq_timedsend,
        __NR_mq_timedreceive, __NR_mq_notify, __NR_mq_getsetattr,
#ifdef __NR_utimes
        __NR_utimes, __NR_futimesat, __NR_utime,
#endif
#ifdef __NR_kexec_file_load
        __NR_kexec_file_load,
#endif
#ifdef __NR_iopl
        __NR_iopl, __NR_ioperm,
#endif
#ifdef __NR_open_tree
        __NR_open_tree, __NR_move_mount, __NR_fsopen, __NR_fsconfig, __NR_fsmount, __NR_fspick,
#endif
#ifdef __NR_mount_setattr
        __NR_mount_setattr,
#endif
    };
    for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++) refuse(&program, absent[i], ENOSYS);

    /* No priority changes, which reach every process of the user (PRIO_USER) or others by their ids. */
    refuse(&program, __NR_setpriority, EPERM);
    refuse(&program, __NR_ioprio_set, EPERM);

    /* No characters pushed into a terminal's input (a command typed into the user's shell). */
    when(&program, __NR_ioctl, 4);
    emit(&program, LOAD_LOW(1));
    emit(&program, JUMP(BPF_JMP | BPF_JEQ | BPF_K, TIOCSTI, 0, 1));
    emit(&program, REFUSE(EPERM));
    emit(&program, ALLOW);

    emit(&program, ALLOW);
    if (program.overflow) return -E2BIG;

    struct sock_fprog filter = {.len = program.count, .filter = program.code};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -errno;
    if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &filter) != 0) return -errno;
    return 0;
}

/* Gives up every capability (a host run as root would otherwise pass root's powers to plugin code): the bounding
 * set (where the process may, that is where it had any), the ambient set, then the effective, permitted and
 * inheritable sets. */
static int drop_capabilities(void)
{
    for (int capability = 0; capability < 64; capability++) {
        if (prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0 && errno != EINVAL && errno != EPERM) return -errno;
    }
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL) return -errno;
    struct __user_cap_header_struct header = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
    struct __user_cap_data_struct none[_LINUX_CAPABILITY_U32S_3] = {{0, 0, 0}};
    if (syscall(__NR_capset, &header, none) != 0) return -errno;
    return 0;
}

int sh_system_sandbox(int descriptor_limit)
{
    pid_t parent = getppid();
    /* Ends with the host, even if the host is killed. (The host starts its children from a thread that lives as long
     * as it does: see sh_system_spawn.) */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) return -errno;
    if (getppid() != parent) _exit(71); /* the host died before the line above */
    /* No core dump, and no other process of the user may attach to it. */
    if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return -errno;
    struct rlimit none = {0, 0};
    if (setrlimit(RLIMIT_CORE, &none) != 0) return -errno;
    struct rlimit files = {(rlim_t)descriptor_limit, (rlim_t)descriptor_limit};
    if (descriptor_limit > 0 && setrlimit(RLIMIT_NOFILE, &files) != 0) return -errno;
    struct rlimit processor = {SH_SANDBOX_CPU_SECONDS, SH_SANDBOX_CPU_SECONDS + 5};
    if (setrlimit(RLIMIT_CPU, &processor) != 0) return -errno;
#if !SANDBOX_SANITIZED
    struct rlimit space = {SH_SANDBOX_ADDRESS_SPACE, SH_SANDBOX_ADDRESS_SPACE};
    if (setrlimit(RLIMIT_AS, &space) != 0) return -errno;
    /* (A sanitizer's leak checker needs to trace the process, which takes a capability once it is not dumpable.) */
    int dropped = drop_capabilities();
    if (dropped != 0) return dropped;
#endif
    return install_filter(getpid());
}

int sh_system_sandbox_is_sanitized(void)
{
    return SANDBOX_SANITIZED;
}
