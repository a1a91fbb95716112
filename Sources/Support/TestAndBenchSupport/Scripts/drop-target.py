#!/usr/bin/python3
# Why this exists: a real drop target for the drag-out tests: a GTK 4 window in another process that takes a file, a list of files or an image (in the order given: "file,texture", "texture,file", "files") and prints what it got.
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk  # noqa: E402

order = sys.argv[1].split(",") if len(sys.argv) > 1 else ["file", "texture"]
types = {"file": Gio.File, "texture": Gdk.Texture, "files": Gdk.FileList}
Gtk.init()
window = Gtk.Window(title="drop-target")
window.set_default_size(200, 200)
label = Gtk.Label(label="drop here")
window.set_child(label)

target = Gtk.DropTarget.new(GObject.TYPE_NONE, Gdk.DragAction.COPY)
target.set_gtypes([types[name] for name in order])


def dropped(_target, value, _x, _y):
    if isinstance(value, Gdk.FileList):
        print("files\t" + "\t".join(file.get_path() for file in value.get_files()), flush=True)
    elif isinstance(value, Gio.File):
        print("file", value.get_path(), flush=True)
    elif isinstance(value, Gdk.Texture):
        path = GLib.build_filenamev([GLib.get_tmp_dir(), "drop-target-%d.png" % GLib.get_monotonic_time()])
        value.save_to_png(path)
        print("texture", value.get_width(), value.get_height(), path, flush=True)
    else:
        print("other", type(value), flush=True)
    return True


target.connect("drop", dropped)
window.add_controller(target)
loop = GLib.MainLoop()
window.connect("close-request", lambda *_: loop.quit() or False)
window.present()
print("ready", flush=True)
loop.run()
