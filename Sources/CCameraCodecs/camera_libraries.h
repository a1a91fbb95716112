/* Why this exists: libjxl, libraw and libavif are opened by the helper when a photo first needs one (dlopen), not named by its program: linked, the three and the AV1 codecs libavif brings (aom, dav1d, rav1e, SVT-AV1) added about 10 ms to every helper's start, for galleries that mostly hold none of these formats. Each library's functions are looked up once, as a table; a library that is missing leaves its table empty and its photos fail with CP_NO_LIBRARY. The helper's filter allows this as it allows GdkPixbuf's loader modules, which load the same way. */
#ifndef CAMERA_LIBRARIES_H
#define CAMERA_LIBRARIES_H
#include <avif/avif.h>
#include <jxl/decode.h>
#include <libraw/libraw.h>

#define CP_POINTER(name) __typeof__(name) *name;

#define CP_JXL_FUNCTIONS(X) X(JxlDecoderCreate) X(JxlDecoderDestroy) X(JxlDecoderSubscribeEvents) X(JxlDecoderSetInput) \
    X(JxlDecoderCloseInput) X(JxlDecoderProcessInput) X(JxlDecoderGetBasicInfo) X(JxlDecoderGetICCProfileSize) \
    X(JxlDecoderGetColorAsICCProfile) X(JxlDecoderGetFrameHeader) X(JxlDecoderImageOutBufferSize) X(JxlDecoderSetImageOutBuffer) \
    X(JxlDecoderSetDecompressBoxes) X(JxlDecoderGetBoxType) X(JxlDecoderSetBoxBuffer) X(JxlDecoderReleaseBoxBuffer)
#define CP_RAW_FUNCTIONS(X) X(libraw_init) X(libraw_open_buffer) X(libraw_close) X(libraw_strerror) X(libraw_unpack_thumb) \
    X(libraw_dcraw_make_mem_thumb) X(libraw_dcraw_clear_mem) X(libraw_unpack) X(libraw_dcraw_process) X(libraw_dcraw_make_mem_image)
#define CP_AVIF_FUNCTIONS(X) X(avifDecoderCreate) X(avifDecoderDestroy) X(avifDecoderSetIOMemory) X(avifDecoderParse) \
    X(avifDecoderNextImage) X(avifRGBImageSetDefaults) X(avifRGBImageAllocatePixels) X(avifRGBImageFreePixels) X(avifImageYUVToRGB)

struct cp_jxl_library { CP_JXL_FUNCTIONS(CP_POINTER) };
struct cp_raw_library { CP_RAW_FUNCTIONS(CP_POINTER) };
struct cp_avif_library { CP_AVIF_FUNCTIONS(CP_POINTER) };

/* Each library's table, opened on first use; NULL when it cannot be. */
const struct cp_jxl_library *cp_jxl(void);
const struct cp_raw_library *cp_raw(void);
const struct cp_avif_library *cp_avif(void);

#endif
