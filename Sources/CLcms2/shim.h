/* Why this exists: the C header Swift imports for Little CMS 2 (lcms2), the colour management library every anchor viewer uses to turn a photo's embedded profile into sRGB. */
#ifndef CLASSIC_PHOTOS_CLCMS2_SHIM_H
#define CLASSIC_PHOTOS_CLCMS2_SHIM_H
#include <lcms2.h>
#endif
