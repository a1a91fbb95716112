/* Why this exists: see include/helper_ipc.h (and process_limits.c for what the app sets from outside). */
#define _GNU_SOURCE
#include "helper_ipc.h"
#include "process_limits.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int cph_socketpair(int fds[2]) {
    return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds) == 0 ? 0 : -errno;
}

int cph_pipe(int fds[2]) {
    if (pipe2(fds, O_CLOEXEC) != 0) return -errno;
    fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
    return 0;
}

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

int cph_send(int socket, const void *bytes, size_t length, int fd) {
    struct iovec iov = { (void *)bytes, length };
    union { char buffer[CMSG_SPACE(sizeof(int))]; struct cmsghdr align; } control;
    struct msghdr message = { 0 };
    message.msg_iov = &iov;
    message.msg_iovlen = 1;
    if (fd >= 0) {
        memset(&control, 0, sizeof control);
        message.msg_control = control.buffer;
        message.msg_controllen = sizeof control.buffer;
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &fd, sizeof(int));
    }
    for (;;) {
        if (sendmsg(socket, &message, MSG_NOSIGNAL) >= 0) return 0;
        if (errno != EINTR) return -errno;
    }
}

long cph_receive(int socket, void *bytes, size_t capacity, int *fd, int timeout_ms, int cancel_fd) {
    *fd = -1;
    struct pollfd watched[2] = { { socket, POLLIN, 0 }, { cancel_fd, POLLIN, 0 } };
    for (;;) {
        int ready = poll(watched, cancel_fd >= 0 ? 2 : 1, timeout_ms);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return -errno;
        if (ready == 0) return CPH_TIMED_OUT;
        if (watched[0].revents) break;
        if (cancel_fd >= 0 && watched[1].revents) return CPH_CANCELLED;
    }
    struct iovec iov = { bytes, capacity };
    union { char buffer[CMSG_SPACE(sizeof(int) * 4)]; struct cmsghdr align; } control;
    struct msghdr message = { 0 };
    message.msg_iov = &iov;
    message.msg_iovlen = 1;
    message.msg_control = control.buffer;
    message.msg_controllen = sizeof control.buffer;
    ssize_t got;
    do { got = recvmsg(socket, &message, MSG_CMSG_CLOEXEC); } while (got < 0 && errno == EINTR);
    if (got < 0) return -errno;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < count; i++) {
            int received;
            memcpy(&received, CMSG_DATA(header) + i * sizeof(int), sizeof(int));
            if (*fd < 0) *fd = received; else close(received);
        }
    }
    if (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
        if (*fd >= 0) { close(*fd); *fd = -1; }
        return -EMSGSIZE;
    }
    return got;
}

int cph_pending(int socket) {
    struct pollfd watched = { socket, POLLIN, 0 };
    return poll(&watched, 1, 0) > 0;
}

int cph_memfd(const char *name, size_t size) {
    int fd = (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -errno;
    if (ftruncate(fd, (off_t)size) != 0) { int e = errno; close(fd); return -e; }
    return fd;
}

int cph_fill(int fd, const void *bytes, size_t length) {
    /* write(), not pwrite(): the helper's filter allows write and lseek only. */
    if (lseek(fd, 0, SEEK_SET) != 0) return -errno;
    size_t done = 0;
    while (done < length) {
        ssize_t wrote = write(fd, (const char *)bytes + done, length - done);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) return wrote < 0 ? -errno : -EIO;
        done += (size_t)wrote;
    }
    return 0;
}

#define REQUIRED_SEALS (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE)

int cph_seal(int fd) {
    return fcntl(fd, F_ADD_SEALS, REQUIRED_SEALS | F_SEAL_SEAL) == 0 ? 0 : -errno;
}

int cph_check_sealed(int fd, size_t need, size_t *size) {
    int seals = fcntl(fd, F_GET_SEALS);
    if (seals < 0) return -errno;
    if ((seals & REQUIRED_SEALS) != REQUIRED_SEALS) return -EPERM;
    struct stat info;
    if (fstat(fd, &info) != 0) return -errno;
    if (!S_ISREG(info.st_mode)) return -EPERM;
    *size = (size_t)info.st_size;
    return *size >= need ? 0 : -EMSGSIZE;
}

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

void *cph_map(int fd, size_t length) {
    if (length == 0) return NULL;
    /* Not MAP_POPULATE: on a writable private mapping it faults every page in for writing, which
       copies the whole memfd (20 ms for 36 MB). Populating for reading maps the memfd's own pages;
       a page is copied only if someone writes to it. Kernels before 5.14 refuse the advice, and
       the pages are then mapped as they are first read. */
    void *address = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    if (address == MAP_FAILED) return NULL;
    (void)madvise(address, length, MADV_POPULATE_READ);
    return address;
}

void *cph_map_shared(int fd, size_t length) {
    if (length == 0) return NULL;
    void *address = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    return address == MAP_FAILED ? NULL : address;
}

int cph_unmap(void *address, size_t length) {
    return munmap(address, length) == 0 ? 0 : -errno;
}
