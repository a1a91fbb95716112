// Why this exists: Set as Background (Ctrl+F8): the photo as shown becomes the desktop's background through the Wallpaper portal. The original of one of the user's own photos is handed over as its own file; a sepia photo (or one from the web) is first written, full size, to a file in the app's data folder that outlives the app, since the desktop keeps showing it after the app quits.
import GalleryViews
import AppLanguage
import Foundation
import GLibDesktop
import GLibIO
import Gtk
import PhotoPipeline
import PhotoTrace

@MainActor
struct SetBackground {
    let note: WindowNote

    /// Where pictures made for the background are kept.
    static var folder: String { FileTrash.userDataDirectory + "/classic-photos/backgrounds" }

    /// Offer the action only where a portal backend sets backgrounds.
    static func offer(in application: Application) {
        application.setActionEnabled("set-background", false)
        WallpaperPortal.isAvailable { application.setActionEnabled("set-background", $0) }
    }

    func run(_ photo: ChosenPhoto) {
        if !photo.sepia, photo.isUsersOwnFile, photo.wasDecoded { return hand(photo, photo.url.absoluteString) }
        // Only the user's: the folder 0700, the picture 0600 (the portal and the desktop run as the user).
        try? FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        chmod(Self.folder, 0o700)
        let path = (Self.folder as NSString).appendingPathComponent(ExportNames.suggested(for: photo.name, sepia: photo.sepia, format: .jpeg))
        let work = PhotoExport(photo.source(), to: ExportTarget(path: path, replacing: true, mode: 0o600), format: .jpeg, sepia: photo.sepia,
                               settings: photo.gallery.settings, held: photo.held)
        KeepOperation.run(work, for: photo) { [self] outcome in
            switch outcome {
            case .written?: hand(photo, URL(fileURLWithPath: path).absoluteString)
            case .failed(let why)?: ended(photo, "", .failed, why.description)
            default: break
            }
        }
    }

    private func hand(_ photo: ChosenPhoto, _ uri: String) {
        WallpaperPortal.setBackground(uri) { [self] outcome in
            switch outcome {
            case .set: ended(photo, uri, .set, nil)
            case .cancelled: ended(photo, uri, .cancelled, nil)
            case .failed(let reason): ended(photo, uri, .failed, reason)
            }
        }
    }

    private func ended(_ photo: ChosenPhoto, _ uri: String, _ outcome: BackgroundEnding, _ reason: String?) {
        photo.gallery.trace.emit(.background(row: photo.row, sepia: photo.sepia, uri: uri, outcome: outcome, reason: reason))
        switch outcome {
        case .set: note.show(tr("Set as the desktop background"))
        case .cancelled: break
        case .failed: note.show(fill(tr("Could not set the background: %s"), reason ?? ""), failed: true)
        }
    }
}
