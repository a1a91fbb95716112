/* Why this exists: for the sandbox tests, what a compromised decoding helper would do once a hostile photo's exploit runs in it, done by the test loader instead of an exploit: answer the app with forged replies (more pixels than asked), fork a child to outlive the app, and sit between the helper and the app rewriting what it hands back (a kept photo's metadata, a turned file). Only ever loaded through a private loader list. */
#define _GNU_SOURCE
#include "test_helper_attacks.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef F_ADD_SEALS
#define F_ADD_SEALS 1033
#define F_SEAL_SEAL 0x0001
#define F_SEAL_SHRINK 0x0002
#define F_SEAL_GROW 0x0004
#define F_SEAL_WRITE 0x0008
#endif

static int sealed_memfd(const void *bytes, size_t length, size_t size) {
    int fd = (int)syscall(SYS_memfd_create, "cptest", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)size) != 0) { close(fd); return -1; }
    /* write(), not pwrite(): the helper's filter allows only the first. */
    if (length > 0 && write(fd, bytes, length) != (ssize_t)length) { close(fd); return -1; }
    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
    return fd;
}

static int send_with(int socket, const char *text, size_t length, int fd) {
    struct iovec iov = { (void *)text, length };
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
    return sendmsg(socket, &message, MSG_NOSIGNAL) >= 0 ? 0 : -1;
}

void cpt_forge_pixels(int side) {
    /* Sparse: a page is only made when read. 16384² is past RLIMIT_FSIZE, which stops us here. */
    size_t size = (size_t)side * (size_t)side * 4;
    int fd = sealed_memfd(NULL, 0, size);
    if (fd < 0) return;
    char text[256];
    for (int id = 1; id <= 64; id++) {
        int length = snprintf(text, sizeof text, "{\"id\":%d,\"pixels\":{\"width\":%d,\"height\":%d,\"rowStride\":%d,\"hasAlpha\":true}}",
                              id, side, side, side * 4);
        send_with(0, text, (size_t)length, fd);
    }
    close(fd);
}

int cpt_fork_child(void) {
    pid_t child = fork();
    if (child == 0) {
        /* Named so the test can look for it once the app is gone. */
        char *const argv[] = { "cptest-outliver", NULL };
        (void)argv;
        for (int i = 0; i < 120; i++) sleep(1);
        _exit(0);
    }
    return child < 0 ? -errno : 0;
}

/* ---- Between the helper and the app. ---- */

static int outer = -1, inner = -1;
/* The last request's photo, as far as the tampering needs it (up to 4 MB). */
static unsigned char *last_input;
static size_t last_length;

/* A JPEG's Exif TIFF block (after "Exif\0\0") in `bytes`, or NULL. */
static const unsigned char *jpeg_exif(const unsigned char *bytes, size_t length, size_t *found) {
    if (length < 4 || bytes[0] != 0xFF || bytes[1] != 0xD8) return NULL;
    size_t at = 2;
    while (at + 4 <= length && bytes[at] == 0xFF) {
        unsigned marker = bytes[at + 1];
        size_t size = (size_t)bytes[at + 2] << 8 | bytes[at + 3];
        if (marker == 0xDA || size < 2 || at + 2 + size > length) return NULL;
        if (marker == 0xE1 && size >= 8 && memcmp(bytes + at + 4, "Exif\0\0", 6) == 0) {
            *found = size - 8;
            return bytes + at + 10;
        }
        at += 2 + size;
    }
    return NULL;
}

/* A WebP with its VP8X canvas's width and height swapped (the rest as it was): a turn's
 * chunks without the turn. */
static void swap_canvas(unsigned char *bytes, size_t length) {
    if (length >= 30 && memcmp(bytes + 12, "VP8X", 4) == 0) {
        unsigned char width[3];
        memcpy(width, bytes + 24, 3);
        memmove(bytes + 24, bytes + 27, 3);
        memcpy(bytes + 27, width, 3);
    }
}

static int reply_id(const char *text) {
    const char *at = strstr(text, "\"id\":");
    return at ? atoi(at + 5) : 0;
}

/* A reply that carries a file or a kept photo's metadata, rewritten; others left alone. */
static void tamper(char *text, size_t *length, int *fd) {
    if (!strstr(text, "\"fileLength\"") || *fd < 0) return;
    int id = reply_id(text);
    if (strstr(text, "\"keptLayout\"")) {
        /* The original's whole EXIF (its GPS and thumbnail) and 20 KB of another photo after it. */
        size_t exif_length = 0;
        const unsigned char *exif = last_input ? jpeg_exif(last_input, last_length, &exif_length) : NULL;
        if (!exif) return;
        size_t total = exif_length + 20000;
        unsigned char *forged = malloc(total);
        if (!forged) return;
        memcpy(forged, exif, exif_length);
        memset(forged + exif_length, 0x5A, 20000);
        memcpy(forged + total - 14, "PREVIOUS PHOTO", 14);
        int replaced = sealed_memfd(forged, total, total);
        free(forged);
        if (replaced < 0) return;
        close(*fd);
        *fd = replaced;
        *length = (size_t)snprintf(text, 65536, "{\"id\":%d,\"kept\":\"all\",\"fileLength\":%zu,\"keptLayout\":{\"exif\":%zu,\"xmp\":0,\"iptc\":0,\"whole\":true},"
                                   "\"keptFields\":{\"keywords\":[],\"creators\":[]}}", id, total, total);
        return;
    }
    /* A turned file: the original, unturned, under a header that says it was turned. */
    if (!last_input) return;
    unsigned char *forged = malloc(last_length);
    if (!forged) return;
    memcpy(forged, last_input, last_length);
    swap_canvas(forged, last_length);
    int replaced = sealed_memfd(forged, last_length, last_length);
    free(forged);
    if (replaced < 0) return;
    close(*fd);
    *fd = replaced;
    *length = (size_t)snprintf(text, 65536, "{\"id\":%d,\"fileLength\":%zu}", id, last_length);
}

/* Keep the request's photo (mapped from its memfd, copied, the memfd closed as the helper would). */
static void remember(int fd) {
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0 || info.st_size <= 0 || info.st_size > (4 << 20)) return;
    void *mapped = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (mapped == MAP_FAILED) return;
    free(last_input);
    last_input = malloc((size_t)info.st_size);
    if (last_input) {
        memcpy(last_input, mapped, (size_t)info.st_size);
        last_length = (size_t)info.st_size;
    }
    munmap(mapped, (size_t)info.st_size);
}

/* One message from `from` to `to`, its descriptor passed on; -1 at the end. */
static int relay(int from, int to, int replies) {
    static char text[65536];
    union { char buffer[CMSG_SPACE(sizeof(int) * 4)]; struct cmsghdr align; } control;
    struct iovec iov = { text, sizeof text - 1 };
    struct msghdr message = { 0 };
    message.msg_iov = &iov;
    message.msg_iovlen = 1;
    message.msg_control = control.buffer;
    message.msg_controllen = sizeof control.buffer;
    ssize_t got = recvmsg(from, &message, MSG_CMSG_CLOEXEC);
    if (got <= 0) return -1;
    text[got] = 0;
    int fd = -1;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_RIGHTS) memcpy(&fd, CMSG_DATA(header), sizeof(int));
    }
    size_t length = (size_t)got;
    if (replies) tamper(text, &length, &fd); else remember(fd);
    int sent = send_with(to, text, length, fd);
    if (fd >= 0) close(fd);
    return sent;
}

static void *between(void *unused) {
    (void)unused;
    struct pollfd watched[2] = { { outer, POLLIN, 0 }, { inner, POLLIN, 0 } };
    for (;;) {
        if (poll(watched, 2, -1) < 0) { if (errno == EINTR) continue; break; }
        if (watched[0].revents && relay(outer, inner, 0) < 0) break;
        if (watched[1].revents && relay(inner, outer, 1) < 0) break;
    }
    _exit(0);
    return NULL;
}

int cpt_tampering(void) { return inner >= 0; }

void cpt_tamper_if_asked(void) {
    static int done;
    if (done) return;
    done = 1;
    /* Asked by a file beside the private MIME database the tests bind into the sandbox. */
    const char *list = getenv("GDK_PIXBUF_MODULE_FILE");
    if (!list) return;
    char marker[4096];
    const char *slash = strrchr(list, '/');
    if (!slash) return;
    snprintf(marker, sizeof marker, "%.*s/data/mime/cptest-tamper", (int)(slash - list), list);
    if (access(marker, F_OK) != 0) return;
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) return;
    outer = fcntl(0, F_DUPFD_CLOEXEC, 3);
    if (outer < 0 || dup2(pair[0], 0) < 0) return;
    close(pair[0]);
    inner = pair[1];
    pthread_t thread;
    pthread_create(&thread, NULL, between, NULL);
}
