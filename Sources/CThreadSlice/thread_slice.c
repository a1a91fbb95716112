/* Why this exists: see thread_slice.h: sched_setattr and sched_getattr for the calling thread. */
#define _GNU_SOURCE
#include "thread_slice.h"
#include <errno.h>
#include <sched.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The kernel's struct sched_attr, first version (48 bytes). */
struct cp_sched_attr {
  uint32_t size;
  uint32_t sched_policy;
  uint64_t sched_flags;
  int32_t sched_nice;
  uint32_t sched_priority;
  uint64_t sched_runtime;
  uint64_t sched_deadline;
  uint64_t sched_period;
};

int cp_set_thread_nice_and_slice(int nice, uint64_t slice_nanoseconds) {
  struct cp_sched_attr attr, current;
  memset(&attr, 0, sizeof attr);
  memset(&current, 0, sizeof current);
  attr.size = sizeof attr;
  attr.sched_policy = SCHED_OTHER;
  /* Never above the process: a process started in the idle class (chrt --idle) keeps its
   * threads there, and one started at a higher nice value (nice -n 19) keeps its threads at
   * least that low, even where the privilege to raise them is held (root). */
  if (syscall(SYS_sched_getattr, 0, &current, sizeof current, 0) == 0 && current.sched_policy == SCHED_IDLE)
    attr.sched_policy = SCHED_IDLE;
  errno = 0;
  int process_nice = getpriority(PRIO_PROCESS, (id_t)getpid());
  if (errno == 0 && process_nice > nice) nice = process_nice;
  attr.sched_nice = nice;
  attr.sched_runtime = slice_nanoseconds;
  return syscall(SYS_sched_setattr, 0, &attr, 0) == 0 ? 0 : -errno;
}

int64_t cp_thread_slice(void) {
  struct cp_sched_attr attr;
  memset(&attr, 0, sizeof attr);
  if (syscall(SYS_sched_getattr, 0, &attr, sizeof attr, 0) != 0) return -errno;
  return (int64_t)attr.sched_runtime;
}
