// Why this exists: one identity per photo of a gallery, kept while its rows move: the pending operations, the rows waiting on a shared one, and the images held are keyed by it, so a folder's change moves records (RecordStore) and nothing else; row positions are the list's business.
import Foundation

/// Given to a record when it is made (`RecordStore`), and never to another record of the same
/// gallery. A photo that leaves and comes back, or whose idle record was let go, gets a new one.
public struct PhotoID: Hashable, Sendable, CustomStringConvertible {
    let value: UInt64
    init(_ value: UInt64) { self.value = value }
    public var description: String { "photo \(value)" }
}
