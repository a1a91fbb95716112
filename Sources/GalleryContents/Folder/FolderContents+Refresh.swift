// Why this exists: what the folder's watcher asks of its contents when the disk changed: which names came or went since the listing, and those names looked at again, as one change (photos gone, arrived, or still there with new contents; subfolders that arrived or went).
import Foundation
import GLibIO

extension FolderContents {
    /// The names whose presence differs between this listing and `onDisk` (the names now in
    /// each folder listed, by its path, "" for the folder itself): files that arrived or went
    /// since it was listed (and each subfolder's name, which `refresh` finds unchanged).
    func presenceChanges(onDisk: [String: [String]]) -> Set<String> {
        var listed: [String: Set<String>] = [:]
        for photo in photos + hidden + companions.values {
            let path = photo.fileName.lastIndex(of: "/").map { String(photo.fileName[...$0]) } ?? ""
            listed[path, default: []].insert(photo.fileName)
        }
        var differing: Set<String> = []
        for (path, names) in onDisk { differing.formUnion(Set(names.map { path + $0 }).symmetricDifference(listed[path] ?? [])) }
        return differing
    }

    /// Look again at the entries named `fileNames` (blocking: the watcher's queue) and apply
    /// what changed: photos that went, photos that arrived, photos that are still there (their
    /// file may have new contents); with subfolders, folders that arrived (listed, and given to
    /// `watch` first) or went. Nil when nothing the gallery shows changed.
    func refresh(_ fileNames: Set<String>, watch: (Subfolder) -> Void = { _ in }, unwatch: (String) -> Void = { _ in }) -> FolderChange? {
        var removed: [Int] = []
        var added: [Photo] = []
        var touched: Set<String> = []
        // A folder sorts before its entries: those of one that arrived are listed with it.
        var arrived: Set<String> = []
        // Photos the filter leaves out are looked at afresh (they arrive again if still there), their facts read again.
        unhide(fileNames)
        for fileName in fileNames.sorted() where !arrived.contains(fileName) {
            let entry = DirectoryListing.entry(atPath: folder + fileName)
            if includesSubfolders, entry?.kind == .directory || subfolders[fileName + "/"] != nil {
                let folderPath = fileName + "/"
                // Still the folder listed: its own watch reports its entries.
                if subfolders[folderPath] != nil, entry?.kind == .directory, let id = identity(folderPath), entered[id] == folderPath { continue }
                if subfolders[folderPath] != nil {
                    unwatch(folderPath)
                    removed += dropSubfolder(folderPath)
                }
                // A photo whose name a folder now has went.
                if let old = index(of: fileName) { removed.append(old) }
                let parent = subfolder(of: fileName)
                if let entry, let sub = followed(entry, in: parent) {
                    let listed = listArrived(sub, watch: watch)
                    added += listed
                    arrived.formUnion(listed.map(\.fileName))
                }
                continue
            }
            let now = entry.flatMap { photo($0, in: subfolder(of: fileName)) }
            // A RAW shown with its JPEG has no row of its own.
            if refreshCompanion(fileName, now: now) { continue }
            let before = index(of: fileName)
            switch (before, now) {
            case (nil, nil):
                continue
            case (let old?, let photo?) where photos[old].key == photo.key && photos[old].name == photo.name && !order.moves(photos[old], to: photo):
                // Its new size and time, in the same place; its date taken (its facts: `unhide`) read again.
                photos[old] = photo
                byName?[fileName] = photo
                touched.insert(fileName)
            case (let old?, let photo):
                removed.append(old)
                if let photo { added.append(photo) }
            case (nil, let photo?):
                added.append(photo)
            }
        }
        return merge(removed: Array(Set(removed)), added: added, touched: touched)
    }
}
