/* Why this exists: tests set and remove an X root window property holding a whole file (an ICC profile on _ICC_PROFILE, as colord does), which xprop cannot: it sets at most 64 elements. */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 3 || (strcmp(argv[1], "set") == 0 && argc != 4) || (strcmp(argv[1], "set") != 0 && strcmp(argv[1], "remove") != 0)) {
        fprintf(stderr, "usage: %s set NAME FILE | remove NAME (on $DISPLAY's root window)\n", argv[0]);
        return 2;
    }
    Display *display = XOpenDisplay(NULL);
    if (display == NULL) {
        fprintf(stderr, "cannot open the display\n");
        return 1;
    }
    Atom name = XInternAtom(display, argv[2], False);
    Window root = DefaultRootWindow(display);
    if (strcmp(argv[1], "remove") == 0) {
        XDeleteProperty(display, root, name);
    } else {
        FILE *file = fopen(argv[3], "rb");
        if (file == NULL) {
            perror(argv[3]);
            return 1;
        }
        unsigned char *bytes = NULL;
        size_t length = 0, capacity = 0, got;
        unsigned char chunk[65536];
        while ((got = fread(chunk, 1, sizeof chunk, file)) > 0) {
            if (length + got > capacity) {
                capacity = (length + got) * 2;
                bytes = realloc(bytes, capacity);
                if (bytes == NULL) return 1;
            }
            memcpy(bytes + length, chunk, got);
            length += got;
        }
        fclose(file);
        XChangeProperty(display, root, name, XA_CARDINAL, 8, PropModeReplace, bytes, (int)length);
        free(bytes);
    }
    XSync(display, False);
    XCloseDisplay(display);
    return 0;
}
