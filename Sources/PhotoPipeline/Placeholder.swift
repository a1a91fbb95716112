import Gtk
