// Why this exists: a share folder seen through the filter bar, as a local folder is: the photos the filter leaves out kept aside (not rows), so the list, the grid, the viewer's next and previous, the slideshow and Export follow what shows; a new filter, or facts read since, move photos out and back as one change, those that come back sorted into their places.
import PhotoFormats
import Foundation

public struct ShareFilter: Sendable {
    /// A row left out: its name as shown and its URI.
    public struct Row: Sendable, Equatable {
        public let name: String, uri: String
    }

    /// The filter shown through.
    public private(set) var filter = PhotoFilter()
    /// The rows it leaves out, in no order (they are sorted in when they come back).
    public private(set) var hidden: [Row] = []

    public init() {}

    /// Every photo listed, shown or not, given the rows shown.
    public func totalCount(shown: Int) -> Int { shown + hidden.count }

    /// Show the share through `filter` from now on (the same filter again: facts read since).
    /// `shown`: the rows as shown, in `order`; `files`: the listing's sizes and times; `facts`:
    /// the facts read, by name on the share; `dates`: the dates taken known, by the same.
    /// The change of rows: those left out go, those let back arrive in `order`'s places (nil:
    /// no row changes). Blocking: a worker thread (a pass over every row).
    public mutating func refilter(_ filter: PhotoFilter, shown: ManifestRowStore, order: PhotoOrder, files: ShareFolderFacts,
                                  facts: [String: PhotoFacts], dates: [String: TakenDate]) -> FolderChange? {
        self.filter = filter
        let empty = filter.isEmpty, needsFacts = filter.needsFacts
        func shows(_ name: String, _ uri: String) -> Bool {
            guard !empty else { return true }
            let file = files.files[uri]
            return filter.matches(name: name, modified: file?.modified ?? 0, facts: needsFacts ? file.flatMap { facts[$0.fileName] } : nil)
        }
        let shownRows = (0..<shown.count).map { Row(name: shown.rawName($0), uri: shown.rawURL($0)) }
        var kept: [Row] = [], aside: [Row] = []
        for row in shownRows { if shows(row.name, row.uri) { kept.append(row) } else { aside.append(row) } }
        var returning: [Row] = []
        for row in hidden { if shows(row.name, row.uri) { returning.append(row) } else { aside.append(row) } }
        guard kept.count != shownRows.count || !returning.isEmpty else { return nil }
        hidden = aside
        // Those coming back sorted in with the rest (the rows that stay keep their order).
        if !returning.isEmpty || order.needsDates {
            kept += returning
            let (target, _) = ShareOrder.arrange(count: kept.count, name: { kept[$0].name }, uri: { kept[$0].uri }, in: order, facts: files, dates: dates)
            kept = target.map { kept[$0] }
        }
        guard let change = ShareRelisting.merge(shown: shownRows.map(\.uri), listed: kept.map { (name: $0.name, uri: $0.uri) }) else { return nil }
        // A list by date shows each row's date.
        guard order.needsDates else { return change }
        let rowDates = kept.map { row in
            let file = files.files[row.uri]
            return RowDate(taken: file.flatMap { dates[$0.fileName] }, modified: file?.modified ?? 0)
        }
        return FolderChange(removed: change.removed, inserted: change.inserted, changed: change.changed, rows: change.rows, dates: rowDates)
    }

    /// The URIs of the rows left out (a listing again leaves them out of the rows too).
    public var hiddenURIs: Set<String> { Set(hidden.map(\.uri)) }

    /// The share was listed again: the rows left out that are no longer listed are let go.
    public mutating func relisted(_ files: ShareFolderFacts) {
        hidden.removeAll { files.files[$0.uri] == nil }
    }
}
