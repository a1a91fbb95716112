/* Why this exists: the test loader module's entry points, which GdkPixbuf looks up by name when a private loader list names the module. */
#ifndef CLASSIC_PHOTOS_TEST_PIXBUF_LOADER_H
#define CLASSIC_PHOTOS_TEST_PIXBUF_LOADER_H
#define GDK_PIXBUF_ENABLE_BACKEND
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gdk-pixbuf/gdk-pixbuf-io.h>

void fill_vtable(GdkPixbufModule *module);
void fill_info(GdkPixbufFormat *info);
#endif
