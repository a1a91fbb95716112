// Why this exists: a share folder sorted as a local folder is (by name, date taken, modified or size), from its listing's sizes and times and the dates read, as one change that moves every row: the rows keep the listing's names and URIs, and each its record, image and work.
import PhotoFormats
import Foundation
import GLibIO

public struct ShareOrder: Sendable {
    /// The rows as they were when this was made, and as shown now.
    private var rows: ManifestOrder
    public var order: PhotoOrder { rows.order }

    /// `shown`: the rows as shown now, in `order`.
    public init(shown: ManifestRowStore, in order: PhotoOrder) {
        rows = ManifestOrder(own: shown)
        rows.take(order)
    }

    /// Sort in `order` (blocking: a worker thread), each photo's size and time as `facts` says
    /// and its date taken as `dates` says (by name on the share; a photo without either sorts
    /// by its time, as in a folder): the change that moves the rows, nil when none moves.
    public mutating func sort(_ order: PhotoOrder, facts: ShareFolderFacts, dates: [String: TakenDate]) -> FolderChange? {
        let own = rows.own
        let (target, shownDates) = Self.arrange(count: own.count, name: own.rawName, uri: own.rawURL, in: order, facts: facts, dates: dates)
        guard target.count == own.count else { return nil }
        rows.take(order)
        return rows.show(target, dates: shownDates)
    }

    /// `count` rows (each's name and URI as `name` and `uri` give them) in `order`: each
    /// position's row, and, in an order by date, each position's date (a photo without a date
    /// taken placed by its time, as in a folder).
    static func arrange(count: Int, name: (Int) -> String, uri: (Int) -> String, in order: PhotoOrder, facts: ShareFolderFacts,
                        dates: [String: TakenDate]) -> (target: [Int], dates: [RowDate]?) {
        var photos: [FolderPhoto] = []
        photos.reserveCapacity(count)
        // Each photo's row, by its names' object (one a photo: two rows of one name, as a
        // server could list, stay two rows).
        var indexOf: [ObjectIdentifier: Int] = [:]
        for index in 0..<count {
            let uri = uri(index), file = facts.files[uri]
            // A row not listed (arrived since) sorts by name, known by its URI.
            let fileName = file?.fileName ?? uri
            let key = file?.key ?? DirectoryListing.sortKey(DisplayText.clean(name(index)))
            var photo = FolderPhoto(key: key, fileName: fileName, name: "", uri: uri,
                                    size: file?.size ?? 0, modified: file?.modified ?? 0)
            photo.taken = file.flatMap { dates[$0.fileName] }
            indexOf[ObjectIdentifier(photo.names)] = index
            photos.append(photo)
        }
        let sorted = photos.sorted(by: order)
        let target = sorted.compactMap { indexOf[ObjectIdentifier($0.names)] }
        return (target, order.needsDates ? sorted.map { RowDate(taken: $0.taken, modified: $0.modified) } : nil)
    }
}
