/* Why this exists: what a decoding helper does to itself once its loaders are loaded: a seccomp filter that leaves decoding (threads, memory, the descriptors it was given) and refuses the rest (sockets, programs, processes, files opened for writing, terminals, its own limits); and, before them, a Landlock ruleset that leaves it only the files its loaders read. */
#ifndef CLASSIC_PHOTOS_HELPER_SECCOMP_H
#define CLASSIC_PHOTOS_HELPER_SECCOMP_H

/* Install the filter for this process and every thread it starts later (no_new_privs is set).
 * Refused calls fail with EPERM. Returns 0 or -errno. */
int cps_apply_filter(void);

/* Landlock: from now on this process (and its threads) may read only under the `count` paths
 * given, write nowhere, connect and bind no TCP port, and signal or reach (abstract sockets) no
 * process outside itself, as far as this kernel's Landlock goes. Returns the Landlock ABI
 * version used (1 or more), 0 where the kernel has none, or -errno. */
int cps_apply_landlock(const char *const *paths, int count);

/* The Landlock ABI this kernel offers, or 0 where it has none. */
int cps_landlock_abi(void);

#endif
