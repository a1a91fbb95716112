#!/usr/bin/python3
# Why this exists: a real drag source for the drop test: a small GTK 4 window that offers one file (as a file manager would) when dragged with the mouse.
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk  # noqa: E402

path = sys.argv[1]
Gtk.init()
window = Gtk.Window(title="drag-source")
window.set_default_size(160, 120)
label = Gtk.Label(label="manifest")
window.set_child(label)

source = Gtk.DragSource()
source.set_actions(Gdk.DragAction.COPY)


def prepare(_source, _x, _y):
    value = GObject.Value(Gio.File, Gio.File.new_for_path(path))
    return Gdk.ContentProvider.new_for_value(value)


def finished(_source, _drag, deleted):
    print("drag-end", flush=True)


source.connect("prepare", prepare)
source.connect("drag-end", finished)
label.add_controller(source)

loop = GLib.MainLoop()
window.connect("close-request", lambda *_: loop.quit() or False)
window.present()
print("ready", flush=True)
loop.run()
