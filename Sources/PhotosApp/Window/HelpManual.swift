// Why this exists: F1 and Help: the user's manual (help/, Mallard pages) shown by the desktop's help viewer, Yelp: the installed manual (`help:classic-photos`), or, for a run from the source tree, its own pages; where there is no help viewer or no manual, the window says so and what to do.
import AppLanguage
import Foundation
import GLibDesktop
import PhotoPipeline
import PhotoTrace

@MainActor
enum HelpManual {
    /// The manual's name as it is installed (`DATADIR/help/LANG/classic-photos/`).
    static let name = "classic-photos"

    /// Where the manual is: installed (for Yelp to find by name), or the source tree's pages.
    static var uri: String? {
        let data = ProcessInfo.processInfo.environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share"
        let installed = data.split(separator: ":").map(String.init) + [prefixData].compactMap { $0 }
        if installed.contains(where: { FileManager.default.fileExists(atPath: "\($0)/help/C/\(name)/index.page") }) { return "help:\(name)" }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        if let root = SourceTranslations.sourceRoot(executable: executable),
           FileManager.default.fileExists(atPath: root.appendingPathComponent("help/C/index.page").path) {
            return "ghelp:" + root.appendingPathComponent("help/C").path
        }
        return nil
    }

    /// The data folder of the prefix the app was installed to (PREFIX/bin/classic-photos → PREFIX/share).
    static var prefixData: String? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return executable.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share").path
    }

    /// Show the manual, or say in `note` why it cannot be shown.
    static func show(note: WindowNote, trace: Trace) {
        guard let uri else {
            trace.emit(.help(uri: "", reason: "no manual"))
            return note.show(tr("The manual is not installed"), failed: true)
        }
        let outcome = DesktopApps.open(uri)
        if outcome.opened { return trace.emit(.help(uri: uri, reason: nil)) }
        trace.emit(.help(uri: uri, reason: outcome.noApp ? "no help viewer" : outcome.reason))
        note.show(outcome.noApp ? tr("The manual needs a help viewer: install Yelp, GNOME’s help app")
                                : fill(tr("Could not show the manual: %s"), outcome.reason ?? ""), failed: true)
    }
}
