// Why this exists: a folder gallery's photos in the order chosen (the file manager's by default), as the listing found them and as the watcher keeps them: what each change on disk is measured against, to say which rows went, which arrived and which changed.
import PhotoFormats
import Foundation
import GLibRuntime
import GLibIO
import PhotoDecoding

/// Owned by one thread at a time: made by the listing, then handed to the folder's watcher,
/// whose queue alone reads and changes it. (While a tree is listed, the listing's helper
/// thread reads its constant fields and enters folders under `TreeWalk`'s lock.)
public final class FolderContents: @unchecked Sendable {
    typealias Photo = FolderPhoto
    /// The folder's path, ending in "/".
    let folder: String
    var photos: [Photo]
    /// The order the photos are kept in (`precedes`).
    public internal(set) var order: PhotoOrder
    /// Each photo by its name on disk (to find it when the monitor names it), made at the first
    /// change, on the watcher's queue, not while the first rows wait.
    var byName: [String: Photo]?
    /// Dates learned and not yet given to their photos (`learn`, `absorbDates`).
    var unsettled: [String: TakenDate] = [:]
    /// Each photo's facts once read, by name on disk; the filter shown through, and the photos it
    /// leaves out, kept aside (`FolderContents+Filter`).
    var facts: [String: PhotoFacts] = [:]
    public internal(set) var filter = PhotoFilter()
    var hidden: [Photo] = []
    /// A camera's RAW files shown as one photo with their JPEG (`FolderContents+Pairs`): each
    /// JPEG's RAW (by the JPEG's name on disk), each RAW's JPEG, and the RAWs that are rows of
    /// their own, by their name without extension.
    var companions: [String: Photo] = [:]
    var companionOf: [String: String] = [:]
    var rawRows: [String: [String]] = [:]
    func indexNames() {
        if byName == nil { byName = Dictionary(photos.map { ($0.fileName, $0) }, uniquingKeysWith: { first, _ in first }) }
    }
    /// The subfolders listed (their paths under the folder, ending in "/", and how they are
    /// shown), and those that could not be read (shown).
    var subfolders: [String: String] = [:]
    public internal(set) var unreadable: [String] = []
    /// Whether the gallery includes its subfolders (a folder that arrives is listed, and watched).
    var includesSubfolders = false
    /// The folders entered, by device and inode (`enter`): their paths.
    var entered: [String: String] = [:]
    /// The folders (paths, "" for the folder itself) the system's limit on watches left unwatched.
    var notWatched: Set<String> = []
    /// The folder holds more photos than are listed (`FolderListing.maxPhotos`).
    public internal(set) var isCapped = false
    /// Some photos were listed without their size and time (`fillTimes`).
    var lacksTimes = false
    /// What making photos remembers, for the watcher (each listing thread has its own).
    var making = PhotoMaking()
    /// Whether the user owns the folder: in one someone else owns (and can write), a link that
    /// leads out of it is not followed, or it could pull the user's other files into the gallery.
    let isOwned: Bool
    /// The folder's real path (every link on the way resolved), for judging where links lead,
    /// and its device (a subfolder on another is a mount, whose kind is looked at).
    let resolvedFolder: String?
    let folderDevice: UInt64

    init(folder: String, photos: [Photo], order: PhotoOrder = PhotoOrder(.name)) {
        self.order = order
        self.folder = folder.hasSuffix("/") ? folder : folder + "/"
        var info = stat()
        isOwned = stat(folder, &info) == 0 && info.st_uid == geteuid()
        folderDevice = UInt64(info.st_dev)
        if let resolved = realpath(folder, nil) {
            resolvedFolder = String(cString: resolved)
            free(resolved)
        } else {
            resolvedFolder = nil
        }
        self.photos = []
        replace(photos)
    }

    /// Whether a link in the folder (or its subfolder `sub`) leads out of the gallery's folder
    /// (resolved whole, through every link on the way).
    func leadsOut(_ entry: DirectoryEntry, in sub: Subfolder = .top) -> Bool {
        guard let resolvedFolder = realpath(folder, nil), let resolved = realpath(folder + sub.path + entry.name, nil) else { return true }
        defer { free(resolvedFolder); free(resolved) }
        let base = String(cString: resolvedFolder)
        return !String(cString: resolved).hasPrefix(base.hasSuffix("/") ? base : base + "/")
    }

    /// The whole listing (sorted here).
    func replace(_ photos: [Photo]) {
        self.photos = pairedUp(photos).sorted(by: order)
        byName = nil
    }

    public var count: Int { photos.count }

    /// The entry (of the folder, or of its subfolder `sub`) as a photo of this gallery, or nil
    /// if it is not one (hidden, not a regular file, not a type GdkPixbuf reads). A subfolder's
    /// photo is named by its path under the folder ("Day 1/IMG_0001.jpg").
    func photo(_ entry: DirectoryEntry, in sub: Subfolder = .top) -> Photo? {
        photo(entry, in: sub, making: &making)
    }

    /// The same, remembering in `making` (one per thread: this reads the contents, never changes them).
    func photo(_ entry: DirectoryEntry, in sub: Subfolder, making: inout PhotoMaking) -> Photo? {
        guard entry.kind == .regular, !entry.isHidden else { return nil }
        if entry.isSymlink, !isOwned, leadsOut(entry, in: sub) { return nil }
        func isImage(_ type: String) -> Bool { making.isImage(type) }
        // The name says an image, or, where it leaves that uncertain, the first bytes do (GIO's
        // rule, read without blocking: a file under a lease is not waited for).
        let isImage = isImage(entry.contentType)
            || DirectoryListing.sniffedType(name: entry.name, path: folder + sub.path + entry.name).map(isImage) == true
        guard isImage, let place = place(of: sub, making: &making), let link = link(of: entry.name) else { return nil }
        // The subfolder's part is cleaned already (cleaning goes character by character).
        let names = Photo.Names(key: DirectoryListing.sortKey(entry.displayName, after: sub.keyPrefix), place: place, base: entry.name,
                                shown: DisplayText.clean(entry.displayName), link: link)
        return Photo(names: names, size: entry.size, modified: entry.modified)
    }

    /// The index of the photo named `fileName` on disk, if it is listed.
    func index(of fileName: String) -> Int? {
        indexNames()
        guard let photo = byName?[fileName] else { return nil }
        var low = 0, high = photos.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(photos[middle], photo) { low = middle + 1 } else { high = middle }
        }
        return low < photos.count && photos[low].fileName == fileName ? low : nil
    }

    /// More of the folder, found by a listing still under way after its first rows were shown:
    /// merged into their sorted places. Nil when none of them is a photo.
    func grow(_ added: [Photo]) -> FolderChange? {
        merge(removed: [], added: added, touched: [])
    }

    /// Remove the photos at `removed`, merge `added` into their sorted places, and say so as
    /// row positions (the photos named `touched` are still there, maybe with new contents).
    /// `pairing`: what went left the folder, or arrived in it (not the filter's: a JPEG it hides keeps its RAW).
    /// `movedAside`: `photos` holds the survivors already (the filter moved the rest aside,
    /// `moveAside`); `removed` says where they were.
    func merge(removed: [Int], added: [Photo], touched: Set<String>, pairing: Bool = true, movedAside: Bool = false) -> FolderChange? {
        guard !removed.isEmpty || !added.isEmpty || !touched.isEmpty else { return nil }
        // A RAW and its JPEG are one row (`paired`).
        let (pairedRemoved, pairedAdded) = pairing ? paired(removed: removed, added: added) : (removed, added)
        let removed = zip(pairedRemoved, pairedRemoved.dropFirst()).allSatisfy { $0 < $1 } ? pairedRemoved : pairedRemoved.sorted() // (a filter's are in order)
        // The survivors keep their order; the arrivals are merged into it.
        var survivors = removed.isEmpty || movedAside ? photos : []
        if !removed.isEmpty, !movedAside {
            survivors.reserveCapacity(photos.count - removed.count + added.count)
            // Run by run between the removed (a photo is copied only if it stays).
            var start = 0
            for index in removed + [photos.count] {
                if index > start { survivors.append(contentsOf: photos[start..<index]) }
                start = index + 1
            }
        }
        // Arrivals the filter leaves out are kept aside; past the cap, left out, as the listing leaves them out.
        var added = keepAside(pairedAdded).sorted(by: order)
        if survivors.count + added.count > FolderListing.maxPhotos {
            added = Array(added.prefix(max(0, FolderListing.maxPhotos - survivors.count)))
            isCapped = true
        }
        var merged: [Photo] = []
        merged.reserveCapacity(survivors.count + added.count)
        var inserted: [Int] = []
        // Each survivor in turn, after the arrivals that precede it (found by halving, moved in
        // one go): a few survivors among many arrivals cost a few searches, not a comparison each.
        var a = 0
        for survivor in survivors {
            var low = a, high = added.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(added[middle], survivor) { low = middle + 1 } else { high = middle }
            }
            if low > a {
                inserted.append(contentsOf: merged.count..<merged.count + low - a)
                merged.append(contentsOf: added[a..<low])
                a = low
            }
            merged.append(survivor)
        }
        inserted.append(contentsOf: merged.count..<merged.count + added.count - a)
        merged.append(contentsOf: added[a...])
        // The index by name, if one was made, follows (else it is made when first needed).
        // (Made again when next needed if most of it went: a filter that hides 99,990 photos.)
        if movedAside || removed.count > photos.count / 4 { byName = nil }
        if byName != nil {
            for index in removed { byName![photos[index].fileName] = nil }
            for photo in added { byName![photo.fileName] = photo }
        }
        photos = merged
        let changed = touched.compactMap { index(of: $0) }.sorted()
        let stamps = Dictionary(uniqueKeysWithValues: changed.map {
            ($0, FileStamp(size: photos[$0].size, modified: photos[$0].modified).including(sidecarOf: folder + photos[$0].fileName))
        })
        return FolderChange(removed: removed, inserted: inserted, changed: changed, rows: rowStore(), dates: dates(), stamps: stamps,
                            companions: companionPaths())
    }
}
