/* Why this exists: see thread_slice.h: sched_setattr and sched_getattr for the calling thread. */
#define _GNU_SOURCE
#include "thread_slice.h"
#include <errno.h>
#include <sched.h>
#include <string.h>
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
  struct cp_sched_attr attr;
  memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.sched_policy = SCHED_OTHER;
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
