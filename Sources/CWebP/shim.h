/* Why this exists: the C header Swift imports for libwebp, which Rotate needs to turn a lossless WebP's pixels: its decoder and its encoder (lossless, exact). */
#ifndef CLASSIC_PHOTOS_CWEBP_SHIM_H
#define CLASSIC_PHOTOS_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/encode.h>
#endif
