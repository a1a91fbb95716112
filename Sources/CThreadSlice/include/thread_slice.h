/* Why this exists: a thread's nice value and scheduler time slice in one call (sched_setattr, which glibc 2.36 does not wrap), so the pipeline's workers can ask for a long slice and the GTK thread preempts them the moment it wakes. */
#ifndef CLASSIC_PHOTOS_THREAD_SLICE_H
#define CLASSIC_PHOTOS_THREAD_SLICE_H
#include <stdint.h>

/* Set the calling thread to SCHED_OTHER with nice value `nice` and a time slice of
 * `slice_nanoseconds`. Linux 6.12 and later (EEVDF) honour the slice: a waking thread whose
 * slice is shorter than the running thread's preempts it at once; otherwise the running thread
 * keeps the CPU until its slice ends, checked at the next scheduler tick (4 ms at HZ=250). The
 * kernel clamps the slice to 0.1–100 ms; older kernels ignore it. Never above the process: in
 * a process started in the idle class (chrt --idle) the thread stays SCHED_IDLE, and `nice` is
 * raised to the process's own nice value (its main thread's) where that is higher. Returns 0
 * or -errno. */
int cp_set_thread_nice_and_slice(int nice, uint64_t slice_nanoseconds);

/* The calling thread's time slice in nanoseconds as the kernel reports it (sched_getattr):
 * the default slice, a custom one, or 0 where the kernel reports none (before 6.12); or -errno. */
int64_t cp_thread_slice(void);

#endif
