// Why this exists: the gallery shown in the order chosen: each gallery's own remembered (or `--sort` for the run), a folder sorted where its watcher keeps it, a manifest sorted off the main loop once all its rows are read, and the photo at the top of the view kept there.
import GalleryViews
import Foundation
import GLibRuntime
import PhotoPipeline
import GalleryContents
import PhotoTrace

extension GalleryWindow {
    /// The key a gallery's order is remembered by: a local gallery's path, else its URI.
    nonisolated static func orderKey(_ url: URL) -> String {
        url.isFileURL ? URL(fileURLWithPath: url.path).standardizedFileURL.path : url.absoluteString
    }

    /// The order `source` shows in: `--sort` if it applies, else the one chosen for it last, else its standard.
    func order(for source: URL, isFolder: Bool) -> PhotoOrder {
        if let order = services.options.order, order.applies(isFolder: isFolder) { return order }
        return services.preferences.order(of: Self.orderKey(source), isFolder: isFolder) ?? .standard(isFolder: isFolder)
    }

    /// What the listing of `source` sorts a folder by: the folder's order (a photo opened names
    /// its folder's). Read here, on the main loop, before the load starts.
    func folderOrder(loading source: URL) -> @Sendable (URL) -> PhotoOrder {
        let own = (Self.orderKey(source), order(for: source, isFolder: true))
        let parent = source.deletingLastPathComponent()
        let parents = (Self.orderKey(parent), order(for: parent, isFolder: true))
        return { folder in
            let key = Self.orderKey(folder)
            return key == own.0 ? own.1 : key == parents.0 ? parents.1 : PhotoOrder(.name)
        }
    }

    /// The gallery shown took its order: said in the trace with the names of its first rows.
    func traceOrder(ms milliseconds: Double) {
        guard let gallery else { return }
        let first = (0..<min(gallery.count, 20)).map { gallery.records.entry($0).name }
        trace.emit(.sorted(order: order.description, rows: gallery.count, ms: milliseconds, first: first.joined(separator: "\n")))
    }

    /// Whether the listing of `source` includes a folder's subfolders (`--subfolders`, or the
    /// folder's own choice; a photo opened names its folder's).
    func includesSubfolders(loading source: URL) -> @Sendable (URL) -> Bool {
        let always = services.options.subfolders
        let own = (Self.orderKey(source), services.preferences.includesSubfolders(Self.orderKey(source)))
        let parent = Self.orderKey(source.deletingLastPathComponent())
        let parents = (parent, services.preferences.includesSubfolders(parent))
        return { folder in
            let key = Self.orderKey(folder)
            return always || (key == own.0 ? own.1 : key == parents.0 ? parents.1 : false)
        }
    }

    /// Include Subfolders toggled: remembered for the folder shown (here or on a share), which is listed again.
    func setSubfolders(_ included: Bool) {
        guard let gallery, gallery.manifest.sortsAsFolder else { return }
        services.preferences.setIncludesSubfolders(included, Self.orderKey(gallery.manifest.source))
        reload()
    }

    /// A gallery was installed: its order shown in the menu (a folder's listing is already in
    /// it; a manifest's is applied once all its rows are read).
    func showOrder(of gallery: PhotoGallery) {
        let isFolder = gallery.manifest.sortsAsFolder
        order = order(for: gallery.manifest.source, isFolder: isFolder)
        manifestOrder = nil
        sortMenu.show(order, isFolder: isFolder, in: application)
        application.setActionState("subfolders", isFolder && includesSubfolders(loading: gallery.manifest.source)(gallery.manifest.source))
    }

    /// The `sort` or `sort-direction` action: sort the gallery shown, and remember it for it.
    func sort(key: PhotoOrder.Key? = nil, descending: Bool? = nil) {
        guard let gallery else { return }
        let isFolder = gallery.manifest.sortsAsFolder
        let chosen = PhotoOrder(key ?? order.key, descending: descending ?? order.descending)
        guard chosen.applies(isFolder: isFolder), chosen != order else { return sortMenu.show(order, isFolder: isFolder, in: application) }
        order = chosen
        sortMenu.show(chosen, isFolder: isFolder, in: application)
        services.preferences.setOrder(chosen, of: Self.orderKey(gallery.manifest.source))
        if gallery.manifest.format == .folder { follower.sort(chosen) } else { sortManifest(keepTop: .always) }
    }

    /// Sort the manifest shown in `order`, once all its rows are read (a load still under way
    /// sorts when it ends): on a worker; applied if the gallery is still the one shown. (A
    /// share's folder sorts as a folder does: `sortShare`.)
    func sortManifest(keepTop: KeepTop) {
        if gallery?.manifest.format == .share { return sortShare(keepTop: keepTop) }
        guard let gallery, gallery.manifest.format != .folder, rowsComplete else { return }
        let unsorted = manifestOrder ?? ManifestOrder(own: gallery.records.rows)
        guard unsorted.order != order else { return }
        let order = self.order
        let started = Date()
        DispatchQueue.global(qos: .userInitiated).async {
            var sorter = unsorted
            let change = sorter.sort(order)
            let milliseconds = Date().timeIntervalSince(started) * 1000
            MainLoop.invoke { [weak self, weak gallery] in
                guard let self, let gallery, self.gallery === gallery, self.order == order else { return }
                self.manifestOrder = sorter
                self.showSorted(change, in: gallery, ms: milliseconds, keepTop: keepTop)
            }
        }
    }

    /// A manifest or a share sorted (on a worker, in `ms`): its rows moved where the order puts
    /// them (none: `change` nil), in the gallery, the list and the viewer, and said in the trace.
    func showSorted(_ change: FolderChange?, in gallery: PhotoGallery, ms milliseconds: Double, keepTop: KeepTop) {
        if let change {
            gallery.apply(change)
            list.apply(change, keepTop: keepTop)
            navigation.apply(change)
            scheduler.invalidate()
        }
        traceOrder(ms: milliseconds)
    }
}
