// Why this exists: a folder gallery seen through the filter bar: the photos it leaves out are kept aside (not rows), so the list, the grid, the viewer's next and previous, the slideshow and Export all follow what is shown; a new filter, or facts read since, move photos between the two as one FolderChange.
import PhotoFormats
import Foundation
import PhotoDecoding
import MetadataValues

extension FolderContents {
    /// Every photo of the folder, shown or not.
    public var totalCount: Int { photos.count + hidden.count }

    /// Whether `photo` shows through the filter now.
    func shows(_ photo: Photo) -> Bool { shows(photo, through: filter, empty: filter.isEmpty, needsFacts: filter.needsFacts) }

    /// The same through `filter` (read once by the caller: each read of the stored filter copies
    /// its arrays, which 100,000 photos made the filter's main cost).
    private func shows(_ photo: Photo, through filter: PhotoFilter, empty: Bool, needsFacts: Bool) -> Bool {
        empty || filter.matches(name: photo.name, modified: photo.modified, facts: needsFacts ? facts[photo.fileName] : nil)
    }

    /// Show the folder through `filter` from now on: the rows it leaves out go, those it lets
    /// back arrive in their sorted places (nil: no row changes).
    func refilter(_ filter: PhotoFilter) -> FolderChange? {
        self.filter = filter
        return refilter()
    }

    /// The filter applied again (facts read since may move photos in or out).
    /// (The shown photos' dates learned meanwhile wait for `settle`, which sorts them again: a
    /// date changed in place would lose its photo to the search by place.)
    func refilter() -> FolderChange? {
        let filter = self.filter, empty = filter.isEmpty, needsFacts = filter.needsFacts
        // Each photo read where it lies, not copied out: a copy retains its names, a visit to
        // each photo's `Names` in memory (most of a filter's time: a cache miss each). A name held
        // inline is read without it.
        func unshown(_ photos: [Photo], _ wanted: Bool) -> [Int] {
            var indices: [Int] = []
            photos.withUnsafeBufferPointer { photos in
                for index in photos.indices {
                    let inline = photos[index].inlineName
                    let shown = inline.isEmpty || needsFacts ? shows(photos[index], through: filter, empty: empty, needsFacts: needsFacts)
                        : empty || filter.matches(name: inline, modified: photos[index].modified, facts: nil)
                    if shown == wanted { indices.append(index) }
                }
            }
            return indices
        }
        let removed = unshown(photos, false), returning = unshown(hidden, true)
        guard !removed.isEmpty || !returning.isEmpty else { return nil }
        var back = Self.take(returning, from: &hidden)
        // Their dates taken as read meanwhile (a sort by date placed only the photos shown then).
        if !facts.isEmpty {
            for index in back.indices { if let fact = facts[back[index].fileName] { back[index].taken = fact.taken } }
        }
        // Most of the photos hidden (a word typed): moved aside, not copied.
        if removed.count > photos.count / 4 {
            var aside = Self.take(removed, from: &photos)
            if aside.count >= hidden.count {
                aside.append(contentsOf: hidden)
                hidden = aside
            } else {
                hidden.append(contentsOf: aside)
            }
            return merge(removed: removed, added: back, touched: [], pairing: false, movedAside: true)
        }
        hidden.reserveCapacity(hidden.count + removed.count)
        for index in removed { hidden.append(photos[index]) }
        return merge(removed: removed, added: back, touched: [], pairing: false)
    }

    /// Take the photos at `indices` (ascending) out of `photos`: both parts keep their order
    /// (a sort of the photos taken back in order is quick). The fewer part is copied out; the
    /// other is gathered at the front of the array by moving each photo's bytes, never copying
    /// it. A copy retains a photo's names and the old array's end releases them, each a visit to
    /// memory the filter had no other reason to make (so does `Array.swapAt`): a filter that left
    /// 11 of 100,000 photos spent most of its time there (stand-alone: 30 ms swapped, 3 ms moved).
    static func take(_ indices: [Int], from photos: inout [Photo]) -> [Photo] {
        guard !indices.isEmpty else { return [] }
        var all = photos
        photos = [] // `all` is the only reference left: its photos can be moved.
        let takingFewer = indices.count <= all.count - indices.count
        var copied: [Photo] = []
        copied.reserveCapacity(takingFewer ? indices.count : all.count - indices.count)
        var gathered = 0, next = 0
        all.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for index in buffer.indices {
                let taken = next < indices.count && indices[next] == index
                if taken { next += 1 }
                if taken == takingFewer {
                    copied.append(buffer[index])
                    continue
                }
                // Swapped with the first photo not gathered, by moves (the buffer stays whole).
                if gathered != index {
                    let moving = (base + index).move()
                    (base + index).moveInitialize(from: base + gathered, count: 1)
                    (base + gathered).initialize(to: moving)
                }
                gathered += 1
            }
        }
        all.removeLast(all.count - gathered)
        if takingFewer {
            photos = all
            return copied
        }
        photos = copied
        return all
    }

    /// Of `added`, those the filter shows; the others kept aside.
    func keepAside(_ added: [Photo]) -> [Photo] {
        let filter = self.filter, empty = filter.isEmpty, needsFacts = filter.needsFacts
        guard !empty else { return added }
        var shown: [Photo] = []
        for photo in added {
            if shows(photo, through: filter, empty: empty, needsFacts: needsFacts) { shown.append(photo) } else { hidden.append(photo) }
        }
        return shown
    }

    /// The photos named `fileNames` kept aside are let go (looked at again, they arrive anew), and
    /// what was read of them forgotten.
    func unhide(_ fileNames: Set<String>) {
        for name in fileNames { facts[name] = nil }
        guard !hidden.isEmpty else { return }
        hidden.removeAll { fileNames.contains($0.fileName) }
    }

    /// What was read of the photos named `fileNames` is forgotten (read again next).
    func forgetFacts(_ fileNames: Set<String>) {
        for name in fileNames { facts[name] = nil }
    }

    /// Every photo (shown or not) whose facts are not read yet.
    func unreadFacts() -> [DatedFile] {
        fillTimes()
        return (photos + hidden).filter { facts[$0.fileName] == nil }.map {
            DatedFile(fileName: $0.fileName, path: folder + $0.fileName, size: $0.size, modified: $0.modified)
        }
    }

    /// Facts read, by name on disk: kept, their dates learned (nothing moves until `settle`).
    @discardableResult
    func learn(facts read: [String: PhotoFacts]) -> Bool {
        var dates: [String: TakenDate] = [:]
        for (name, fact) in read {
            facts[name] = fact
            dates[name] = fact.taken
        }
        return learn(dates)
    }

    /// The marks of every photo that has any (shown or not), by path.
    public func marks() -> [String: PhotoMarks] {
        var marks: [String: PhotoMarks] = [:]
        for (name, fact) in facts { if let mark = fact.marks { marks[folder + name] = mark } }
        return marks
    }

    /// The rows (places among the photos shown) of the photos at `paths`, by path; a path of a
    /// photo not shown has none.
    public func rows(ofPaths paths: Set<String>) -> [String: Int] {
        let names = Set(paths.lazy.filter { $0.hasPrefix(self.folder) }.map { String($0.dropFirst(self.folder.count)) })
        var rows: [String: Int] = [:]
        guard !names.isEmpty else { return rows }
        for (index, photo) in photos.enumerated() where names.contains(photo.fileName) {
            rows[folder + photo.fileName] = index
            if rows.count == names.count { break }
        }
        return rows
    }

    /// The tags used in the folder, most used first (what Tags offers to complete).
    public func tagsUsed() -> [String] {
        PhotoTags.mostUsed(facts.values.lazy.map { $0.marks?.tags ?? [] })
    }
}
