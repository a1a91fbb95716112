/* Why this exists: a GdkPixbuf loader module for tests of the decoding helpers: a file starting "CPTEST" makes it misbehave as a loader with a bug would (crash, allocate without end, loop), or probe what its sandbox lets it do (open a file, make and connect a socket, run a program) and say so in its error. It is only ever loaded through a private GDK_PIXBUF_MODULE_FILE. */
#define _GNU_SOURCE
#include "test_pixbuf_loader.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

typedef struct {
    GString *data;
} Context;

static gpointer begin_load(GdkPixbufModuleSizeFunc size, GdkPixbufModulePreparedFunc prepared,
                           GdkPixbufModuleUpdatedFunc updated, gpointer user_data, GError **error) {
    (void)size; (void)prepared; (void)updated; (void)user_data; (void)error;
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
    return g_strdup_printf("probe open=%s socket=%s connect=%s execve=%s", opened, made, connected, ran);
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
