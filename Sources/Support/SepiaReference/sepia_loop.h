/* Why this exists: the C reference's loop, written once and compiled twice: sepia_reference.c
 * (-O3 -march=native) and ../SepiaReferencePortable (-O3, portable x86-64), each defining
 * SEPIA_REFERENCE_NAME first. */
#include <stddef.h>
#include <stdint.h>

static inline uint8_t sepia_clamp_byte(float v) {
    v += 0.5f;
    if (v < 0.0f) v = 0.0f;
    if (v > 255.0f) v = 255.0f;
    return (uint8_t)v;
}

void SEPIA_REFERENCE_NAME(const uint8_t *restrict src, uint8_t *restrict dst, size_t pixels, int channels, const float a[9]) {
    const float a00 = a[0], a01 = a[1], a02 = a[2], a10 = a[3], a11 = a[4], a12 = a[5], a20 = a[6], a21 = a[7], a22 = a[8];
    if (channels == 4) {
        for (size_t i = 0; i < pixels; i++) {
            float r = src[4 * i], g = src[4 * i + 1], b = src[4 * i + 2];
            dst[4 * i] = sepia_clamp_byte(r * a00 + g * a01 + b * a02);
            dst[4 * i + 1] = sepia_clamp_byte(r * a10 + g * a11 + b * a12);
            dst[4 * i + 2] = sepia_clamp_byte(r * a20 + g * a21 + b * a22);
            dst[4 * i + 3] = src[4 * i + 3];
        }
    } else {
        for (size_t i = 0; i < pixels; i++) {
            float r = src[3 * i], g = src[3 * i + 1], b = src[3 * i + 2];
            dst[3 * i] = sepia_clamp_byte(r * a00 + g * a01 + b * a02);
            dst[3 * i + 1] = sepia_clamp_byte(r * a10 + g * a11 + b * a12);
            dst[3 * i + 2] = sepia_clamp_byte(r * a20 + g * a21 + b * a22);
        }
    }
}
