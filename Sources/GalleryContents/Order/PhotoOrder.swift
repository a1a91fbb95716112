// Why this exists: the orders a gallery can be sorted in (name, date taken, date modified, size, or a manifest's own), ascending or descending, named as the command line, the settings and the trace name them.
import Foundation

public struct PhotoOrder: Sendable, Equatable, Hashable, CustomStringConvertible {
    public enum Key: String, CaseIterable, Sendable {
        /// A manifest's own order (a folder has none).
        case own
        /// The file manager's order of names: numbers as numbers.
        case name
        /// EXIF DateTimeOriginal (with its offset where present), else the file's modification time.
        case dateTaken = "date-taken"
        case modified
        case size
    }

    public var key: Key
    public var descending: Bool

    public init(_ key: Key, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    /// A name as `description` makes them ("date-taken", "size-desc"); nil for any other.
    public init?(name: String) {
        let descending = name.hasSuffix("-desc")
        guard let key = Key(rawValue: descending ? String(name.dropLast(5)) : name), !(key == .own && descending) else { return nil }
        self.init(key, descending: descending)
    }

    public var description: String { key.rawValue + (descending ? "-desc" : "") }

    /// The order a gallery shows first: a manifest its own, a folder by name.
    public static func standard(isFolder: Bool) -> PhotoOrder { PhotoOrder(isFolder ? .name : .own) }

    /// Whether a gallery of this kind can be shown in this order: a manifest in its own order or
    /// by name (anything else would mean downloading every photo first); a folder in any but its own.
    public func applies(isFolder: Bool) -> Bool {
        isFolder ? key != .own : (key == .own || key == .name)
    }

    /// Whether the order needs each photo's date taken (read from its EXIF).
    public var needsDates: Bool { key == .dateTaken }

    /// Whether the order needs each file's size and time (a listing by name stats no file).
    var needsTimes: Bool { key == .modified || key == .size || key == .dateTaken }
}
