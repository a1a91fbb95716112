/* Why this exists: for the sandbox tests, what a compromised helper would do with memfds, done by the test loader instead of an exploit: write one past every limit, and grow the one the app sent its photo in. Only ever loaded through a private loader list. */
#define _GNU_SOURCE
#include "test_helper_attacks.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

int cpt_write_huge_memfd(void) {
    int fd = (int)syscall(SYS_memfd_create, "cptest-huge", MFD_CLOEXEC);
    if (fd < 0) return -errno;
    static char chunk[1 << 20];
    memset(chunk, 0x5A, sizeof chunk);
    for (int i = 0; i < 3 * 1024; i++) {
        if (write(fd, chunk, sizeof chunk) < 0) { int error = errno; close(fd); return -error; }
    }
    close(fd);
    return 0;
}

int cpt_grow_input(size_t length) {
    /* The memfd the app sent this photo in: the regular file of the photo's length among its
     * descriptors. Grown by 32 MB of written pages (a sealed one refuses: EPERM). */
    static char chunk[1 << 20];
    memset(chunk, 0x5A, sizeof chunk);
    for (int fd = 3; fd < 256; fd++) {
        struct stat info;
        if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || (size_t)info.st_size != length) continue;
        if (lseek(fd, 0, SEEK_END) < 0) return -errno;
        for (int i = 0; i < 32; i++) {
            if (write(fd, chunk, sizeof chunk) < 0) return -errno;
        }
        return 0;
    }
    return -ENOENT;
}

