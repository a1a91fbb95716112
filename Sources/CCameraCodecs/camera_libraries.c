/* Why this exists: see camera_libraries.h: each library opened once, its functions looked up into its table. */
#include "camera_libraries.h"
#include <dlfcn.h>
#include <pthread.h>

#define CP_RESOLVE(name) if (!(table->name = (__typeof__(name) *)dlsym(handle, #name))) return 0;

static int open_jxl(struct cp_jxl_library *table) {
    void *handle = dlopen("libjxl.so.0.7", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return 0;
    CP_JXL_FUNCTIONS(CP_RESOLVE)
    return 1;
}

static int open_raw(struct cp_raw_library *table) {
    void *handle = dlopen("libraw_r.so.20", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return 0;
    CP_RAW_FUNCTIONS(CP_RESOLVE)
    return 1;
}

static int open_avif(struct cp_avif_library *table) {
    void *handle = dlopen("libavif.so.15", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return 0;
    CP_AVIF_FUNCTIONS(CP_RESOLVE)
    return 1;
}

static struct cp_jxl_library jxl_table;
static struct cp_raw_library raw_table;
static struct cp_avif_library avif_table;
static int jxl_opened, raw_opened, avif_opened;
static pthread_once_t jxl_once = PTHREAD_ONCE_INIT, raw_once = PTHREAD_ONCE_INIT, avif_once = PTHREAD_ONCE_INIT;

static void load_jxl(void) { jxl_opened = open_jxl(&jxl_table); }
static void load_raw(void) { raw_opened = open_raw(&raw_table); }
static void load_avif(void) { avif_opened = open_avif(&avif_table); }

const struct cp_jxl_library *cp_jxl(void) { pthread_once(&jxl_once, load_jxl); return jxl_opened ? &jxl_table : NULL; }
const struct cp_raw_library *cp_raw(void) { pthread_once(&raw_once, load_raw); return raw_opened ? &raw_table : NULL; }
const struct cp_avif_library *cp_avif(void) { pthread_once(&avif_once, load_avif); return avif_opened ? &avif_table : NULL; }
