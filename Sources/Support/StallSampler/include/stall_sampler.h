/* Why this exists: for benchmarks only (loaded with LD_PRELOAD): the main thread's stack while the GLib main loop is stuck away from its poll, so a stall can be traced to the code that made it. */
#pragma once

#include <stdint.h>

/* One stall: how long the main loop was away from its poll (wall and the main thread's CPU
 * time, in ms), and up to `count` stacks sampled while it lasted, each `depth` return
 * addresses, innermost first (a stack shorter than `depth` ends with zeros). */
typedef void (*CpStallReport) (double wall_ms, double cpu_ms, const uintptr_t *addresses, int count, int depth, void *data);

/* Call on the main thread, once. A stall of `threshold_ms` or more
 * is sampled every `interval_ms` while it lasts (at most a few times) and reported from a
 * thread of its own, after it ended. Returns 0 on success. */
int cp_stall_sampler_start (int threshold_ms, int interval_ms, CpStallReport report, void *data);

/* Stop sampling (on the main thread; the last stall may still be reported first). The app never
 * stops; tests do. */
void cp_stall_sampler_stop (void);

/* The module (file path) holding `address` and the address's offset in it, for symbolizing
 * later: 0 if no module holds it. */
int cp_stall_sampler_locate (uintptr_t address, const char **module, uintptr_t *offset);
