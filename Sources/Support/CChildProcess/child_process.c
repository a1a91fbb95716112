/* Why this exists: see include/child_process.h. Children die with this process: PR_SET_PDEATHSIG in each, their process groups killed at exit and on SIGINT/SIGTERM/SIGHUP, and by a reaper process when this one is killed outright. */
#define _GNU_SOURCE
#include "child_process.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_CHILDREN 256
static _Atomic pid_t registry[MAX_CHILDREN];

/* The write end of the reaper's pipe (see start_reaper), or -1. */
static int reaper_pipe = -1;

static void tell_reaper(pid_t record) {
    if (reaper_pipe >= 0) {
        ssize_t ignored = write(reaper_pipe, &record, sizeof record);
        (void)ignored;
    }
}

static void register_child(pid_t pid) {
    tell_reaper(pid);
    for (int i = 0; i < MAX_CHILDREN; i++) {
        pid_t expected = 0;
        if (atomic_compare_exchange_strong(&registry[i], &expected, pid)) return;
    }
}

void cp_unregister(pid_t pid) {
    tell_reaper(-pid);
    for (int i = 0; i < MAX_CHILDREN; i++) {
        pid_t expected = pid;
        if (atomic_compare_exchange_strong(&registry[i], &expected, 0)) return;
    }
}

/* A process of its own (forked, not exec'd: only async-signal-safe calls) that reads the pids
 * of registered children from a pipe. The pipe's write end lives only in this process, so when
 * this process dies, however it dies (kill -9 included), the reaper reads end-of-file and kills
 * every registered process group: the children's own children too, which the parent-death
 * signal does not reach. It runs in a session of its own, so a kill of our process group
 * (meson's on a timeout) does not take it first. */
static void start_reaper(void) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return;
    pid_t pid = fork();
    if (pid < 0) { close(fds[0]); close(fds[1]); return; }
    if (pid == 0) {
        setsid();
        int null = open("/dev/null", O_RDWR);
        dup2(null, 0); dup2(null, 1); dup2(null, 2);
        if (fds[0] != 3) { dup2(fds[0], 3); }
        syscall(SYS_close_range, 4, ~0U, 0);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        for (int sig = 1; sig < 32; sig++) if (sig != SIGKILL && sig != SIGSTOP) signal(sig, SIG_IGN);
        pid_t groups[MAX_CHILDREN * 4];
        int count = 0;
        pid_t record;
        while (read(3, &record, sizeof record) == sizeof record) {
            if (record > 0 && count < (int)(sizeof groups / sizeof groups[0])) {
                groups[count++] = record;
            } else if (record < 0) {
                for (int i = 0; i < count; i++) if (groups[i] == -record) { groups[i] = groups[--count]; break; }
            }
        }
        for (int i = 0; i < count; i++) { kill(-groups[i], SIGKILL); kill(groups[i], SIGKILL); }
        _exit(0);
    }
    close(fds[0]);
    reaper_pipe = fds[1];
}

int cp_registered_count(void) {
    int count = 0;
    for (int i = 0; i < MAX_CHILDREN; i++) if (atomic_load(&registry[i]) != 0) count++;
    return count;
}

void cp_stop_all(void) {
    for (int i = 0; i < MAX_CHILDREN; i++) {
        pid_t pid = atomic_load(&registry[i]);
        if (pid > 0) {
            kill(-pid, SIGKILL); /* the child's whole process group */
            kill(pid, SIGKILL);  /* in case it left its group */
        }
    }
}

static void on_signal(int sig) {
    cp_stop_all();
    /* Die of the same signal, so whoever waits sees why. */
    signal(sig, SIG_DFL);
    raise(sig);
}

static void install_handlers(void) {
    atexit(cp_stop_all);
    int signals[] = { SIGINT, SIGTERM, SIGHUP };
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_signal;
        sigemptyset(&action.sa_mask);
        sigaction(signals[i], &action, NULL);
    }
}

/* One request at a time to the spawner thread. */
struct request {
    const char *path;
    char *const *argv;
    char *const *envp;
    int fds[3];
    pid_t result;
    int pending;
};
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t posted = PTHREAD_COND_INITIALIZER;
static pthread_cond_t served = PTHREAD_COND_INITIALIZER;
static struct request *current;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static pid_t fork_child(struct request *r) {
    pid_t parent = getpid();
    /* Every descriptor this process has is close-on-exec except these, on this machine; the
     * child closes all others anyway (close_range). */
    pid_t pid = fork();
    if (pid < 0) return -errno;
    if (pid == 0) {
        /* In the child, only async-signal-safe calls until execve. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127); /* the parent died before the line above */
        setpgid(0, 0);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        for (int sig = 1; sig < 32; sig++) if (sig != SIGKILL && sig != SIGSTOP) signal(sig, SIG_DFL);
        int null = open("/dev/null", O_RDWR);
        for (int i = 0; i < 3; i++) dup2(r->fds[i] >= 0 ? r->fds[i] : null, i);
        syscall(SYS_close_range, 3, ~0U, 0);
        execve(r->path, r->argv, r->envp);
        _exit(127);
    }
    /* Also in the parent, in case the child has not run setpgid yet when someone kills its group. */
    setpgid(pid, pid);
    register_child(pid);
    return pid;
}

static void *spawner(void *unused) {
    (void)unused;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (current == NULL || !current->pending) pthread_cond_wait(&posted, &lock);
        current->result = fork_child(current);
        current->pending = 0;
        pthread_cond_broadcast(&served);
    }
    return NULL;
}

static void start(void) {
    install_handlers();
    start_reaper();
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    /* The spawner must never exit: the death signal of its children follows it. */
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &previous);
    pthread_create(&thread, &attributes, spawner, NULL);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    pthread_attr_destroy(&attributes);
}

pid_t cp_spawn(const char *path, char *const argv[], char *const envp[], int stdin_fd, int stdout_fd, int stderr_fd) {
    pthread_once(&once, start);
    struct request r = { path, argv, envp, { stdin_fd, stdout_fd, stderr_fd }, 0, 1 };
    pthread_mutex_lock(&lock);
    while (current != NULL) pthread_cond_wait(&served, &lock);
    current = &r;
    pthread_cond_broadcast(&posted);
    while (r.pending) pthread_cond_wait(&served, &lock);
    current = NULL;
    pthread_cond_broadcast(&served);
    pthread_mutex_unlock(&lock);
    return r.result;
}
