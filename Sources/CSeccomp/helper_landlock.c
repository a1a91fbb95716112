/* Why this exists: see include/helper_seccomp.h (cps_apply_landlock). Landlock needs no privilege (kernel 5.13 and later), so a helper that runs without bubblewrap's namespaces still loses the user's files: it keeps read access to what its loaders read, and nothing else. The kernel's headers here are older than its Landlock, so its numbers are written out. */
#define _GNU_SOURCE
#include "helper_seccomp.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define LL_CREATE_RULESET 444
#define LL_ADD_RULE 445
#define LL_RESTRICT_SELF 446
#define LL_CREATE_RULESET_VERSION (1u << 0)
#define LL_RULE_PATH_BENEATH 1

/* File-system rights, by the ABI that added them. */
#define LL_FS_ABI1 ((1ull << 13) - 1) /* execute, write, read file and dir, remove, make anything */
#define LL_FS_REFER (1ull << 13)      /* 2 */
#define LL_FS_TRUNCATE (1ull << 14)   /* 3 */
#define LL_FS_IOCTL_DEV (1ull << 15)  /* 5 */
#define LL_FS_READ_FILE (1ull << 2)
#define LL_FS_READ_DIR (1ull << 3)
#define LL_NET_BIND_CONNECT_TCP 3ull  /* 4 */
#define LL_SCOPE_ABSTRACT_AND_SIGNAL 3ull /* 6 */

struct ll_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct ll_path_beneath {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

int cps_apply_landlock(const char *const *paths, int count) {
    long abi = syscall(LL_CREATE_RULESET, NULL, 0, LL_CREATE_RULESET_VERSION);
    if (abi < 0) return (errno == ENOSYS || errno == EOPNOTSUPP) ? 0 : -errno;
    struct ll_ruleset_attr attr = { LL_FS_ABI1, 0, 0 };
    if (abi >= 2) attr.handled_access_fs |= LL_FS_REFER;
    if (abi >= 3) attr.handled_access_fs |= LL_FS_TRUNCATE;
    if (abi >= 5) attr.handled_access_fs |= LL_FS_IOCTL_DEV;
    if (abi >= 4) attr.handled_access_net = LL_NET_BIND_CONNECT_TCP;
    if (abi >= 6) attr.scoped = LL_SCOPE_ABSTRACT_AND_SIGNAL;
    size_t size = abi >= 6 ? sizeof attr : abi >= 4 ? 2 * sizeof(uint64_t) : sizeof(uint64_t);
    int ruleset = (int)syscall(LL_CREATE_RULESET, &attr, size, 0);
    if (ruleset < 0) return -errno;
    for (int i = 0; i < count; i++) {
        int fd = open(paths[i], O_PATH | O_CLOEXEC);
        if (fd < 0) continue; /* not on this system: nothing to allow */
        struct stat info;
        if (fstat(fd, &info) != 0) { close(fd); continue; }
        struct ll_path_beneath rule = { S_ISDIR(info.st_mode) ? (LL_FS_READ_FILE | LL_FS_READ_DIR) : LL_FS_READ_FILE, fd };
        long added = syscall(LL_ADD_RULE, ruleset, LL_RULE_PATH_BENEATH, &rule, 0);
        int error = errno;
        close(fd);
        if (added != 0) { close(ruleset); return -error; }
    }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || syscall(LL_RESTRICT_SELF, ruleset, 0) != 0) {
        int error = errno;
        close(ruleset);
        return -error;
    }
    close(ruleset);
    return (int)abi;
}

int cps_landlock_abi(void) {
    long abi = syscall(LL_CREATE_RULESET, NULL, 0, LL_CREATE_RULESET_VERSION);
    return abi < 0 ? 0 : (int)abi;
}
