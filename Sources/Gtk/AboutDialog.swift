// Why this exists: GtkAboutDialog: name, version, credits (including the sample photos' sources and licences).
import CGtk
import Foundation
import GLibRuntime

@MainActor
public final class AboutDialog: Window {
    private var about: OpaquePointer { widget.opaque }

    public init(parent: Window?) {
        // A toplevel is not floating: GTK keeps a reference of its own until it is destroyed,
        // and `sinking` adds the wrapper's.
        super.init(sinkingToplevel: gtk_about_dialog_new()!)
        if let parent { gtk_window_set_transient_for(widget.window, parent.gtkWindow) }
        gtk_window_set_modal(widget.window, 1)
    }

    public func set(programName: String, version: String, comments: String, website: String,
                    logoIconName: String, license: License, copyright: String) {
        gtk_about_dialog_set_program_name(about, programName)
        gtk_about_dialog_set_version(about, version)
        gtk_about_dialog_set_comments(about, comments)
        gtk_about_dialog_set_website(about, website)
        gtk_about_dialog_set_logo_icon_name(about, logoIconName)
        gtk_about_dialog_set_license_type(about, license.gtk)
        gtk_about_dialog_set_copyright(about, copyright)
    }

    public func setAuthors(_ authors: [String]) {
        withNullTerminated(authors) { gtk_about_dialog_set_authors(about, $0) }
    }

    public func setTranslatorCredits(_ credits: String) { gtk_about_dialog_set_translator_credits(about, credits) }

    public func addCreditSection(_ name: String, people: [String]) {
        withNullTerminated(people) { gtk_about_dialog_add_credit_section(about, name, $0) }
    }

}

/// Call `body` with a NULL-terminated C array of the strings.
func withNullTerminated<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
    pointers.append(nil)
    defer { pointers.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
