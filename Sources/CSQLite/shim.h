/* Why this exists: the C header Swift imports for SQLite, which keeps the photos' metadata index (dates taken, sizes) in the user's cache folder; only the SQLite binding sees it. */
#ifndef CLASSIC_PHOTOS_CSQLITE_SHIM_H
#define CLASSIC_PHOTOS_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
