/* Why this exists: for benchmarks only (loaded with LD_PRELOAD, see preload.c): when the GLib main loop has been away from its poll for longer than a frame, a signal to the main thread samples its stack (backtrace() in the handler), so a stall in a benchmark names the code that made it. */
#define _GNU_SOURCE
#include "stall_sampler.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <glib.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#define DEPTH 48
#define SAMPLES 6

static pthread_t main_thread;
static clockid_t main_cpu_clock;
static GPollFunc default_poll;
/* When the main loop left its poll (monotonic µs); 0 while it is in the poll. */
static _Atomic int64_t busy_since;
/* Counts the polls: a stall is one value of it. */
static _Atomic uint64_t polls;

/* Written by the signal handler, read by the watcher once `sampled` is set. */
static void *frames[DEPTH];
static _Atomic int frame_count;
static _Atomic int sampled;

static _Atomic int stopping;
static pthread_t watcher_thread;

static gint
sampling_poll (GPollFD *fds, guint count, gint timeout)
{
  atomic_store (&busy_since, 0);
  gint result = default_poll (fds, count, timeout);
  atomic_fetch_add (&polls, 1);
  atomic_store (&busy_since, g_get_monotonic_time ());
  return result;
}

static void
on_signal (int signal_number)
{
  (void) signal_number;
  int saved = errno;
  atomic_store (&frame_count, backtrace (frames, DEPTH));
  atomic_store (&sampled, 1);
  errno = saved;
}

static double
main_cpu_ms (void)
{
  struct timespec now;
  if (clock_gettime (main_cpu_clock, &now) != 0)
    return 0;
  return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

static void
sleep_ms (int ms)
{
  struct timespec pause = { ms / 1000, (long) (ms % 1000) * 1000000L };
  while (nanosleep (&pause, &pause) != 0)
    ;
}

typedef struct {
  int threshold_ms, interval_ms;
  CpStallReport report;
  void *data;
} Watcher;

static void *
watch (void *argument)
{
  Watcher *watcher = argument;
  uintptr_t stacks[SAMPLES * DEPTH];
  while (!atomic_load (&stopping))
    {
      sleep_ms (watcher->interval_ms);
      int64_t since = atomic_load (&busy_since);
      uint64_t poll = atomic_load (&polls);
      if (since == 0 || (g_get_monotonic_time () - since) / 1000 < watcher->threshold_ms)
        continue;
      /* A stall: sample it every interval until the loop polls again. */
      double cpu_at_start = main_cpu_ms ();
      int count = 0;
      memset (stacks, 0, sizeof stacks);
      while (atomic_load (&polls) == poll && !atomic_load (&stopping))
        {
          if (count < SAMPLES)
            {
              atomic_store (&sampled, 0);
              if (pthread_kill (main_thread, SIGPROF) == 0)
                {
                  for (int waited = 0; !atomic_load (&sampled) && waited < 50; waited++)
                    sleep_ms (1);
                  if (atomic_load (&sampled))
                    {
                      int depth = atomic_load (&frame_count);
                      for (int i = 0; i < depth && i < DEPTH; i++)
                        stacks[count * DEPTH + i] = (uintptr_t) frames[i];
                      count++;
                    }
                }
            }
          sleep_ms (watcher->interval_ms);
        }
      /* The CPU time is from the first sample on; the wall time is the whole stall (to within an interval). */
      double wall = (g_get_monotonic_time () - since) / 1000.0;
      watcher->report (wall, main_cpu_ms () - cpu_at_start, stacks, count, DEPTH, watcher->data);
    }
  g_free (watcher);
  return NULL;
}

int
cp_stall_sampler_start (int threshold_ms, int interval_ms, CpStallReport report, void *data)
{
  main_thread = pthread_self ();
  if (pthread_getcpuclockid (main_thread, &main_cpu_clock) != 0)
    return -1;
  /* backtrace() loads the unwinder the first time: not in a signal handler. */
  void *warm[4];
  backtrace (warm, 4);
  struct sigaction action;
  memset (&action, 0, sizeof action);
  action.sa_handler = on_signal;
  action.sa_flags = SA_RESTART;
  sigemptyset (&action.sa_mask);
  if (sigaction (SIGPROF, &action, NULL) != 0)
    return -1;
  GMainContext *context = g_main_context_default ();
  default_poll = g_main_context_get_poll_func (context);
  g_main_context_set_poll_func (context, sampling_poll);
  /* Watched from the next poll on (start-up is not a stall). */
  atomic_store (&busy_since, 0);
  Watcher *watcher = g_new0 (Watcher, 1);
  *watcher = (Watcher) { threshold_ms, interval_ms, report, data };
  atomic_store (&stopping, 0);
  if (pthread_create (&watcher_thread, NULL, watch, watcher) != 0)
    {
      g_main_context_set_poll_func (context, default_poll);
      g_free (watcher);
      return -1;
    }
  return 0;
}

void
cp_stall_sampler_stop (void)
{
  g_main_context_set_poll_func (g_main_context_default (), default_poll);
  atomic_store (&stopping, 1);
  pthread_join (watcher_thread, NULL);
  signal (SIGPROF, SIG_DFL);
}

int
cp_stall_sampler_locate (uintptr_t address, const char **module, uintptr_t *offset)
{
  Dl_info info;
  /* A return address points after the call: look up the call itself. */
  if (dladdr ((void *) (address - 1), &info) == 0 || info.dli_fname == NULL)
    return 0;
  *module = info.dli_fname;
  *offset = address - (uintptr_t) info.dli_fbase;
  return 1;
}
