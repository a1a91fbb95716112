#!/usr/bin/python3
# Why this exists: a file manager as the app's tests need one: owns org.freedesktop.FileManager1 on the session bus and writes each folder ShowFolders is asked to show to a file, one URI a line.
import sys
from gi.repository import Gio, GLib

XML = """<node><interface name="org.freedesktop.FileManager1">
  <method name="ShowFolders"><arg type="as" name="uris" direction="in"/><arg type="s" name="startup_id" direction="in"/></method>
</interface></node>"""
record = sys.argv[1]

def called(connection, sender, path, interface, method, parameters, invocation):
    with open(record, "a") as out:
        for uri in parameters.unpack()[0]:
            out.write(uri + "\n")
    invocation.return_value(None)

def acquired(connection, name):
    connection.register_object("/org/freedesktop/FileManager1", Gio.DBusNodeInfo.new_for_xml(XML).interfaces[0], called, None, None)

Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.FileManager1", Gio.BusNameOwnerFlags.NONE, acquired, None, lambda *a: sys.exit(1))
GLib.MainLoop().run()
