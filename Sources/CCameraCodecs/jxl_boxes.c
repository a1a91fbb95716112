/* Why this exists: see include/camera_codecs.h; a JPEG XL's Exif and XMP boxes read through libjxl's box events, which undo the Brotli compression (`brob`) cjxl gives them by default, each within a bound. */
#include "camera_codecs.h"
#include "camera_libraries.h"
#include <stdlib.h>
#include <string.h>

/* One box being read into a buffer that grows as the decoder asks, to at most `most` bytes. */
typedef struct {
    uint8_t *bytes;
    size_t capacity;
    int reading; /* 1: Exif, 2: XMP */
} box_buffer;

static int grow(JxlDecoder *decoder, box_buffer *box, size_t used, uint64_t most) {
    const struct cp_jxl_library *lib = cp_jxl();
    size_t capacity = box->capacity ? box->capacity * 2 : 16384;
    if (capacity > most) capacity = most;
    if (capacity <= used) return -1;
    uint8_t *grown = realloc(box->bytes, capacity);
    if (!grown) return -1;
    box->bytes = grown;
    box->capacity = capacity;
    return lib->JxlDecoderSetBoxBuffer(decoder, box->bytes + used, capacity - used) == JXL_DEC_SUCCESS ? 0 : -1;
}

int cp_jxl_metadata(const uint8_t *data, size_t size, uint64_t most_bytes, uint8_t **exif, size_t *exif_size,
                    uint8_t **xmp, size_t *xmp_size) {
    const struct cp_jxl_library *lib = cp_jxl();
    if (!lib) return CP_NO_LIBRARY;
    *exif = *xmp = NULL;
    *exif_size = *xmp_size = 0;
    JxlDecoder *decoder = lib->JxlDecoderCreate(NULL);
    if (!decoder) return CP_NO_MEMORY;
    box_buffer box = {NULL, 0, 0};
    size_t used = 0;
    if (lib->JxlDecoderSubscribeEvents(decoder, JXL_DEC_BOX) != JXL_DEC_SUCCESS || lib->JxlDecoderSetDecompressBoxes(decoder, JXL_TRUE) != JXL_DEC_SUCCESS
        || lib->JxlDecoderSetInput(decoder, data, size) != JXL_DEC_SUCCESS) {
        lib->JxlDecoderDestroy(decoder);
        return CP_UNDECODABLE;
    }
    lib->JxlDecoderCloseInput(decoder);
    for (;;) {
        JxlDecoderStatus status = lib->JxlDecoderProcessInput(decoder);
        /* A box read to its end is kept when the next begins, or the input ends. */
        if (box.reading && status != JXL_DEC_BOX_NEED_MORE_OUTPUT) {
            size_t left = lib->JxlDecoderReleaseBoxBuffer(decoder);
            size_t length = box.capacity - left;
            if (status == JXL_DEC_BOX || status == JXL_DEC_SUCCESS) {
                if (box.reading == 1 && !*exif) { *exif = box.bytes; *exif_size = length; }
                else if (box.reading == 2 && !*xmp) { *xmp = box.bytes; *xmp_size = length; }
                else free(box.bytes);
            } else {
                free(box.bytes);
            }
            box = (box_buffer){NULL, 0, 0};
            used = 0;
        }
        if (status == JXL_DEC_BOX) {
            JxlBoxType type;
            if (lib->JxlDecoderGetBoxType(decoder, type, JXL_TRUE) != JXL_DEC_SUCCESS) break;
            int reading = !memcmp(type, "Exif", 4) ? 1 : !memcmp(type, "xml ", 4) ? 2 : 0;
            if (reading && ((reading == 1 && !*exif) || (reading == 2 && !*xmp))) {
                box.reading = reading;
                if (grow(decoder, &box, 0, most_bytes) != 0) break;
            }
        } else if (status == JXL_DEC_BOX_NEED_MORE_OUTPUT) {
            used = box.capacity - lib->JxlDecoderReleaseBoxBuffer(decoder);
            if (grow(decoder, &box, used, most_bytes) != 0) { free(box.bytes); box = (box_buffer){NULL, 0, 0}; break; }
        } else {
            /* Done, the input ended (a file's first bytes), or an error: what was read stands. */
            break;
        }
    }
    free(box.bytes);
    lib->JxlDecoderDestroy(decoder);
    return CP_OK;
}
