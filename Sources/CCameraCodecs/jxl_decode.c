/* Why this exists: see include/camera_codecs.h; this file is the JPEG XL half, libjxl 0.7's decoder driven by its events: the basic info checked against the limits before a pixel is decoded, each frame handed over as RGBA, the profile of the decoded pixels read once. */
#include "camera_codecs.h"
#include "camera_libraries.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void say(char *why, size_t why_size, const char *what) {
    if (why && why_size) snprintf(why, why_size, "%s", what);
}

static void fill_info(const JxlBasicInfo *basic, cp_jxl_info *info) {
    int turned = basic->orientation > 4;
    info->width = turned ? basic->ysize : basic->xsize;
    info->height = turned ? basic->xsize : basic->ysize;
    info->orientation = basic->orientation;
    info->animated = basic->have_animation ? 1 : 0;
    info->ticks_numerator = basic->have_animation ? basic->animation.tps_numerator : 0;
    info->ticks_denominator = basic->have_animation ? basic->animation.tps_denominator : 0;
    info->loops = basic->have_animation ? basic->animation.num_loops : 0;
    info->has_alpha = basic->alpha_bits > 0;
}

int cp_jxl_read_info(const uint8_t *data, size_t size, cp_jxl_info *info, char *why, size_t why_size) {
    const struct cp_jxl_library *lib = cp_jxl();
    if (!lib) return CP_NO_LIBRARY;
    memset(info, 0, sizeof *info);
    JxlDecoder *decoder = lib->JxlDecoderCreate(NULL);
    if (!decoder) { say(why, why_size, "out of memory"); return CP_NO_MEMORY; }
    int result = CP_UNDECODABLE;
    if (lib->JxlDecoderSubscribeEvents(decoder, JXL_DEC_BASIC_INFO) != JXL_DEC_SUCCESS
        || lib->JxlDecoderSetInput(decoder, data, size) != JXL_DEC_SUCCESS) {
        say(why, why_size, "the decoder refused the file");
        goto done;
    }
    lib->JxlDecoderCloseInput(decoder);
    JxlDecoderStatus status = lib->JxlDecoderProcessInput(decoder);
    if (status == JXL_DEC_BASIC_INFO) {
        JxlBasicInfo basic;
        if (lib->JxlDecoderGetBasicInfo(decoder, &basic) == JXL_DEC_SUCCESS) {
            fill_info(&basic, info);
            result = CP_OK;
        } else {
            say(why, why_size, "its header cannot be read");
        }
    } else if (status == JXL_DEC_NEED_MORE_INPUT) {
        say(why, why_size, "the file is cut short");
        result = CP_CUT_SHORT;
    } else {
        say(why, why_size, "its header cannot be read");
    }
done:
    lib->JxlDecoderDestroy(decoder);
    return result;
}

/* Frame durations in milliseconds from ticks, within sane bounds. */
static uint32_t duration_ms(uint32_t ticks, const cp_jxl_info *info) {
    if (!info->ticks_numerator) return 0;
    /* (In doubles: ticks × 1,000 × a 32-bit denominator overflows 64 bits.) */
    double ms = (double)ticks * 1000.0 * info->ticks_denominator / info->ticks_numerator;
    return ms > 60000 ? 60000 : (uint32_t)ms;
}

int cp_jxl_decode(const uint8_t *data, size_t size, uint64_t most_pixels, uint32_t most_frames,
                  void *context, cp_frame_fn frame, cp_jxl_info *info,
                  uint8_t **icc, size_t *icc_size, char *why, size_t why_size) {
    const struct cp_jxl_library *lib = cp_jxl();
    if (!lib) return CP_NO_LIBRARY;
    memset(info, 0, sizeof *info);
    *icc = NULL;
    *icc_size = 0;
    JxlDecoder *decoder = lib->JxlDecoderCreate(NULL);
    if (!decoder) { say(why, why_size, "out of memory"); return CP_NO_MEMORY; }
    const JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    uint8_t *pixels = NULL;
    size_t pixel_bytes = 0;
    uint32_t frames = 0, duration = 0;
    int result = CP_UNDECODABLE;
    if (lib->JxlDecoderSubscribeEvents(decoder, JXL_DEC_BASIC_INFO | JXL_DEC_COLOR_ENCODING | JXL_DEC_FRAME | JXL_DEC_FULL_IMAGE) != JXL_DEC_SUCCESS
        || lib->JxlDecoderSetInput(decoder, data, size) != JXL_DEC_SUCCESS) {
        say(why, why_size, "the decoder refused the file");
        goto done;
    }
    lib->JxlDecoderCloseInput(decoder);
    for (;;) {
        JxlDecoderStatus status = lib->JxlDecoderProcessInput(decoder);
        if (status == JXL_DEC_ERROR) { say(why, why_size, "its data cannot be decoded"); goto done; }
        if (status == JXL_DEC_NEED_MORE_INPUT) {
            /* Frames already shown stand; a file cut before its first frame fails. */
            if (frames > 0) break;
            say(why, why_size, "the file is cut short");
            result = CP_CUT_SHORT;
            goto done;
        }
        if (status == JXL_DEC_SUCCESS) break;
        if (status == JXL_DEC_BASIC_INFO) {
            JxlBasicInfo basic;
            if (lib->JxlDecoderGetBasicInfo(decoder, &basic) != JXL_DEC_SUCCESS) { say(why, why_size, "its header cannot be read"); goto done; }
            fill_info(&basic, info);
            if (info->width == 0 || info->height == 0) { say(why, why_size, "the image declares no pixels"); result = CP_NO_PIXELS; goto done; }
            if ((uint64_t)info->width * info->height > most_pixels) {
                say(why, why_size, "too many pixels");
                result = CP_TOO_MANY_PIXELS;
                goto done;
            }
        } else if (status == JXL_DEC_COLOR_ENCODING) {
            size_t length = 0;
            if (lib->JxlDecoderGetICCProfileSize(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, &length) == JXL_DEC_SUCCESS
                && length > 0 && length <= (4u << 20)) {
                *icc = malloc(length);
                if (*icc && lib->JxlDecoderGetColorAsICCProfile(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, *icc, length) == JXL_DEC_SUCCESS) {
                    *icc_size = length;
                } else {
                    free(*icc);
                    *icc = NULL;
                }
            }
        } else if (status == JXL_DEC_FRAME) {
            JxlFrameHeader header;
            duration = lib->JxlDecoderGetFrameHeader(decoder, &header) == JXL_DEC_SUCCESS ? duration_ms(header.duration, info) : 0;
        } else if (status == JXL_DEC_NEED_IMAGE_OUT_BUFFER) {
            size_t needed = 0;
            if (lib->JxlDecoderImageOutBufferSize(decoder, &format, &needed) != JXL_DEC_SUCCESS
                || needed != (size_t)info->width * info->height * 4) {
                say(why, why_size, "its frames do not match its size");
                goto done;
            }
            if (!pixels) {
                pixels = malloc(needed);
                pixel_bytes = needed;
                if (!pixels) { say(why, why_size, "out of memory"); result = CP_NO_MEMORY; goto done; }
            }
            if (lib->JxlDecoderSetImageOutBuffer(decoder, &format, pixels, pixel_bytes) != JXL_DEC_SUCCESS) {
                say(why, why_size, "the decoder refused its buffer");
                goto done;
            }
        } else if (status == JXL_DEC_FULL_IMAGE) {
            frames++;
            if (frame(context, pixels, info->width, info->height, duration) != 0) {
                say(why, why_size, "cancelled");
                result = CP_CANCELLED;
                goto done;
            }
            if (frames >= most_frames) break;
        }
    }
    result = frames > 0 ? CP_OK : CP_UNDECODABLE;
    if (result != CP_OK) say(why, why_size, "it holds no frame");
done:
    if (result != CP_OK) {
        free(*icc);
        *icc = NULL;
        *icc_size = 0;
    }
    free(pixels);
    lib->JxlDecoderDestroy(decoder);
    return result;
}

uint32_t cp_jxl_count_frames(const uint8_t *data, size_t size, uint32_t most) {
    const struct cp_jxl_library *lib = cp_jxl();
    if (!lib) return 0;
    JxlDecoder *decoder = lib->JxlDecoderCreate(NULL);
    if (!decoder) return 0;
    uint32_t frames = 0;
    if (lib->JxlDecoderSubscribeEvents(decoder, JXL_DEC_FRAME) == JXL_DEC_SUCCESS && lib->JxlDecoderSetInput(decoder, data, size) == JXL_DEC_SUCCESS) {
        lib->JxlDecoderCloseInput(decoder);
        while (frames < most && lib->JxlDecoderProcessInput(decoder) == JXL_DEC_FRAME) frames++;
    }
    lib->JxlDecoderDestroy(decoder);
    return frames;
}

void cp_free(void *pointer) { free(pointer); }
