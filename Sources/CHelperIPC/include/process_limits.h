/* Why this exists: what the app does from outside to a helper it started and to itself: a helper's processor time set by the app (the helper's filter lets it set no limit of its own), the app made non-dumpable, so no other process of the user's reads its memory, and a sandbox left behind ended through a descriptor that cannot name another process. */
#ifndef CLASSIC_PHOTOS_PROCESS_LIMITS_H
#define CLASSIC_PHOTOS_PROCESS_LIMITS_H
#include <sys/types.h>

struct cph_limits;

/* Set `limits` on this process (a child between fork and exec: async-signal-safe) and no core
 * file. 0, or -1 when one could not be set. */
int cph_apply_limits(const struct cph_limits *limits);

/* Set the processor-time soft limit of the process `pid` (a helper, from outside it) to `soft`
 * seconds in all, at most its hard limit, which is told in `*hard`. 0 or -errno. */
int cph_limit_processor(pid_t pid, unsigned long long soft, unsigned long long *hard);

/* Make this process non-dumpable: no other process of the user (a helper that runs without
 * namespaces, say) may read its memory or attach to it, and it leaves no core file. 0 or -errno. */
int cph_make_undumpable(void);

/* The processor time `pid` has used (user and system, all its threads), in nanoseconds; -1 when
 * it cannot be read. */
long long cph_processor_nanoseconds(pid_t pid);

/* How many memfds `pid` holds open; -1 when its descriptors cannot be read. */
int cph_count_memfds(pid_t pid);

/* A descriptor that refers to process `pid` for as long as it is open, even after the pid is
 * reused (pidfd_open); -errno (-ENOSYS before Linux 5.3). */
int cph_pidfd_open(pid_t pid);

/* SIGKILL the process `pidfd` refers to: 0, or -errno (-ESRCH once it has ended). */
int cph_pidfd_kill(int pidfd);

#endif
