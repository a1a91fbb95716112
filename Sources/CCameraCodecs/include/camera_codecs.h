/* Why this exists: a camera's RAW files (libraw) and JPEG XL (libjxl) read into plain buffers behind a small C interface, for the decoding helper's program alone (the app never links either library). Every function checks the sizes a file declares against the caller's limits before it allocates pixels, and says why it failed in `why`. */
#ifndef CAMERA_CODECS_H
#define CAMERA_CODECS_H
#include <stddef.h>
#include <stdint.h>

/* What every function returns: 0, or why it failed (`why`, where given, holds the library's own
 * words, for a debugger: the app's words come from the code; NULL for none). */
enum {
    CP_OK = 0,
    CP_CUT_SHORT = 1,        /* the file ends before its data does */
    CP_UNSUPPORTED = 2,      /* not a file of this kind, or a camera libraw does not read */
    CP_NO_PIXELS = 3,        /* a size of zero */
    CP_TOO_MANY_PIXELS = 4,  /* past the caller's limit */
    CP_NO_MEMORY = 5,
    CP_NO_PREVIEW = 6,
    CP_PREVIEW_TOO_LARGE = 7,
    CP_UNDECODABLE = 8,      /* its data cannot be decoded */
    CP_CANCELLED = 9,
    CP_NO_LIBRARY = 10,      /* the library that reads it is not installed */
};

/* What a JPEG XL file's header says, read before any pixel. */
typedef struct {
    uint32_t width, height;      /* as shown: after its orientation */
    uint32_t orientation;        /* 1–8, as EXIF */
    int animated;
    uint32_t ticks_numerator, ticks_denominator; /* an animation's ticks a second */
    uint32_t loops;              /* 0: for ever */
    int has_alpha;
} cp_jxl_info;

/* Called for each frame decoded: RGBA, 8 bits, `width` × 4 bytes a row; `duration_ms` for an
 * animation's frame. Returning non-zero stops the decode (cancelled). */
typedef int (*cp_frame_fn)(void *context, const uint8_t *rgba, uint32_t width, uint32_t height, uint32_t duration_ms);

/* The header alone. CP_OK on success. */
int cp_jxl_read_info(const uint8_t *data, size_t size, cp_jxl_info *info, char *why, size_t why_size);

/* Frames decoded (at most `most_frames`), each of at most `most_pixels`; the colour profile the
 * pixels are in, in `*icc` (malloc'd, free with cp_free; NULL when none). CP_OK on success. */
int cp_jxl_decode(const uint8_t *data, size_t size, uint64_t most_pixels, uint32_t most_frames,
                  void *context, cp_frame_fn frame, cp_jxl_info *info,
                  uint8_t **icc, size_t *icc_size, char *why, size_t why_size);

/* How many frames the file holds (their headers read, their pixels skipped), at most `most`. */
uint32_t cp_jxl_count_frames(const uint8_t *data, size_t size, uint32_t most);

/* An AVIF image sequence (libavif): its size and frame count, read from its boxes alone. */
int cp_avif_read_info(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height, uint32_t *frames);

/* Its frames decoded (at most `most_frames`, each of at most `most_pixels`), one thread. */
int cp_avif_decode(const uint8_t *data, size_t size, uint64_t most_pixels, uint32_t most_frames,
                   void *context, cp_frame_fn frame);

/* The Exif box's bytes (its 4-byte offset, then a TIFF) and the XMP packet, each at most
 * `most_bytes`, decompressed where they are Brotli boxes, from a file's first bytes; malloc'd
 * (NULL: none). Always CP_OK but for a decoder that cannot start. */
int cp_jxl_metadata(const uint8_t *data, size_t size, uint64_t most_bytes, uint8_t **exif, size_t *exif_size,
                    uint8_t **xmp, size_t *xmp_size);

/* What a RAW file says about itself, read without unpacking its pixels. */
typedef struct {
    uint32_t width, height;         /* the developed image's, before its turn */
    uint32_t raw_width, raw_height; /* the sensor data's */
    int flip;                       /* libraw's: 0, 3 (half a turn), 5 (a quarter anticlockwise), 6 (clockwise) */
    int has_preview;
    uint32_t preview_width, preview_height;
    uint64_t preview_bytes;
    char make[64], model[64], lens[128];
    float iso, shutter, aperture, focal_length;
    int64_t timestamp;              /* seconds since the epoch as the camera's clock read (local), 0: none */
} cp_raw_info;

int cp_raw_read_info(const uint8_t *data, size_t size, cp_raw_info *info, char *why, size_t why_size);

/* The largest embedded preview: a JPEG's bytes (`*is_jpeg` 1) or RGB pixels (`*is_jpeg` 0,
 * `*width` × `*height`), malloc'd in `*out`, at most `most_bytes`. CP_OK on success. */
int cp_raw_preview(const uint8_t *data, size_t size, uint64_t most_bytes, uint8_t **out, size_t *out_size,
                   int *is_jpeg, uint32_t *width, uint32_t *height, char *why, size_t why_size);

/* The sensor data developed (the camera's white balance, its matrix into sRGB, 8 bits, never
 * turned: the caller turns it), at half size when `half`; refused when the sensor holds more than `most_pixels`.
 * RGB pixels, `*width` × 3 bytes a row, malloc'd in `*out`. CP_OK on success. */
int cp_raw_develop(const uint8_t *data, size_t size, int half, uint64_t most_pixels, uint8_t **out,
                   uint32_t *width, uint32_t *height, char *why, size_t why_size);

void cp_free(void *pointer);

#endif
