#!/usr/bin/python3
# Why this exists: GNOME's own freedesktop thumbnail code (gnome-desktop's GnomeDesktopThumbnailFactory) for the interoperability tests: save a thumbnail as GNOME does, or look one up as GNOME does.
#   gnome-thumbnails.py save IMAGE URI MTIME   -> writes IMAGE as the normal-size thumbnail of URI
#   gnome-thumbnails.py lookup URI MTIME       -> prints the path of a valid thumbnail, exits 1 if none
#   gnome-thumbnails.py generate FILE...       -> makes and saves each file's thumbnail as Nautilus does
#                                                 (the desktop's thumbnailer, one process a file); prints the ms
# Uses $XDG_CACHE_HOME like the app. Run with Debian's python3 (python3-gi, gir1.2-gnomedesktop-4.0).
import os
import sys
import time

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
elif command == "generate":
    from gi.repository import Gio  # noqa: E402
    start = time.monotonic()
    for path in sys.argv[2:]:
        file = Gio.File.new_for_path(path)
        info = file.query_info("standard::content-type,time::modified", Gio.FileQueryInfoFlags.NONE, None)
        uri, mtime = file.get_uri(), info.get_attribute_uint64("time::modified")
        pixbuf = factory.generate_thumbnail(uri, info.get_content_type(), None)
        factory.save_thumbnail(pixbuf, uri, mtime, None)
    print("%.1f" % ((time.monotonic() - start) * 1000))
else:
    sys.exit(2)
