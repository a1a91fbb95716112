/* Why this exists: see include/camera_codecs.h; an AVIF image sequence (an animation) through libavif 0.11, which GdkPixbuf's AVIF loader shows only the first frame of: its size and frame count read first, then each frame decoded on one thread, within the caller's limits, as RGBA. */
#include "camera_codecs.h"
#include "camera_libraries.h"
#include <stdlib.h>

/* (The sequence's frame count is the caller's to check: libavif's imageCountLimit fails the parse
 * of a sequence longer than it, and the first frame alone may be wanted.) */
static avifDecoder *parsed(const uint8_t *data, size_t size, uint64_t most_pixels, int *code) {
    const struct cp_avif_library *lib = cp_avif();
    avifDecoder *decoder = lib->avifDecoderCreate();
    if (!decoder) { *code = CP_NO_MEMORY; return NULL; }
    decoder->maxThreads = 1;
    decoder->ignoreExif = AVIF_TRUE;
    decoder->ignoreXMP = AVIF_TRUE;
    if (most_pixels && most_pixels < decoder->imageSizeLimit) decoder->imageSizeLimit = (uint32_t)most_pixels;
    avifResult result = lib->avifDecoderSetIOMemory(decoder, data, size);
    if (result == AVIF_RESULT_OK) result = lib->avifDecoderParse(decoder);
    if (result != AVIF_RESULT_OK) {
        *code = result == AVIF_RESULT_TRUNCATED_DATA ? CP_CUT_SHORT : result == AVIF_RESULT_OUT_OF_MEMORY ? CP_NO_MEMORY : CP_UNDECODABLE;
        lib->avifDecoderDestroy(decoder);
        return NULL;
    }
    if (decoder->image->width == 0 || decoder->image->height == 0) {
        *code = CP_NO_PIXELS;
        lib->avifDecoderDestroy(decoder);
        return NULL;
    }
    *code = CP_OK;
    return decoder;
}

int cp_avif_read_info(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, uint32_t *frames) {
    const struct cp_avif_library *lib = cp_avif();
    if (!lib) return CP_NO_LIBRARY;
    int code;
    avifDecoder *decoder = parsed(data, size, 0, &code);
    if (!decoder) return code;
    *width = decoder->image->width;
    *height = decoder->image->height;
    *frames = decoder->imageCount > 0 ? (uint32_t)decoder->imageCount : 0;
    lib->avifDecoderDestroy(decoder);
    return CP_OK;
}

int cp_avif_decode(const uint8_t *data, size_t size, uint64_t most_pixels, uint32_t most_frames,
                   void *context, cp_frame_fn frame) {
    const struct cp_avif_library *lib = cp_avif();
    if (!lib) return CP_NO_LIBRARY;
    int code;
    avifDecoder *decoder = parsed(data, size, most_pixels, &code);
    if (!decoder) return code;
    if ((uint64_t)decoder->image->width * decoder->image->height > most_pixels) {
        lib->avifDecoderDestroy(decoder);
        return CP_TOO_MANY_PIXELS;
    }
    uint32_t frames = 0;
    code = CP_OK;
    avifResult result;
    while (frames < most_frames && (result = lib->avifDecoderNextImage(decoder)) == AVIF_RESULT_OK) {
        avifRGBImage rgb;
        lib->avifRGBImageSetDefaults(&rgb, decoder->image);
        rgb.format = AVIF_RGB_FORMAT_RGBA;
        rgb.depth = 8;
        /* Every frame is the sequence's size: one that is not is refused, not drawn out of bounds. */
        if (rgb.width != decoder->image->width || (uint64_t)rgb.width * rgb.height > most_pixels) { code = CP_UNDECODABLE; break; }
        lib->avifRGBImageAllocatePixels(&rgb);
        if (!rgb.pixels) { code = CP_NO_MEMORY; break; }
        if (lib->avifImageYUVToRGB(decoder->image, &rgb) != AVIF_RESULT_OK || rgb.rowBytes != rgb.width * 4) {
            lib->avifRGBImageFreePixels(&rgb);
            code = CP_UNDECODABLE;
            break;
        }
        double ms = decoder->imageTiming.duration * 1000.0;
        uint32_t duration = ms < 0 || ms != ms ? 0 : ms > 60000 ? 60000 : (uint32_t)ms;
        int stop = frame(context, rgb.pixels, rgb.width, rgb.height, duration);
        lib->avifRGBImageFreePixels(&rgb);
        frames++;
        if (stop) { code = CP_CANCELLED; break; }
    }
    if (code == CP_OK && frames == 0) code = CP_UNDECODABLE;
    lib->avifDecoderDestroy(decoder);
    return code;
}
