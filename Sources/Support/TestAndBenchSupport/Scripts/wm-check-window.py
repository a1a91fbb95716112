#!/usr/bin/python3
# Why this exists: the benchmark's Xvfb stands in for a desktop session, which always runs a window manager. GDK looks for
# the manager's EWMH check window (_NET_SUPPORTING_WM_CHECK) whenever it asks what the manager supports, which it does at
# the end of every frame; with none found it asks the X server again, a synchronous round trip, on every frame. This
# announces a manager that supports no hints (so GDK waits for no compositor), then exits: the properties stay on the root
# (as long as the server does not reset when its last client leaves: Xvfb.swift starts it with -noreset).
#   wm-check-window.py         -> sets them on $DISPLAY's root window
#   wm-check-window.py --check -> exits 0 if they are set, 1 if not
import ctypes
import sys

XA_ATOM, XA_WINDOW, PROP_MODE_REPLACE = 4, 33, 0

x11 = ctypes.CDLL("libX11.so.6")
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
x11.XDefaultRootWindow.restype = ctypes.c_ulong
x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x11.XInternAtom.restype = ctypes.c_ulong
x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
x11.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong,
                                ctypes.c_int, ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
x11.XGetWindowProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long,
                                   ctypes.c_int, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                                   ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong),
                                   ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
x11.XFree.argtypes = [ctypes.c_void_p]
x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
x11.XCloseDisplay.argtypes = [ctypes.c_void_p]

display = x11.XOpenDisplay(None)
if not display:
    sys.exit("wm-check-window.py: cannot open the display")
root = x11.XDefaultRootWindow(display)
check_atom = x11.XInternAtom(display, b"_NET_SUPPORTING_WM_CHECK", 0)


def check_window_of(window):
    """The window named by `window`'s _NET_SUPPORTING_WM_CHECK, or 0."""
    kind, form, count, after = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_ulong(), ctypes.c_ulong()
    data = ctypes.c_void_p()
    x11.XGetWindowProperty(display, window, check_atom, 0, 1, 0, XA_WINDOW, ctypes.byref(kind), ctypes.byref(form),
                           ctypes.byref(count), ctypes.byref(after), ctypes.byref(data))
    value = ctypes.cast(data, ctypes.POINTER(ctypes.c_ulong))[0] if data.value and count.value == 1 else 0
    if data.value:
        x11.XFree(data)
    return value if kind.value == XA_WINDOW else 0


if sys.argv[1:] == ["--check"]:
    found = check_window_of(root)
    sys.exit(0 if found and check_window_of(found) == found else 1)

# The root window serves as the check window (it names itself, as GDK requires), so no client has to stay connected.
# Format-32 property data is an array of C longs in Xlib.
self_reference = ctypes.c_ulong(root)
x11.XChangeProperty(display, root, check_atom, XA_WINDOW, 32, PROP_MODE_REPLACE, ctypes.byref(self_reference), 1)
# An empty list of supported hints: not _NET_WM_FRAME_DRAWN, so frames are not held for a compositor that is not there.
x11.XChangeProperty(display, root, x11.XInternAtom(display, b"_NET_SUPPORTED", 0), XA_ATOM, 32, PROP_MODE_REPLACE,
                    ctypes.byref(self_reference), 0)
name = b"stand-in"
utf8 = x11.XInternAtom(display, b"UTF8_STRING", 0)
x11.XChangeProperty(display, root, x11.XInternAtom(display, b"_NET_WM_NAME", 0), utf8, 8, PROP_MODE_REPLACE,
                    ctypes.c_char_p(name), len(name))
x11.XSync(display, 0)
x11.XCloseDisplay(display)
