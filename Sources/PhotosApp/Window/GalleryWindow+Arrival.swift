// Why this exists: a gallery's arrival in the window: a load started, its first rows shown, later rows added, and its end (every row, an empty gallery, or a failure with its reason).
import AppLanguage
import Foundation
import Gtk
import PhotoPipeline
import GalleryContents
import GLibIO
import PhotoTrace

extension GalleryWindow {
    /// Load a gallery; the window stays live. Reloading the gallery on screen keeps its rows,
    /// with a spinner in the header; any other shows the loading page, with its name, until it arrives.
    func load(_ source: URL) {
        // A share is mounted first (asking for a password if it needs one); cancelled, nothing changes.
        if ShareFiles.isShare(source.absoluteString) { return mountThenLoad(source) }
        loadMounted(source)
    }

    /// Load a gallery that needs no mounting (or whose share is mounted).
    func loadMounted(_ source: URL) {
        errorBar.revealed = false
        // A folder's gallery is its URL with a final slash: compare local galleries by path.
        if let shown = gallery?.manifest.source, shown.isFileURL && source.isFileURL ? shown.path == source.path : shown == source, pages.current == .list {
            loadingSpinner.visible = true
            loadingSpinner.spinning = true
        } else {
            pages.loading.start(name: source == DataLocations.sampleManifest ? tr("Sample Gallery") : ManifestParser.title(for: source))
            pages.show(.loading)
        }
        headerTitle.subtitleText = tr("Loading…")
        // Remembered as the gallery to reopen only once it has loaded (or failed with a shown
        // reason): a manifest that crashes the app is not reopened at every launch.
        services.preferences.loadStarted(source.absoluteString, isSample: source == DataLocations.sampleManifest)
        pages.empty.showRecent(services.preferences.recentGalleries)
        scheduler.releaseHold()
        loader.load(source, folderOrder: folderOrder(loading: source), subfolders: includesSubfolders(loading: source), dates: services.dateReader)
    }

    /// The gallery on screen is the bundled sample.
    var isShowingSample: Bool { gallery != nil && gallery?.manifest.source == DataLocations.sampleManifest }

    /// The first batch of rows: the gallery is made and shown.
    func firstRows(_ manifest: Manifest) {
        install(manifest)
        if manifest.format == .folder {
            scheduler.holdWhileListing() // its listing goes on: held until whole
        } else if let gallery, order == .standard(isFolder: gallery.manifest.sortsAsFolder), gallery.records.first?.url?.isFileURL == false {
            // (A manifest shown in another order is sorted once read: its first rows move. Photos
            // of files are decoded, or their shared thumbnails read, in the helpers, whose processor
            // time the first layout would share: 168 -> 187 ms to the sample gallery's first frame,
            // measured; a remote photo's cached pixels are read in the app in a millisecond.)
            scheduler.startExpectedScreen(rows: list.rowsExpected())
        }
        if let gallery { trace.emit(.rows(total: gallery.count)) }
    }

    /// A later batch of rows.
    func received(_ rows: ManifestRows) {
        guard let gallery else { return }
        gallery.append(rows)
        list.rowsAdded(rows.count)
        updateSubtitle()
        trace.emit(.rows(total: gallery.count))
    }

    /// The load ended: with every row, or with an error after some rows or none.
    func ended(_ result: Result<ManifestLoader.Header?, ManifestError>) {
        scheduler.releaseHold()
        loadingSpinner.spinning = false
        loadingSpinner.visible = false
        guard let source else { return }
        services.preferences.loadEnded(source.absoluteString, isSample: source == DataLocations.sampleManifest)
        switch result {
        case .success(let emptyHeader):
            if let header = emptyHeader {
                // A manifest with no rows: an empty list.
                install(Manifest(source: header.source, title: header.title, format: header.format, origin: header.origin,
                                 isUsersOwn: header.isUsersOwn))
            }
            trace.emit(.manifest(rows: gallery?.count ?? 0, source: source.absoluteString))
            rowsComplete = true
            sortManifest(keepTop: .unlessAtTop)
            // A share filtered while it was listed.
            if gallery?.manifest.format == .share, !filterBar.filter.isEmpty { applyFilter(filterBar.filter) }
            updateSubtitle()
            if let manifest = gallery?.manifest, manifest.format == .folder || manifest.format == .share, manifest.count == 0 {
                // A folder (here or on a share) with no photo in it: the empty page says so (and offers another).
                pages.empty.showNoPhotos(in: manifest.title)
                pages.show(.empty)
            }
            openFocusedPhoto()
            exportAsAsked()
        case .failure(let error):
            showError(error, source: source)
        }
    }

    /// A photo was opened (its folder is the gallery): show it in the viewer; Back shows its row.
    func openFocusedPhoto() {
        if let gallery, let focus = gallery.manifest.focus, let row = gallery.records.row(withURL: focus.absoluteString) { openViewer(at: row) }
    }
}
