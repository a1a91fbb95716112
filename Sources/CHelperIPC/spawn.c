/* Why this exists: a helper started from the app: made from one long-lived thread (its parent-death signal follows that thread), sharing the app's memory until it execs as posix_spawn does, in a session of its own with only its socket, /dev/null and its error pipe, its limits set before exec; and reaped (see include/helper_ipc.h). */
#define _GNU_SOURCE
#include "helper_ipc.h"
#include "process_limits.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* One spawn request, handed to the spawner thread and answered there. */
struct request {
    const char *path;
    char *const *argv;
    char *const *envp;
    int socket_fd, stderr_fd;
    struct cph_limits limits;
    int nice;
    pid_t result;
    int done;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t asked = PTHREAD_COND_INITIALIZER, answered = PTHREAD_COND_INITIALIZER;
static struct request *pending;
static int spawner_started;

/* In the child, between clone and exec: only async-signal-safe calls, and nothing the app would see (it shares the app's memory). */
static void become_child(const struct request *r, pid_t parent) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(127);
    /* A session of its own: no controlling terminal, so nothing it does reaches the user's. */
    if (setsid() < 0) _exit(127);
    int null = open("/dev/null", O_RDWR);
    if (null < 0) _exit(127);
    int err = r->stderr_fd >= 0 ? r->stderr_fd : null;
    /* Move the descriptors above 2 first, so that dup2 onto 0..2 cannot clobber one of them. */
    int sock = fcntl(r->socket_fd, F_DUPFD, 10), errfd = fcntl(err, F_DUPFD, 10), nullfd = fcntl(null, F_DUPFD, 10);
    if (sock < 0 || errfd < 0 || nullfd < 0) _exit(127);
    if (dup2(sock, 0) < 0 || dup2(nullfd, 1) < 0 || dup2(errfd, 2) < 0) _exit(127);
    syscall(SYS_close_range, 3, ~0U, 0);
    /* Every signal's handler the default before any is let through: the app's handlers are in the
     * memory this child shares with the app until it execs. */
    for (int sig = 1; sig < NSIG; sig++) if (sig != SIGKILL && sig != SIGSTOP) signal(sig, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (r->nice > 0) setpriority(PRIO_PROCESS, 0, r->nice);
    if (cph_apply_limits(&r->limits) != 0) _exit(127);
    execve(r->path, r->argv, r->envp);
    _exit(127);
}

struct child_start { const struct request *request; pid_t parent; };

static int child_main(void *argument) {
    const struct child_start *start = argument;
    become_child(start->request, start->parent);
    return 127;
}

/* The child's stack until it execs (one child at a time: this thread waits for each). */
static char child_stack[64 * 1024] __attribute__((aligned(64)));

/* A child is made as posix_spawn makes one: sharing the app's memory, the app's thread waiting
 * until it execs (CLONE_VM | CLONE_VFORK), not with fork, which copies the page tables of the
 * whole app (a start in the benchmark took 6 ms more than one from a shell). This thread takes
 * no signal, so each child starts with every signal blocked until its handlers are reset. */
static void *spawner(void *unused) {
    (void)unused;
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, NULL);
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!pending) pthread_cond_wait(&asked, &lock);
        struct request *r = pending;
        pending = NULL;
        struct child_start start = { r, getpid() };
        pid_t pid = clone(child_main, child_stack + sizeof child_stack, CLONE_VM | CLONE_VFORK | SIGCHLD, &start);
        r->result = pid < 0 ? -errno : pid;
        r->done = 1;
        pthread_cond_broadcast(&answered);
    }
    return NULL;
}

pid_t cph_spawn(const char *path, char *const argv[], char *const envp[], int socket_fd, int stderr_fd, const struct cph_limits *limits, int nice) {
    struct request r = { path, argv, envp, socket_fd, stderr_fd, *limits, nice, 0, 0 };
    pthread_mutex_lock(&lock);
    if (!spawner_started) {
        pthread_t thread;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        int failed = pthread_create(&thread, &attr, spawner, NULL);
        pthread_attr_destroy(&attr);
        if (failed) { pthread_mutex_unlock(&lock); return -failed; }
        spawner_started = 1;
    }
    while (pending) pthread_cond_wait(&answered, &lock);
    pending = &r;
    pthread_cond_signal(&asked);
    while (!r.done) pthread_cond_wait(&answered, &lock);
    pthread_mutex_unlock(&lock);
    return r.result;
}

int cph_wait(pid_t pid) {
    int status;
    for (;;) {
        if (waitpid(pid, &status, 0) == pid) return status;
        if (errno != EINTR) return -errno;
    }
}
