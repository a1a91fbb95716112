/* Why this exists: counts the app's synchronous X round trips (libX11's _XReply), with each one's
 * wait and the functions that asked for it, to account for frames that wait on the X server
 * (BENCHMARKS.md, issue 30). A diagnostic, not part of the app or of bench/run.sh.
 *
 *   gcc -O2 -shared -fPIC -o /tmp/x-round-trips.so bench/x-round-trips.c -ldl
 *   printf '#!/bin/sh\nLD_PRELOAD=/tmp/x-round-trips.so exec %s/.build/release/classic-photos "$@"\n' "$PWD" > /tmp/app.sh
 *   chmod +x /tmp/app.sh
 *   .build/release/classic-photos-bench --app /tmp/app.sh --only responsiveness --repetitions 1 \
 *       --scroll-modes "normal, 256-pixel thumbnails" --json /tmp/rt.json
 *
 * Each app process writes /tmp/x-round-trips-PID.txt, a line a round trip: its start
 * (CLOCK_MONOTONIC seconds, the clock of the trace's `frame` events), its wait in ms, the thread,
 * and the callers (exported names, else library+offset). Counted by caller:
 *   awk '{k=""; for(i=4;i<=9;i++) k=k" "$i; n[k]++; w[k]+=$2} END {for(k in n) printf "%6d %8.1f ms %s\n", n[k], w[k], k}' \
 *       /tmp/x-round-trips-*.txt | sort -rn | head */
#define _GNU_SOURCE
#include <X11/Xlibint.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef Status (*reply_function)(Display *, xReply *, int, Bool);
static reply_function real_reply;
static int log_fd = -1;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static double monotonic_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec + now.tv_nsec / 1e9;
}

Status _XReply(Display *display, xReply *reply, int extra, Bool discard) {
  if (!real_reply) real_reply = (reply_function)dlsym(RTLD_NEXT, "_XReply");
  double start = monotonic_seconds();
  Status status = real_reply(display, reply, extra, discard);
  double waited = monotonic_seconds() - start;

  void *frames[14];
  int count = backtrace(frames, 14);
  char line[4096];
  int length = snprintf(line, sizeof line, "%.6f %.3f %d", start, waited * 1000, (int)gettid());
  for (int i = 1; i < count && length < (int)sizeof line - 256; i++) {
    Dl_info info;
    if (dladdr(frames[i], &info) && info.dli_sname) {
      length += snprintf(line + length, sizeof line - length, " %s", info.dli_sname);
    } else if (info.dli_fname) {
      const char *slash = strrchr(info.dli_fname, '/');
      length += snprintf(line + length, sizeof line - length, " %s+%lx", slash ? slash + 1 : info.dli_fname,
                         (unsigned long)((char *)frames[i] - (char *)info.dli_fbase));
    } else {
      length += snprintf(line + length, sizeof line - length, " ?");
    }
  }
  line[length++] = '\n';

  pthread_mutex_lock(&log_lock);
  if (log_fd < 0) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/x-round-trips-%d.txt", (int)getpid());
    log_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
  }
  if (log_fd >= 0) (void)!write(log_fd, line, length);
  pthread_mutex_unlock(&log_lock);
  return status;
}
