// Why this exists: one photo of a folder gallery as its listing knows it: its names, its sort key, its size and times, and its date taken once read; and how an order compares two of them.
import PhotoFormats
import Foundation
import PhotoDecoding

struct FolderPhoto {
    /// What never changes while the photo is listed, held once: a copy of a photo (each sort,
    /// merge and index makes them by the 100,000) retains one object. Its names are its folder's
    /// (shared by the folder's photos) and its own, put together when asked: a listing makes no
    /// string a photo, only its key.
    final class Names: Sendable {
        let key: [UInt8]
        let place: FolderPlace
        /// Its own name on disk, as shown, and its URI's own part (the name escaped, or itself).
        let base: String, shown: String, link: String
        init(key: [UInt8], place: FolderPlace, base: String, shown: String, link: String) {
            self.key = key
            self.place = place
            self.base = base
            self.shown = shown
            self.link = link
        }
        var fileName: String { place.path.isEmpty ? base : place.path + base }
        var name: String { place.display.isEmpty ? shown : place.display + shown }
        var uri: String { place.uri.isEmpty ? link : place.uri + link }
    }
    let names: Names
    /// Its name as shown, held in the photo itself where that takes no memory of its own: a
    /// name of up to 15 bytes (String holds it inline) of a photo at the top of the gallery's
    /// folder; else "" (read from `names`). A filter reads 100,000 names this way without
    /// visiting each photo's `Names` in the heap, which was most of its time (a cache miss each).
    let inlineName: String
    /// The file manager's sort key of the display name.
    var key: [UInt8] { names.key }
    /// The name on disk (what GIO's monitor reports).
    var fileName: String { names.fileName }
    /// The name to show.
    var name: String { inlineName.isEmpty ? names.name : inlineName }
    var uri: String { names.uri }
    /// Bytes, and microseconds since 1970 (0: unknown, or not read yet: a folder listed by name
    /// stats no file until something needs it, `FolderContents.fillTimes`).
    var size: Int64
    var modified: Int64
    /// What its EXIF says about when it was taken; nil until read.
    var taken: TakenDate?

    init(key: [UInt8], fileName: String, name: String, uri: String, size: Int64, modified: Int64) {
        self.init(names: Names(key: key, place: .none, base: fileName, shown: name, link: uri), size: size, modified: modified)
    }

    init(names: Names, size: Int64, modified: Int64) {
        self.names = names
        inlineName = names.place.display.isEmpty && names.shown.utf8.count <= 15 ? names.shown : ""
        self.size = size
        self.modified = modified
    }

    /// When it was taken, else when it was last modified: seconds since 1970; nil with neither.
    var dateValue: Double? {
        if case .exif(let seconds, _)? = taken { return seconds }
        return modified > 0 ? Double(modified) / 1_000_000 : nil
    }
}

/// Where a folder's photos' names begin: its path under the gallery's folder on disk, as shown,
/// and its URI, each "" (none) or ending in "/"; one for all the photos of a folder.
final class FolderPlace: Sendable {
    let path: String, display: String, uri: String
    init(path: String, display: String, uri: String) {
        self.path = path
        self.display = display
        self.uri = uri
    }
    static let none = FolderPlace(path: "", display: "", uri: "")
}

extension PhotoOrder {
    /// Whether `a` comes before `b`: by this order's key, ties by name (ascending, whatever the
    /// direction, so photos taken the same second keep their numbering), then by name on disk,
    /// so that no two photos tie and a sort is the same every time. With neither date, last.
    func precedes(_ a: FolderPhoto, _ b: FolderPhoto) -> Bool {
        switch key {
        case .own, .name: break
        case .modified: if a.modified != b.modified { return (a.modified < b.modified) != descending }
        case .size: if a.size != b.size { return (a.size < b.size) != descending }
        case .dateTaken:
            let x = a.dateValue, y = b.dateValue
            if x != y {
                guard let x else { return false }
                guard let y else { return true }
                return (x < y) != descending
            }
        }
        // The keys' bytes compared at once (memcmp), as the flat sort compares them.
        let compared = a.key.withUnsafeBufferPointer { x in
            b.key.withUnsafeBufferPointer { y in
                Swift.min(x.count, y.count) == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, Swift.min(x.count, y.count))
            }
        }
        if compared != 0 || a.key.count != b.key.count {
            return (compared != 0 ? compared < 0 : a.key.count < b.key.count) != (descending && key == .name)
        }
        return a.fileName < b.fileName
    }

    /// Whether a photo whose file changed from `old` to `new` may have to move in this order.
    func moves(_ old: FolderPhoto, to new: FolderPhoto) -> Bool {
        switch key {
        case .own, .name: false
        case .modified: old.modified != new.modified
        case .size: old.size != new.size
        case .dateTaken: old.dateValue != new.dateValue
        }
    }
}

/// One photo as a sort sees it: its order's value (none: no date), where its key lies in the
/// flat keys, and its place in the list.
private struct SortItem { var value: Double; var has: Bool; var start: Int32; var length: Int32; var index: Int32 }

extension Array where Element == FolderPhoto {
    /// Sorted by `order`, as `precedes` says, without copying a photo (four references retained)
    /// at each step: each photo's order value and key are laid out flat, those are sorted, and
    /// the photos are moved once. 100,000 photos sort in a fifth of the time.
    /// Past 20,000 photos, each half is sorted on a core of its own, then the halves are merged.
    func sorted(by order: PhotoOrder) -> [FolderPhoto] {
        // A listing's sorted runs often come out sorted whole (`TreeWalk.take`): one pass says so.
        if isSorted(by: order) { return self }
        guard count >= 20_000 else { return sortedIndices(by: order).map { self[Int($0)] } }
        let half = count / 2
        let halves = ParallelResults.map(parts: 2) { part in sortedIndices(by: order, in: part == 0 ? 0..<half : half..<count) }
        // Merged as `precedes` says (it agrees with the sort, ties and all).
        let (first, second) = (halves[0], halves[1])
        var merged: [FolderPhoto] = []
        merged.reserveCapacity(count)
        var a = 0, b = 0
        while a < first.count, b < second.count {
            if order.precedes(self[Int(second[b])], self[Int(first[a])]) {
                merged.append(self[Int(second[b])]); b += 1
            } else {
                merged.append(self[Int(first[a])]); a += 1
            }
        }
        for index in first[a...] { merged.append(self[Int(index)]) }
        for index in second[b...] { merged.append(self[Int(index)]) }
        return merged
    }

    /// Whether each photo comes after the one before it (one comparison a photo, nothing moved).
    func isSorted(by order: PhotoOrder) -> Bool {
        guard count > 1 else { return true }
        guard order.key == .name || order.key == .own, !order.descending else {
            for index in 1..<count where order.precedes(self[index], self[index - 1]) { return false }
            return true
        }
        // By name, ascending (a listing's usual order): the keys compared in place, no photo copied.
        return withUnsafeBufferPointer { photos in
            for index in 1..<photos.count {
                let earlier = photos[index - 1].names, later = photos[index].names
                let compared = earlier.key.withUnsafeBufferPointer { x in
                    later.key.withUnsafeBufferPointer { y in
                        Swift.min(x.count, y.count) == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, Swift.min(x.count, y.count))
                    }
                }
                if compared > 0 || (compared == 0 && (earlier.key.count > later.key.count
                    || (earlier.key.count == later.key.count && earlier.fileName > later.fileName))) { return false }
            }
            return true
        }
    }

    /// The indices of the photos in `order` (what `sorted` moves the photos by), of those in
    /// `range` (all by default).
    func sortedIndices(by order: PhotoOrder, in range: Range<Int>? = nil) -> [Int32] {
        let range = range ?? indices
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count * 24 + 1)
        var items: [SortItem] = []
        items.reserveCapacity(range.count)
        for index in range {
            let photo = self[index]
            let value: Double? = switch order.key {
            case .own, .name: 0
            // Microseconds and bytes are exact as doubles below 2^53 (285 years; 9 PB).
            case .modified: Double(photo.modified)
            case .size: Double(photo.size)
            case .dateTaken: photo.dateValue
            }
            items.append(SortItem(value: value ?? 0, has: value != nil, start: Int32(bytes.count), length: Int32(photo.key.count), index: Int32(index)))
            bytes.append(contentsOf: photo.key)
        }
        bytes.append(0)
        let byKeyOnly = order.key == .own || order.key == .name, keyDescending = order.descending && order.key == .name
        bytes.withUnsafeBufferPointer { keys in
            withUnsafeBufferPointer { photos in
                let base = keys.baseAddress!
                items.sort { a, b in
                    if !byKeyOnly {
                        // With neither date, last; else by the value, in the order's direction.
                        if a.has != b.has { return a.has }
                        if a.value != b.value { return (a.value < b.value) != order.descending }
                    }
                    let common = Int(Swift.min(a.length, b.length))
                    let compared = memcmp(base + Int(a.start), base + Int(b.start), common)
                    if compared != 0 || a.length != b.length {
                        return (compared != 0 ? compared < 0 : a.length < b.length) != keyDescending
                    }
                    return photos[Int(a.index)].fileName < photos[Int(b.index)].fileName
                }
            }
        }
        return items.map(\.index)
    }
}
