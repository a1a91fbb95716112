/* Why this exists: the C sepia reference built -O3 without -march (see ../../SepiaReference/sepia_loop.h for the loop). */
#ifndef SEPIA_REFERENCE_PORTABLE_H
#define SEPIA_REFERENCE_PORTABLE_H
#include <stddef.h>
#include <stdint.h>

void sepia_reference_portable(const uint8_t *src, uint8_t *dst, size_t pixels, int channels, const float a[9]);
#endif
