// Why this exists: the Keyboard Shortcuts window (Ctrl+?), a GtkShortcutsWindow built from UI text with translated titles.
import AppLanguage
import Foundation
import GLibRuntime
import Gtk

@MainActor
enum ShortcutsWindow {
    /// Marks a shortcut that is a mouse's buttons, not keys: the rest is its subtitle.
    static let mouse = "mouse:"

    /// Every shortcut the app has, by group.
    static var groups: [(title: String, shortcuts: [(title: String, accelerator: String)])] {
        [
            (tr("Gallery"), [
                (tr("Open a gallery manifest"), "<Primary>o"),
                (tr("Open a folder of photos"), "<Primary><Alt>o"),
                (tr("Open a folder on a network share, or a web address"), "<Primary>l"),
                (tr("Reload the gallery and retry failed photos"), "F5"),
                (tr("Show as a list"), "<Primary>1"),
                (tr("Show as a grid"), "<Primary>2"),
                (tr("Larger thumbnails"), "<Primary>plus"),
                (tr("Smaller thumbnails"), "<Primary>minus"),
                (tr("Standard thumbnail size"), "<Primary>0"),
                (tr("Filter by name, rating, flag, tag, camera, lens, date or location"), "<Primary>f"),
                (tr("Show or hide the operations inspector"), "<Primary><Shift>o"),
                (tr("Export the trace of this session"), "<Primary><Shift>e"),
            ]),
            (tr("Photo"), [
                (tr("Save the photo shown or the focused row’s photo"), "<Primary>s"),
                (tr("Copy the photo to the clipboard"), "<Primary>c"),
                (tr("Print the photo"), "<Primary>p"),
                (tr("Set the photo as the desktop background"), "<Primary>F8"),
                (tr("Rotate clockwise"), "<Primary>r"),
                (tr("Rotate anticlockwise"), "<Primary><Shift>r"),
                (tr("Move the photo to the trash"), "Delete"),
                (tr("Delete the photo permanently"), "<Shift>Delete"),
                (tr("Rate 0 to 5 stars"), "<Alt>0...<Alt>5"),
                (tr("Pick"), "p"),
                (tr("Reject"), "x"),
                (tr("Clear the pick or reject"), "u"),
                (tr("Add or remove tags"), "<Primary>t"),
                (tr("Undo moving to the trash, rotating, rating, flagging or tagging"), "<Primary>z"),
            ]),
            (tr("Viewer"), [
                (tr("Open the photo of the focused row or cell"), "Return"),
                (tr("Back to the gallery"), "Escape <Alt>Left"),
                (tr("Previous or next photo"), "Left Right"),
                (tr("Previous or next photo"), "Page_Up Page_Down"),
                (tr("Previous or next photo"), mouse + tr("The mouse’s back and forward buttons")),
                (tr("First or last photo"), "Home End"),
                (tr("Zoom in"), "plus equal"),
                (tr("Zoom out"), "minus"),
                (tr("Best fit"), "0"),
                (tr("Actual size (100 %)"), "1 <Primary>1"),
                (tr("Twice the actual size (200 %)"), "<Primary>2"),
                (tr("Move the zoomed photo"), "<Primary>Left <Primary>Right <Primary>Up <Primary>Down"),
                (tr("Sepia or original"), "s"),
                (tr("Details"), "F9 <Alt>Return"),
                (tr("Fullscreen"), "F11"),
                (tr("Slideshow"), "<Shift>F5"),
                (tr("Pause or go on with the slideshow"), "space"),
            ]),
            (tr("General"), [
                (tr("Show the main menu"), "F10"),
                (tr("Show keyboard shortcuts"), "<Primary>question"),
                (tr("Show the manual"), "F1"),
                (tr("Close the window"), "<Primary>w"),
                (tr("Quit"), "<Primary>q"),
            ]),
        ]
    }

    static func present(parent: ApplicationWindow) {
        var ui = """
        <?xml version="1.0" encoding="UTF-8"?>
        <interface>
          <object class="GtkShortcutsWindow" id="shortcuts">
            <property name="modal">1</property>
            <property name="title">\(escape(tr("Keyboard Shortcuts")))</property>
            <child>
              <object class="GtkShortcutsSection">
                <property name="section-name">shortcuts</property>
                <property name="max-height">12</property>
        """
        for group in groups {
            ui += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escape(group.title))</property>"
            for shortcut in group.shortcuts {
                ui += "<child><object class=\"GtkShortcutsShortcut\">"
                ui += "<property name=\"title\">\(escape(shortcut.title))</property>"
                if shortcut.accelerator.hasPrefix(mouse) {
                    ui += "<property name=\"shortcut-type\">gesture</property><property name=\"icon\"><object class=\"GThemedIcon\"><property name=\"name\">input-mouse-symbolic</property></object></property>"
                    ui += "<property name=\"subtitle\">\(escape(String(shortcut.accelerator.dropFirst(mouse.count))))</property>"
                } else {
                    ui += "<property name=\"accelerator\">\(escape(shortcut.accelerator))</property>"
                }
                ui += "</object></child>"
            }
            ui += "</object></child>"
        }
        ui += "</object></child></object></interface>"
        let builder = Builder(ui: ui, translationDomain: AppInfoStrings.gettextDomain)
        builder.presentWindow("shortcuts", transientFor: parent)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
