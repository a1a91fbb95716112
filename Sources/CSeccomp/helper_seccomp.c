/* Why this exists: see include/helper_seccomp.h. The allowlist follows glycin's (GNOME's sandboxed image loaders) without what a helper never needs once loaded: no socket or connect, no execve, no unshare or pivot_root, and open only for reading. */
#define _GNU_SOURCE
#include "helper_seccomp.h"

#include <errno.h>
#include <fcntl.h>
#include <seccomp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

static const char *const allowed[] = {
    "access", "arch_prctl", "brk", "capget", "chdir", "clock_getres", "clock_gettime", "clock_nanosleep",
    "clone", "clone3", "close", "close_range", "dup", "dup2", "dup3", "epoll_create", "epoll_create1", "epoll_ctl",
    "epoll_pwait", "epoll_wait", "eventfd", "eventfd2", "exit", "exit_group", "faccessat", "faccessat2",
    "fadvise64", "fcntl", "fstat", "fstatfs", "ftruncate", "futex", "get_mempolicy", "get_robust_list",
    "getcwd", "getdents64", "getegid", "geteuid", "getgid", "getpid", "getppid", "getpriority", "getrandom",
    "getrusage", "gettid", "gettimeofday", "getuid", "ioctl", "lseek", "madvise", "membarrier", "memfd_create",
    "mmap", "mprotect", "mremap", "munmap", "nanosleep", "newfstatat", "pipe", "pipe2", "poll", "ppoll",
    "pread64", "prctl", "read", "readlink", "readlinkat", "readv", "recvfrom", "recvmsg", "restart_syscall",
    "rseq", "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "sched_getaffinity", "sched_yield",
    "sendmsg", "sendto", "set_mempolicy", "set_robust_list", "set_tid_address", "shutdown", "sigaltstack",
    "stat", "statfs", "statx", "sysinfo", "time", "timerfd_create", "timerfd_settime", "uname",
    "wait4", "write", "writev",
};

int cps_apply_filter(void) {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (!filter) return -ENOMEM;
    int failed = 0;
    for (unsigned i = 0; i < sizeof allowed / sizeof allowed[0] && !failed; i++) {
        int call = seccomp_syscall_resolve_name(allowed[i]);
        if (call == __NR_SCMP_ERROR) continue; /* not on this architecture */
        failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, call, 0);
    }
    /* Files are opened to read only: no O_WRONLY, O_RDWR, O_CREAT or O_TRUNC. */
    const unsigned long writing = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC;
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1, SCMP_A2(SCMP_CMP_MASKED_EQ, writing, 0));
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(open), 1, SCMP_A1(SCMP_CMP_MASKED_EQ, writing, 0));
    /* Limits of this process only (its processor time per image), never another's. */
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prlimit64), 1, SCMP_A0(SCMP_CMP_EQ, 0));
    if (!failed) failed = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(setrlimit), 0);
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

int cps_limit_processor_time(long seconds) {
    struct rusage used;
    if (getrusage(RUSAGE_SELF, &used) != 0) return -errno;
    rlim_t spent = (rlim_t)(used.ru_utime.tv_sec + used.ru_stime.tv_sec) + 1;
    struct rlimit limit;
    if (getrlimit(RLIMIT_CPU, &limit) != 0) return -errno;
    limit.rlim_cur = spent + (rlim_t)seconds;
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_cur > limit.rlim_max) limit.rlim_cur = limit.rlim_max;
    return setrlimit(RLIMIT_CPU, &limit) == 0 ? 0 : -errno;
}
