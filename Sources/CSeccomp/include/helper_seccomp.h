/* Why this exists: what a decoding helper does to itself once its loaders are loaded: a seccomp filter that leaves decoding (threads, memory, the descriptors it was given) and refuses the rest (sockets, programs, files opened for writing), and a processor-time limit per image. */
#ifndef CLASSIC_PHOTOS_HELPER_SECCOMP_H
#define CLASSIC_PHOTOS_HELPER_SECCOMP_H

/* Install the filter for this process and every thread it starts later (no_new_privs is set).
 * Refused calls fail with EPERM. Returns 0 or -errno. */
int cps_apply_filter(void);

/* Limit this process to `seconds` more of processor time from now (RLIMIT_CPU's soft limit:
 * SIGXCPU ends it past that). 0 or -errno. */
int cps_limit_processor_time(long seconds);

#endif
