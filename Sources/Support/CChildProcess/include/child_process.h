/* Why this exists: starting child processes that cannot outlive the process that started them (tests, benchmarks), which Foundation's Process cannot do. */
#ifndef CLASSIC_PHOTOS_CHILD_PROCESS_H
#define CLASSIC_PHOTOS_CHILD_PROCESS_H
#include <sys/types.h>

/* Start `path` with `argv` and `envp` (NULL-terminated) and the given descriptors as its
 * stdin, stdout and stderr (-1: /dev/null). The child:
 *  - gets SIGKILL when this process dies, however it dies (PR_SET_PDEATHSIG), even by kill -9;
 *  - leads a process group of its own, so its descendants can be stopped with it;
 *  - is registered, so cp_stop_all() (run at exit and on SIGINT, SIGTERM, SIGHUP) kills its group,
 *    and so does a reaper process if this process is killed outright (kill -9), which is what
 *    reaches the child's own children.
 * Forks happen on one long-lived thread: the death signal follows the thread that forked,
 * and a short-lived thread's exit would otherwise kill the child early.
 * Returns the child's pid, or -errno. */
pid_t cp_spawn(const char *path, char *const argv[], char *const envp[], int stdin_fd, int stdout_fd, int stderr_fd);

/* Forget a child that has exited (its pid may be reused). */
void cp_unregister(pid_t pid);

/* SIGKILL every registered child's process group. Async-signal-safe. */
void cp_stop_all(void);

/* How many children are registered (alive or not yet reaped). */
int cp_registered_count(void);

#endif
