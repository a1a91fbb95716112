/* Why this exists: a plain C sepia loop (the same math as the Swift kernel) and memcpy, the yardsticks the Swift kernel is measured against. */
#ifndef SEPIA_REFERENCE_H
#define SEPIA_REFERENCE_H
#include <stddef.h>
#include <stdint.h>

/* out = A·in per pixel (A: the blended 3×3 matrix, row-major), clamped and rounded; alpha copied. */
void sepia_reference(const uint8_t *src, uint8_t *dst, size_t pixels, int channels, const float a[9]);

/* memcpy of the same buffer: the memory-bandwidth limit. */
void copy_reference(const uint8_t *src, uint8_t *dst, size_t bytes);
#endif
