#!/usr/bin/python3
# Why this exists: prints every accessible name the running Classic Photos exposes over AT-SPI, one per line, as "role<TAB>name"; with --focused, only what has the keyboard focus, as "role<TAB>name<TAB>text"; with --descriptions, each object that has a description, as "name<TAB>description" (a row's failure reason); with --press NAME, clicks the first button of that name through its action, as a screen reader user would (status 4 if there is none); with --fill NAME TEXT, puts TEXT in the first text field of that name through its editable text (status 4 if there is none); with --texts, each label's "name<TAB>text" (a value shown under a heading, named by it); with --extents PREFIX, the window-relative "x y width height" of the first object whose name starts so (status 4 if there is none); with --item-extents PREFIX, the same of that object's parent (a list row's or grid cell's whole item, padding included).
# Run with Debian's python3 (it has PyGObject and the Atspi typelib) on the app's session bus.
import sys
import gi
gi.require_version("Atspi", "2.0")
from gi.repository import Atspi

focused_only = "--focused" in sys.argv[1:]
descriptions = "--descriptions" in sys.argv[1:]
texts = "--texts" in sys.argv[1:]
press = sys.argv[sys.argv.index("--press") + 1] if "--press" in sys.argv[1:] else None
extents = sys.argv[sys.argv.index("--extents") + 1] if "--extents" in sys.argv[1:] else None
fill = sys.argv[sys.argv.index("--fill") + 1:sys.argv.index("--fill") + 3] if "--fill" in sys.argv[1:] else None
item = "--item-extents" in sys.argv[1:]
if item:
    extents = sys.argv[sys.argv.index("--item-extents") + 1]
pressed = False

def text_of(node):
    try:
        return Atspi.Text.get_text(node, 0, Atspi.Text.get_character_count(node))
    except Exception:
        return ""

def walk(node, depth, seen):
    global pressed
    if depth > 60:
        return
    try:
        name, role = node.get_name(), node.get_role_name()
        focused = node.get_state_set().contains(Atspi.StateType.FOCUSED)
    except Exception:
        return
    if extents is not None:
        if not pressed and name.startswith(extents):
            box = Atspi.Component.get_extents(node.get_parent() if item else node, Atspi.CoordType.WINDOW)
            print(f"{box.x} {box.y} {box.width} {box.height}")
            pressed = True
    elif fill is not None:
        if not pressed and role == "text" and name == fill[0]:
            pressed = Atspi.EditableText.set_text_contents(node, fill[1])
    elif press is not None:
        # GTK leaves hidden widgets out of the tree (4.8 never sets SHOWING), and names a
        # button with a mnemonic label "_Cancel Cancel".
        if not pressed and role == "push button" and (name == press or name.endswith(" " + press)):
            Atspi.Action.do_action(node, 0)
            pressed = True
    elif descriptions:
        try:
            description = node.get_description()
        except Exception:
            description = ""
        if description:
            print(f"{name}\t{description}".replace("\n", " "))
    elif texts:
        if role == "label" and name:
            print(f"{name}\t{text_of(node)}".replace("\n", " "))
    elif focused_only:
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
sys.exit(3 if not found else 4 if (press is not None or extents is not None or fill is not None) and not pressed else 0)
