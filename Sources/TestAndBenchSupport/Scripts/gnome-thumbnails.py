#!/usr/bin/python3
# Why this exists: GNOME's own freedesktop thumbnail code (gnome-desktop's GnomeDesktopThumbnailFactory) for the interoperability tests: save a thumbnail as GNOME does, or look one up as GNOME does.
#   gnome-thumbnails.py save IMAGE URI MTIME   -> writes IMAGE as the normal-size thumbnail of URI
#   gnome-thumbnails.py lookup URI MTIME       -> prints the path of a valid thumbnail, exits 1 if none
# Uses $XDG_CACHE_HOME like the app. Run with Debian's python3 (python3-gi, gir1.2-gnomedesktop-4.0).
import sys

import gi

gi.require_version("GnomeDesktop", "4.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, GnomeDesktop  # noqa: E402

factory = GnomeDesktop.DesktopThumbnailFactory.new(GnomeDesktop.DesktopThumbnailSize.NORMAL)
command = sys.argv[1]
if command == "save":
    image, uri, mtime = sys.argv[2], sys.argv[3], int(sys.argv[4])
    pixbuf = GdkPixbuf.Pixbuf.new_from_file(image)
    factory.save_thumbnail(pixbuf, uri, mtime, None)
    print("saved")
elif command == "lookup":
    uri, mtime = sys.argv[2], int(sys.argv[3])
    path = factory.lookup(uri, mtime)
    if not path:
        sys.exit(1)
    print(path)
else:
    sys.exit(2)
