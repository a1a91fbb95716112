/* Why this exists: a GdkPixbuf loader module for tests of the decoding helpers: a file starting "CPTEST" makes it misbehave as a loader with a bug would (crash, allocate without end, loop), act as an exploit would once it runs in a helper (lift its processor limit and loop, write a huge memfd or grow the one its photo came in: test_memfd_attacks.c; forge the app a reply: test_helper_attacks.c), or probe what its sandbox lets it do (open a file, make and connect a socket, run a program, reach a terminal, fork, lift a limit, unset its parent-death signal) and say so in its error. It is only ever loaded through a private GDK_PIXBUF_MODULE_FILE. */
#define _GNU_SOURCE
#include "test_pixbuf_loader.h"
#include "test_helper_attacks.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>

typedef struct {
    GString *data;
} Context;

static gpointer begin_load(GdkPixbufModuleSizeFunc size, GdkPixbufModulePreparedFunc prepared,
                           GdkPixbufModuleUpdatedFunc updated, gpointer user_data, GError **error) {
    (void)size; (void)prepared; (void)updated; (void)user_data; (void)error;
    /* Loaded at the helper's start, before its filter (CLASSIC_PHOTOS_HELPER_PRELOAD_LOADERS, which the tests that use this loader set): where the test asks, it is compromised from then on. */
    cpt_tamper_if_asked();
    Context *context = g_new0(Context, 1);
    context->data = g_string_new(NULL);
    return context;
}

static gboolean load_increment(gpointer data, const guchar *buf, guint size, GError **error) {
    (void)error;
    Context *context = data;
    g_string_append_len(context->data, (const gchar *)buf, size);
    return TRUE;
}

static const char *outcome(int result) {
    return result >= 0 ? "allowed" : strerrorname_np(errno);
}

/* What the sandbox lets a loader do, in words: "open=ENOENT socket=EPERM connect=EPERM execve=EPERM". */
static gchar *probe(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    const char *opened = outcome(fd);
    if (fd >= 0) close(fd);
    int sock = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const char *made = outcome(sock);
    /* Without a socket of its own, connect the one it was given (its standard input): refused
     * as a call, it fails before the kernel looks at the descriptor. */
    const char *connected;
    if (sock < 0) {
        struct sockaddr_in address = { 0 };
        address.sin_family = AF_INET;
        connected = outcome(connect(0, (struct sockaddr *)&address, sizeof address));
    } else {
        struct sockaddr_in address = { 0 };
        address.sin_family = AF_INET;
        address.sin_port = htons(9);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        connected = outcome(connect(sock, (struct sockaddr *)&address, sizeof address));
        close(sock);
    }
    char *const argv[] = { "/usr/bin/true", NULL };
    char *const envp[] = { NULL };
    const char *ran = outcome(execve(argv[0], argv, envp));
    /* The terminal the app was started from, and a character pushed into it (TIOCSTI): on the
     * terminal where there is one, else on the socket (where only a filter says EPERM). */
    int tty = open("/dev/tty", O_RDONLY | O_CLOEXEC);
    const char *terminal = outcome(tty);
    char key = '#';
    const char *pushed = outcome(ioctl(tty >= 0 ? tty : 0, TIOCSTI, &key));
    if (tty >= 0) close(tty);
    int forked = cpt_fork_child();
    const char *fork = forked == 0 ? "allowed" : strerrorname_np(-forked);
    struct rlimit unlimited = { RLIM_INFINITY, RLIM_INFINITY };
    const char *limit = outcome(setrlimit(RLIMIT_CPU, &unlimited));
    const char *deathsig = outcome(prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0));
    return g_strdup_printf("probe open=%s socket=%s connect=%s execve=%s tty=%s tiocsti=%s fork=%s rlimit=%s pdeathsig=%s%s",
                           opened, made, connected, ran, terminal, pushed, fork, limit, deathsig, cpt_tampering() ? " between" : "");
}

static gboolean stop_load(gpointer data, GError **error) {
    Context *context = data;
    const char *text = context->data->str + 6;
    gboolean ok = FALSE;
    if (g_str_has_prefix(text, "crash")) {
        /* A write through a null pointer, as a loader with a bug would make. */
        volatile int *nowhere = NULL;
        *nowhere = 1;
    } else if (g_str_has_prefix(text, "alloc")) {
        /* Allocate without end (never touched, so only address space is used), as a loader
         * trusting a size it read would. */
        for (;;) { volatile char *held = g_malloc(64 << 20); held[0] = 1; }
    } else if (g_str_has_prefix(text, "loop")) {
        for (volatile unsigned long spin = 0;; spin++) {}
    } else if (g_str_has_prefix(text, "unlimit")) {
        /* Lift its own processor limit, then loop: only a limit it cannot lift stops it. */
        struct rlimit unlimited = { RLIM_INFINITY, RLIM_INFINITY };
        setrlimit(RLIMIT_CPU, &unlimited);
        struct rlimit now;
        if (getrlimit(RLIMIT_CPU, &now) == 0) { now.rlim_cur = now.rlim_max; setrlimit(RLIMIT_CPU, &now); }
        for (volatile unsigned long spin = 0;; spin++) {}
    } else if (g_str_has_prefix(text, "memfd")) {
        int written = cpt_write_huge_memfd();
        gchar *said = g_strdup_printf("memfd=%s", written == 0 ? "allowed" : strerrorname_np(-written));
        g_set_error_literal(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, said);
        g_free(said);
    } else if (g_str_has_prefix(text, "grow")) {
        int grown = cpt_grow_input(context->data->len);
        gchar *said = g_strdup_printf("grow=%s", grown == 0 ? "allowed" : strerrorname_np(-grown));
        g_set_error_literal(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, said);
        g_free(said);
    } else if (g_str_has_prefix(text, "answer ")) {
        cpt_forge_pixels(atoi(text + 7));
        g_set_error_literal(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, "forged");
    } else if (g_str_has_prefix(text, "probe ")) {
        gchar *said = probe(g_strstrip(g_strdup(text + 6)));
        g_set_error_literal(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, said);
        g_free(said);
    } else {
        g_set_error_literal(error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_CORRUPT_IMAGE, "not a test image");
    }
    g_string_free(context->data, TRUE);
    g_free(context);
    return ok;
}

void fill_vtable(GdkPixbufModule *module) {
    module->begin_load = begin_load;
    module->stop_load = stop_load;
    module->load_increment = load_increment;
}

void fill_info(GdkPixbufFormat *info) {
    static GdkPixbufModulePattern signature[] = { { "CPTEST", NULL, 100 }, { NULL, NULL, 0 } };
    static gchar *mime_types[] = { "image/x-classic-photos-test", NULL };
    static gchar *extensions[] = { "cptest", NULL };
    info->name = "cptest";
    info->signature = signature;
    info->description = "Classic Photos test image";
    info->mime_types = mime_types;
    info->extensions = extensions;
    info->flags = 0;
    info->license = "LGPL";
}
