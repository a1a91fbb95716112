/* Why this exists: see include/helper_seccomp.h. The allowlist follows glycin's (GNOME's sandboxed image loaders) without what a helper never needs once loaded: no socket or connect, no execve, no unshare or pivot_root, open only for reading; threads but never a process (clone with CLONE_THREAD and no namespace, clone3 answered ENOSYS so the C library falls back to clone), the few ioctls and prctls the loaders and runtimes use, and limits read but never set. */
#define _GNU_SOURCE
#include "helper_seccomp.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static const char *const allowed[] = {
    "access", "arch_prctl", "brk", "capget", "chdir", "clock_getres", "clock_gettime", "clock_nanosleep",
    "close", "close_range", "dup", "dup2", "dup3", "epoll_create", "epoll_create1", "epoll_ctl",
    "epoll_pwait", "epoll_wait", "eventfd", "eventfd2", "exit", "exit_group", "faccessat", "faccessat2",
    "fadvise64", "fcntl", "fstat", "fstatfs", "ftruncate", "futex", "get_mempolicy", "get_robust_list",
    "getcwd", "getdents64", "getegid", "geteuid", "getgid", "getpid", "getppid", "getpriority", "getrandom",
    "getrusage", "gettid", "gettimeofday", "getuid", "lseek", "madvise", "membarrier", "memfd_create",
    "mmap", "mprotect", "mremap", "munmap", "nanosleep", "newfstatat", "pipe", "pipe2", "poll", "ppoll",
    "pread64", "read", "readlink", "readlinkat", "readv", "recvfrom", "recvmsg", "restart_syscall",
    "rseq", "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "sched_getaffinity", "sched_yield",
    "sendmsg", "sendto", "set_mempolicy", "set_robust_list", "set_tid_address", "shutdown", "sigaltstack",
    "stat", "statfs", "statx", "sysinfo", "time", "timerfd_create", "timerfd_settime", "uname",
    "wait4", "write", "writev",
};

/* The ioctls a loader or a runtime makes (is this a terminal, how much is there to read,
 * close-on-exec, blocking), compared on the command's low 32 bits as the kernel reads it: never
 * TIOCSTI or TIOCLINUX, which put input into a terminal. */
static const unsigned long allowed_ioctls[] = { TCGETS, TIOCGWINSZ, FIONREAD, FIOCLEX, FIONCLEX, FIONBIO };

/* The prctls: a thread's name (GLib and Swift name their threads), and reading (never setting)
 * whether the process is dumpable, its parent-death signal and its no_new_privs. */
static const unsigned long allowed_prctls[] = { PR_SET_NAME, PR_GET_NAME, PR_GET_DUMPABLE, PR_GET_PDEATHSIG, PR_GET_NO_NEW_PRIVS };

/* clone may make a thread (sharing memory, handlers and thread group), never a process nor a namespace. */
#define CLONE_CHECKED (CLONE_THREAD | CLONE_VM | CLONE_SIGHAND | CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC \
                       | CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET)
#define CLONE_A_THREAD (CLONE_THREAD | CLONE_VM | CLONE_SIGHAND)

int cps_apply_filter(void) {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (!filter) return -ENOMEM;
    int failed = 0;
    for (unsigned i = 0; i < sizeof allowed / sizeof allowed[0] && !failed; i++) {
        int call = seccomp_syscall_resolve_name(allowed[i]);
        if (call == __NR_SCMP_ERROR) continue; /* not on this architecture */
        failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, call, 0);
    }
    for (unsigned i = 0; i < sizeof allowed_ioctls / sizeof allowed_ioctls[0] && !failed; i++)
        failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_MASKED_EQ, 0xFFFFFFFFul, allowed_ioctls[i]));
    for (unsigned i = 0; i < sizeof allowed_prctls / sizeof allowed_prctls[0] && !failed; i++)
        failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, allowed_prctls[i]));
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_CHECKED, CLONE_A_THREAD));
    /* clone3's flags are behind a pointer the filter cannot read: "no such call", and the C
     * library uses clone. */
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    /* Files are opened to read only: no O_WRONLY, O_RDWR, O_CREAT or O_TRUNC. */
    const unsigned long writing = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC;
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, writing, 0));
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(open), 1, SCMP_A1(SCMP_CMP_MASKED_EQ, writing, 0));
    /* Its own limits read, never set (no setrlimit; prlimit only without a new limit): the app
     * sets its processor time from outside, and nothing it does lifts a limit. */
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 2, SCMP_A0(SCMP_CMP_EQ, 0), SCMP_A2(SCMP_CMP_EQ, 0));
    /* Its own threads' priority, lowered for an export (PRIO_PROCESS, this thread; sched_setattr of itself). */
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(setpriority), 1, SCMP_A1(SCMP_CMP_EQ, 0));
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(sched_setattr), 1, SCMP_A0(SCMP_CMP_EQ, 0));
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(sched_getattr), 1, SCMP_A0(SCMP_CMP_EQ, 0));
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(getrlimit), 0);
    /* Signals to itself only (abort() raises SIGABRT): never to another process. */
    const scmp_datum_t self = (scmp_datum_t)getpid();
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(kill), 1, SCMP_A0(SCMP_CMP_EQ, self));
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, self));
    if (!failed) failed = seccomp_attr_set(filter, SCMP_FLTATR_CTL_NNP, 1);
    if (!failed) failed = seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1);
    if (!failed) failed = seccomp_load(filter);
    seccomp_release(filter);
    return failed;
}
