// Why this exists: Rate and Flag's own writes told from another program's change of the same file, whichever comes first: the folder watcher's report of a write, or the write's end. A report that comes while the app is still writing that file is judged once the write has ended (under load, the report of one write came while the next was under way, and the viewer loaded the photo again for nothing).
import GalleryContents

/// By URL: the app's writes of each file under way, and how the last few left it.
struct OwnMarkWrites {
    enum Verdict { case own, notOwn, afterTheWrite }

    /// How many of the latest writes' results are remembered: a report may come of any of a
    /// quick run of them (a rating, then Ctrl+Z) once they have all ended.
    static let remembered = 4
    private var underWay: [String: Int] = [:]
    private var left: [String: [FileStamp]] = [:]

    mutating func began(_ url: String) { underWay[url, default: 0] += 1 }

    /// A write of the file at `url` ended, leaving it as `stamp` (nil: it failed, or its file
    /// did not change).
    mutating func ended(_ url: String, leaving stamp: FileStamp?) {
        if let count = underWay[url] { underWay[url] = count > 1 ? count - 1 : nil }
        guard let stamp else { return }
        left[url, default: []].append(stamp)
        if left[url]!.count > Self.remembered { left[url]!.removeFirst() }
    }

    func isUnderWay(_ url: String) -> Bool { underWay[url] != nil }

    /// A report of the file at `url` as `reported`: the app's own (as one of its writes left
    /// it), another's, or not to be judged until the writes under way have ended.
    func judge(_ url: String, reported: FileStamp?) -> Verdict {
        if underWay[url] != nil { return .afterTheWrite }
        guard let reported, left[url]?.contains(reported) == true else { return .notOwn }
        return .own
    }
}
