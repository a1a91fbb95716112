/* Why this exists: see include/camera_codecs.h; this file is the RAW half, libraw 0.20 opened on the file's bytes: what the file says read without its pixels, its largest embedded preview, and the sensor data developed into sRGB once its size is within the caller's limit. */
#include "camera_codecs.h"
#include "camera_libraries.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void say(char *why, size_t why_size, const char *what) {
    if (why && why_size) snprintf(why, why_size, "%s", what);
}

/* libraw's error as ours, its words in `why`. */
static int said_libraw(char *why, size_t why_size, int code) {
    const struct cp_raw_library *lib = cp_raw();
    say(why, why_size, lib->libraw_strerror(code));
    if (code == LIBRAW_FILE_UNSUPPORTED) return CP_UNSUPPORTED;
    if (code == LIBRAW_IO_ERROR || code == LIBRAW_DATA_ERROR) return CP_CUT_SHORT;
    if (code == LIBRAW_UNSUFFICIENT_MEMORY || code == LIBRAW_TOO_BIG) return CP_NO_MEMORY;
    return CP_UNDECODABLE;
}

/* A processor opened on the bytes (which it reads in place), or NULL with the reason in `*code`. */
static libraw_data_t *opened(const uint8_t *data, size_t size, int *code, char *why, size_t why_size) {
    const struct cp_raw_library *lib = cp_raw();
    libraw_data_t *raw = lib->libraw_init(0);
    if (!raw) { say(why, why_size, "out of memory"); *code = CP_NO_MEMORY; return NULL; }
    int opening = lib->libraw_open_buffer(raw, (void *)data, size);
    if (opening != LIBRAW_SUCCESS) {
        *code = said_libraw(why, why_size, opening);
        lib->libraw_close(raw);
        return NULL;
    }
    if (raw->sizes.width == 0 || raw->sizes.height == 0 || raw->sizes.raw_width == 0 || raw->sizes.raw_height == 0) {
        say(why, why_size, "the image declares no pixels");
        *code = CP_NO_PIXELS;
        lib->libraw_close(raw);
        return NULL;
    }
    *code = CP_OK;
    return raw;
}

static void copy_text(char *into, size_t size, const char *from) {
    snprintf(into, size, "%s", from);
}

int cp_raw_read_info(const uint8_t *data, size_t size, cp_raw_info *info, char *why, size_t why_size) {
    const struct cp_raw_library *lib = cp_raw();
    if (!lib) return CP_NO_LIBRARY;
    memset(info, 0, sizeof *info);
    int result = CP_OK;
    libraw_data_t *raw = opened(data, size, &result, why, why_size);
    if (!raw) return result;
    info->width = raw->sizes.width;
    info->height = raw->sizes.height;
    info->raw_width = raw->sizes.raw_width;
    info->raw_height = raw->sizes.raw_height;
    info->flip = raw->sizes.flip;
    /* Whether it is a JPEG or pixels is known only once unpacked (cp_raw_preview). */
    info->has_preview = raw->thumbnail.twidth > 0 && raw->thumbnail.theight > 0 && raw->thumbnail.tlength > 0;
    info->preview_width = raw->thumbnail.twidth;
    info->preview_height = raw->thumbnail.theight;
    info->preview_bytes = raw->thumbnail.tlength;
    copy_text(info->make, sizeof info->make, raw->idata.make);
    copy_text(info->model, sizeof info->model, raw->idata.model);
    copy_text(info->lens, sizeof info->lens, raw->lens.Lens);
    info->iso = raw->other.iso_speed;
    info->shutter = raw->other.shutter;
    info->aperture = raw->other.aperture;
    info->focal_length = raw->other.focal_len;
    info->timestamp = (int64_t)raw->other.timestamp;
    lib->libraw_close(raw);
    return CP_OK;
}

/* A processed image's bytes copied out (malloc'd) with its size, or the reason. */
static int copied_out(const libraw_processed_image_t *image, uint8_t **out, char *why, size_t why_size) {
    *out = malloc(image->data_size);
    if (!*out) { say(why, why_size, "out of memory"); return CP_NO_MEMORY; }
    memcpy(*out, image->data, image->data_size);
    return CP_OK;
}

int cp_raw_preview(const uint8_t *data, size_t size, uint64_t most_bytes, uint8_t **out, size_t *out_size,
                   int *is_jpeg, uint32_t *width, uint32_t *height, char *why, size_t why_size) {
    const struct cp_raw_library *lib = cp_raw();
    if (!lib) return CP_NO_LIBRARY;
    *out = NULL;
    *out_size = 0;
    int result = CP_OK;
    libraw_data_t *raw = opened(data, size, &result, why, why_size);
    if (!raw) return result;
    result = CP_UNDECODABLE;
    libraw_processed_image_t *image = NULL;
    if (raw->thumbnail.tlength == 0 || raw->thumbnail.twidth == 0 || raw->thumbnail.theight == 0) {
        say(why, why_size, "it holds no preview");
        result = CP_NO_PREVIEW;
        goto done;
    }
    /* Its bytes, and its pixels as an RGB picture (a bitmap preview is unpacked to that). */
    if (raw->thumbnail.tlength > most_bytes || (uint64_t)raw->thumbnail.twidth * raw->thumbnail.theight * 3 > most_bytes * 4) {
        say(why, why_size, "its preview is larger than allowed");
        result = CP_PREVIEW_TOO_LARGE;
        goto done;
    }
    int code = lib->libraw_unpack_thumb(raw);
    if (code != LIBRAW_SUCCESS) { result = said_libraw(why, why_size, code); goto done; }
    if (raw->thumbnail.tformat != LIBRAW_THUMBNAIL_JPEG && raw->thumbnail.tformat != LIBRAW_THUMBNAIL_BITMAP) {
        say(why, why_size, "its preview is in a form not read");
        result = CP_NO_PREVIEW;
        goto done;
    }
    image = lib->libraw_dcraw_make_mem_thumb(raw, &code);
    if (!image) { result = said_libraw(why, why_size, code); goto done; }
    if (image->data_size == 0 || image->data_size > most_bytes) {
        say(why, why_size, "its preview is larger than allowed");
        result = CP_PREVIEW_TOO_LARGE;
        goto done;
    }
    if (image->type == LIBRAW_IMAGE_BITMAP && (image->colors != 3 || image->bits != 8
                                               || (uint64_t)image->width * image->height * 3 != image->data_size)) {
        say(why, why_size, "its preview is not an RGB picture");
        goto done;
    }
    if ((result = copied_out(image, out, why, why_size)) != CP_OK) goto done;
    *out_size = image->data_size;
    *is_jpeg = image->type == LIBRAW_IMAGE_JPEG;
    *width = image->width;
    *height = image->height;
    result = CP_OK;
done:
    if (image) lib->libraw_dcraw_clear_mem(image);
    lib->libraw_close(raw);
    return result;
}

int cp_raw_develop(const uint8_t *data, size_t size, int half, uint64_t most_pixels, uint8_t **out,
                   uint32_t *width, uint32_t *height, char *why, size_t why_size) {
    const struct cp_raw_library *lib = cp_raw();
    if (!lib) return CP_NO_LIBRARY;
    *out = NULL;
    int result = CP_OK;
    libraw_data_t *raw = opened(data, size, &result, why, why_size);
    if (!raw) return result;
    result = CP_UNDECODABLE;
    libraw_processed_image_t *image = NULL;
    /* libraw holds the sensor's data and four 16-bit channels for each developed pixel. */
    if ((uint64_t)raw->sizes.raw_width * raw->sizes.raw_height > most_pixels
        || (uint64_t)raw->sizes.width * raw->sizes.height > most_pixels) {
        say(why, why_size, "too many pixels");
        result = CP_TOO_MANY_PIXELS;
        goto done;
    }
    raw->params.half_size = half ? 1 : 0;
    raw->params.use_camera_wb = 1;
    raw->params.output_color = 1; /* sRGB */
    raw->params.output_bps = 8;
    raw->params.user_flip = 0; /* unturned: the caller turns it, as the file or its sidecar says */
    int code = lib->libraw_unpack(raw);
    if (code == LIBRAW_SUCCESS) code = lib->libraw_dcraw_process(raw);
    if (code == LIBRAW_SUCCESS) image = lib->libraw_dcraw_make_mem_image(raw, &code);
    if (!image) { result = said_libraw(why, why_size, code); goto done; }
    if (image->type != LIBRAW_IMAGE_BITMAP || image->colors != 3 || image->bits != 8
        || (uint64_t)image->width * image->height * 3 != image->data_size) {
        say(why, why_size, "it developed into no RGB picture");
        goto done;
    }
    if ((result = copied_out(image, out, why, why_size)) != CP_OK) goto done;
    *width = image->width;
    *height = image->height;
    result = CP_OK;
done:
    if (image) lib->libraw_dcraw_clear_mem(image);
    lib->libraw_close(raw);
    return result;
}
