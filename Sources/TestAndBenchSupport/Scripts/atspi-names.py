#!/usr/bin/python3
# Why this exists: prints every accessible name the running Classic Photos exposes over AT-SPI, one per line, as "role<TAB>name"; with --focused, only what has the keyboard focus, as "role<TAB>name<TAB>text".
# Run with Debian's python3 (it has PyGObject and the Atspi typelib) on the app's session bus.
import sys
import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi

focused_only = "--focused" in sys.argv[1:]

def text_of(node):
    try:
        return Atspi.Text.get_text(node, 0, Atspi.Text.get_character_count(node))
    except Exception:
        return ""

def walk(node, depth, seen):
    if depth > 60:
        return
    try:
        name, role = node.get_name(), node.get_role_name()
        focused = node.get_state_set().contains(Atspi.StateType.FOCUSED)
    except Exception:
        return
    if focused_only:
        if focused:
            print(f"{role}\t{name}\t{text_of(node)}".replace("\n", " "))
    elif name:
        print(f"{role}\t{name}")
    try:
        count = node.get_child_count()
    except Exception:
        return
    for i in range(min(count, 500)):
        try:
            child = node.get_child_at_index(i)
        except Exception:
            continue
        if child is not None and hash(child) not in seen:
            seen.add(hash(child))
            walk(child, depth + 1, seen)

desktop = Atspi.get_desktop(0)
found = False
for i in range(desktop.get_child_count()):
    app = desktop.get_child_at_index(i)
    if app is not None and app.get_name() == "classic-photos":
        found = True
        walk(app, 0, set())
sys.exit(0 if found else 3)
