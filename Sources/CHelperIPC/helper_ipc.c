/* Why this exists: see include/helper_ipc.h: the socket, pipes and sealed memfds between the app and a helper (spawn.c starts helpers, process_limits.c sets what the app sets from outside). */
#define _GNU_SOURCE
#include "helper_ipc.h"
#include "process_limits.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

int cph_socketpair(int fds[2]) {
    return socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds) == 0 ? 0 : -errno;
}

int cph_pipe(int fds[2]) {
    if (pipe2(fds, O_CLOEXEC) != 0) return -errno;
    fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
    return 0;
}


int cph_send(int socket, const void *bytes, size_t length, int fd) {
    struct iovec iov = { (void *)bytes, length };
    union { char buffer[CMSG_SPACE(sizeof(int))]; struct cmsghdr align; } control;
    struct msghdr message = { 0 };
    message.msg_iov = &iov;
    message.msg_iovlen = 1;
    if (fd >= 0) {
        memset(&control, 0, sizeof control);
        message.msg_control = control.buffer;
        message.msg_controllen = sizeof control.buffer;
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &fd, sizeof(int));
    }
    for (;;) {
        if (sendmsg(socket, &message, MSG_NOSIGNAL) >= 0) return 0;
        if (errno != EINTR) return -errno;
    }
}

long cph_receive(int socket, void *bytes, size_t capacity, int *fd, int timeout_ms, int cancel_fd) {
    *fd = -1;
    struct pollfd watched[2] = { { socket, POLLIN, 0 }, { cancel_fd, POLLIN, 0 } };
    for (;;) {
        int ready = poll(watched, cancel_fd >= 0 ? 2 : 1, timeout_ms);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return -errno;
        if (ready == 0) return CPH_TIMED_OUT;
        if (watched[0].revents) break;
        if (cancel_fd >= 0 && watched[1].revents) return CPH_CANCELLED;
    }
    struct iovec iov = { bytes, capacity };
    union { char buffer[CMSG_SPACE(sizeof(int) * 4)]; struct cmsghdr align; } control;
    struct msghdr message = { 0 };
    message.msg_iov = &iov;
    message.msg_iovlen = 1;
    message.msg_control = control.buffer;
    message.msg_controllen = sizeof control.buffer;
    ssize_t got;
    do { got = recvmsg(socket, &message, MSG_CMSG_CLOEXEC); } while (got < 0 && errno == EINTR);
    if (got < 0) return -errno;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < count; i++) {
            int received;
            memcpy(&received, CMSG_DATA(header) + i * sizeof(int), sizeof(int));
            if (*fd < 0) *fd = received; else close(received);
        }
    }
    if (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
        if (*fd >= 0) { close(*fd); *fd = -1; }
        return -EMSGSIZE;
    }
    return got;
}

int cph_pending(int socket) {
    struct pollfd watched = { socket, POLLIN, 0 };
    return poll(&watched, 1, 0) > 0;
}

int cph_memfd(const char *name, size_t size) {
    int fd = (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -errno;
    if (ftruncate(fd, (off_t)size) != 0) { int e = errno; close(fd); return -e; }
    return fd;
}

int cph_fill(int fd, const void *bytes, size_t length) {
    /* write(), not pwrite(): the helper's filter allows write and lseek only. */
    if (lseek(fd, 0, SEEK_SET) != 0) return -errno;
    size_t done = 0;
    while (done < length) {
        ssize_t wrote = write(fd, (const char *)bytes + done, length - done);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) return wrote < 0 ? -errno : -EIO;
        done += (size_t)wrote;
    }
    return 0;
}

int cph_refill(int fd, const void *bytes, size_t length) {
    int e;
    do { e = ftruncate(fd, (off_t)length); } while (e != 0 && errno == EINTR);
    if (e != 0) return -errno;
    return cph_fill(fd, bytes, length);
}

int cph_regular_size(int fd, size_t *size) {
    struct stat info;
    if (fstat(fd, &info) != 0) return -errno;
    if (!S_ISREG(info.st_mode)) return -EPERM;
    *size = (size_t)info.st_size;
    return 0;
}

#define REQUIRED_SEALS (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE)

int cph_seal(int fd) {
    return fcntl(fd, F_ADD_SEALS, REQUIRED_SEALS | F_SEAL_SEAL) == 0 ? 0 : -errno;
}

int cph_check_sealed(int fd, size_t need, size_t *size) {
    int seals = fcntl(fd, F_GET_SEALS);
    if (seals < 0) return -errno;
    if ((seals & REQUIRED_SEALS) != REQUIRED_SEALS) return -EPERM;
    struct stat info;
    if (fstat(fd, &info) != 0) return -errno;
    if (!S_ISREG(info.st_mode)) return -EPERM;
    *size = (size_t)info.st_size;
    return *size >= need ? 0 : -EMSGSIZE;
}

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

void *cph_map(int fd, size_t length) {
    if (length == 0) return NULL;
    /* Not MAP_POPULATE: on a writable private mapping it faults every page in for writing, which
       copies the whole memfd (20 ms for 36 MB). Populating for reading maps the memfd's own pages;
       a page is copied only if someone writes to it. Kernels before 5.14 refuse the advice, and
       the pages are then mapped as they are first read. */
    void *address = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
    if (address == MAP_FAILED) return NULL;
    (void)madvise(address, length, MADV_POPULATE_READ);
    return address;
}

void *cph_map_shared(int fd, size_t length) {
    if (length == 0) return NULL;
    void *address = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    return address == MAP_FAILED ? NULL : address;
}

int cph_unmap(void *address, size_t length) {
    return munmap(address, length) == 0 ? 0 : -errno;
}
