/* Why this exists: what the app and its decoding helpers need from the kernel to talk: the helper started from a long-lived thread (so its parent-death signal is not tied to a worker that exits), messages with a descriptor over a socket, and sealed memfds for pixels and bytes. */
#ifndef CLASSIC_PHOTOS_HELPER_IPC_H
#define CLASSIC_PHOTOS_HELPER_IPC_H
#include <stddef.h>
#include <sys/types.h>

/* A connected pair of SOCK_SEQPACKET sockets (close-on-exec), or -errno. */
int cph_socketpair(int fds[2]);

/* A pipe (close-on-exec), its read end not blocking; 0 or -errno. */
int cph_pipe(int fds[2]);

/* A helper's limits, set before it runs (0: not set). */
struct cph_limits {
    /* Address space (RLIMIT_AS), in bytes. */
    unsigned long long address;
    /* Processor seconds (RLIMIT_CPU): SIGXCPU past the soft limit, SIGKILL past the hard one,
     * which nothing in the helper can raise: its budget for life. */
    unsigned long long processor_soft, processor_hard;
    /* The largest file or memfd it may write (RLIMIT_FSIZE): SIGXFSZ past it. */
    unsigned long long file_size;
    /* Descriptors open at once (RLIMIT_NOFILE). */
    unsigned long long open_files;
};

/* Start `path` with `argv` and `envp` (NULL-terminated) on a thread that lives as long as the
 * process: the child has `socket_fd` as its stdin, /dev/null as stdout, `stderr_fd` as stderr
 * (-1: /dev/null), no other descriptor, a session of its own (no controlling terminal), SIGKILL
 * when this process dies (PR_SET_PDEATHSIG), `limits` and no core file, and the nice value
 * `nice` from its first instruction (its start-up never competes with the app's main thread).
 * Returns the child's pid, or -errno. */
pid_t cph_spawn(const char *path, char *const argv[], char *const envp[], int socket_fd, int stderr_fd, const struct cph_limits *limits, int nice);


/* Wait for `pid` to end; returns its wait status, or -errno. */
int cph_wait(pid_t pid);

/* Send one message and, if `fd` >= 0, that descriptor with it. Returns 0 or -errno. */
int cph_send(int socket, const void *bytes, size_t length, int fd);

/* Receive one message of at most `capacity` bytes, and a descriptor if one came (`*fd`, else -1;
 * any further descriptors are closed). Waits at most `timeout_ms` (-1: for ever), and returns
 * early when `cancel_fd` (>= 0) becomes readable.
 * Returns the message's length, 0 at end of file, CPH_CANCELLED, CPH_TIMED_OUT or -errno. */
#define CPH_CANCELLED (-100000)
#define CPH_TIMED_OUT (-100001)
long cph_receive(int socket, void *bytes, size_t capacity, int *fd, int timeout_ms, int cancel_fd);

/* True when a message waits on `socket` (without reading it). */
int cph_pending(int socket);

/* A memfd of `size` bytes that can be sealed (close-on-exec), or -errno. */
int cph_memfd(const char *name, size_t size);

/* Write `length` bytes into `fd` from its start (the kernel copies them into the memfd's pages
 * directly: no page faults, as filling a mapping would take). 0 or -errno. */
int cph_fill(int fd, const void *bytes, size_t length);

/* Make `fd` hold exactly `length` bytes, copied from `bytes`: truncated to that length first (pages
 * past it freed, those within kept), then written from its start with write(), never through a
 * mapping, so nothing another holder of the memfd does to it can fault this process. 0 or -errno. */
int cph_refill(int fd, const void *bytes, size_t length);

/* 0 when `fd` is a regular file (a memfd, sealed or not); `*size` is its size. -errno otherwise. */
int cph_regular_size(int fd, size_t *size);

/* Seal `fd` against writes, shrinking, growing and further seals. 0 or -errno.
 * No writable shared mapping of it may remain. */
int cph_seal(int fd);

/* 0 when `fd` is a memfd sealed against writes, shrinking and growing, holding at least `need`
 * bytes; -errno otherwise (EPERM: not sealed; EMSGSIZE: too small). `*size` is its size. */
int cph_check_sealed(int fd, size_t need, size_t *size);

/* Map `length` bytes of `fd` shared and writable (the helper, filling a memfd before sealing it). NULL on failure. */
void *cph_map_shared(int fd, size_t length);

/* Map `length` bytes of `fd` privately (copy-on-write: writes stay in this process), its pages
 * mapped at once rather than one fault at a time. NULL on failure. */
void *cph_map(int fd, size_t length);
int cph_unmap(void *address, size_t length);

#endif
