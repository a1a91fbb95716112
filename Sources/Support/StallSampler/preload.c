/* Why this exists: the benchmarks load the stall sampler into the app with LD_PRELOAD, so the shipping app links none of it: with CLASSIC_PHOTOS_STALL_LOG naming a file, each main-loop stall of 16 ms or more is written there as one line, with the main thread's sampled stacks. */
#define _GNU_SOURCE
#include "stall_sampler.h"

#include <fcntl.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int log_fd = -1;

/* One line per stall: the monotonic time it was reported (s), its wall and CPU ms, then the
 * samples split by ';', each frame innermost first as "module+0xoffset", split by spaces. */
static void
write_stall (double wall_ms, double cpu_ms, const uintptr_t *addresses, int count, int depth, void *data)
{
  (void) data;
  GString *line = g_string_new (NULL);
  g_string_append_printf (line, "%.6f %.3f %.3f ", g_get_monotonic_time () / 1e6, wall_ms, cpu_ms);
  for (int sample = 0; sample < count; sample++)
    {
      if (sample > 0)
        g_string_append_c (line, ';');
      for (int frame = 0; frame < depth && addresses[sample * depth + frame] != 0; frame++)
        {
          uintptr_t address = addresses[sample * depth + frame];
          const char *module = NULL;
          uintptr_t offset = 0;
          if (frame > 0)
            g_string_append_c (line, ' ');
          if (cp_stall_sampler_locate (address, &module, &offset))
            g_string_append_printf (line, "%s+0x%" G_GSIZE_MODIFIER "x", module, (gsize) offset);
          else
            g_string_append_printf (line, "0x%" G_GSIZE_MODIFIER "x", (gsize) address);
        }
    }
  g_string_append_c (line, '\n');
  /* One write of the whole line, to a file opened for appending: lines never interleave. */
  ssize_t written = write (log_fd, line->str, line->len);
  (void) written;
  g_string_free (line, TRUE);
}

/* Runs as the library loads, on the main thread, before main. The variables are taken out of
 * the environment first, so nothing the app starts (bubblewrap, a helper) samples itself too. */
__attribute__ ((constructor)) static void
start_from_environment (void)
{
  const char *path = getenv ("CLASSIC_PHOTOS_STALL_LOG");
  if (path == NULL || path[0] == '\0')
    return;
  char *copy = strdup (path);
  unsetenv ("CLASSIC_PHOTOS_STALL_LOG");
  unsetenv ("LD_PRELOAD");
  if (copy == NULL)
    return;
  log_fd = open (copy, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  free (copy);
  if (log_fd < 0)
    return;
  if (cp_stall_sampler_start (16, 8, write_stall, NULL) != 0)
    {
      close (log_fd);
      log_fd = -1;
    }
}
