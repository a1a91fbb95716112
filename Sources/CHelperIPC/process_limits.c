/* Why this exists: see include/process_limits.h. */
#define _GNU_SOURCE
#include "process_limits.h"
#include "helper_ipc.h"

#include <errno.h>
#include <sys/prctl.h>
#include <sys/resource.h>

static int set_limit(int resource, unsigned long long soft, unsigned long long hard) {
    struct rlimit limit = { soft, hard };
    return setrlimit(resource, &limit);
}

int cph_apply_limits(const struct cph_limits *l) {
    int failed = 0;
    if (l->address > 0) failed |= set_limit(RLIMIT_AS, l->address, l->address);
    if (l->processor_hard > 0) failed |= set_limit(RLIMIT_CPU, l->processor_soft, l->processor_hard);
    if (l->file_size > 0) failed |= set_limit(RLIMIT_FSIZE, l->file_size, l->file_size);
    if (l->open_files > 0) failed |= set_limit(RLIMIT_NOFILE, l->open_files, l->open_files);
    failed |= set_limit(RLIMIT_CORE, 0, 0);
    return failed ? -1 : 0;
}

int cph_limit_processor(pid_t pid, unsigned long long soft, unsigned long long *hard) {
    struct rlimit now;
    if (prlimit(pid, RLIMIT_CPU, NULL, &now) != 0) return -errno;
    *hard = now.rlim_max;
    struct rlimit wanted = { soft < now.rlim_max ? soft : now.rlim_max, now.rlim_max };
    return prlimit(pid, RLIMIT_CPU, &wanted, NULL) == 0 ? 0 : -errno;
}

int cph_make_undumpable(void) {
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0 ? 0 : -errno;
}
