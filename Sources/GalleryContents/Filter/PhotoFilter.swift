// Why this exists: what the filter bar asks of a photo (words of its name, a rating of at least N stars, picks or rejects, tags, camera, lens, a range of dates taken, a position), every condition at once, decided from its name and the facts its metadata gave; a condition on metadata not read yet leaves the photo out until it is.
import PhotoFormats
import Foundation
import MetadataValues

public struct PhotoFilter: Sendable, Equatable {
    public enum Flags: String, Sendable, Equatable, CaseIterable {
        case any, picks, rejects, unflagged
    }

    /// Each must be in the name (lower-cased, as the name is compared).
    public var words: [String] = [] { didSet { foldedWords = words.map { Array($0.utf8) } } }
    /// The same as bytes (a name is searched byte by byte: 100,000 names in a few milliseconds).
    private var foldedWords: [[UInt8]] = []
    /// 0: any rating.
    public var minimumRating = 0
    public var flags = Flags.any
    /// Each must be one of the photo's tags, a level of one ("Portugal" finds
    /// "Places/Portugal/Lisbon") or the start of its path ("Places/Portugal").
    public var tags: [String] = []
    /// Each must be in the camera's make and model, or in the lens's name.
    public var camera: [String] = []
    public var lens: [String] = []
    /// Dates taken from and to (seconds since 1970, both included); a photo without a date taken
    /// is placed by its modification time, as the sort places it.
    public var from: Double?
    public var to: Double?
    /// Only photos that say where they were taken.
    public var located = false

    public init() {}

    /// Nothing asked: every photo shows.
    public var isEmpty: Bool { words.isEmpty && !needsFacts }

    /// Whether anything but the name is asked (a photo whose metadata is not read yet is left out).
    public var needsFacts: Bool {
        minimumRating > 0 || flags != .any || !tags.isEmpty || !camera.isEmpty || !lens.isEmpty || from != nil || to != nil || located
    }

    /// Whether the photo named `name` (as shown), modified at `modified` (microseconds since
    /// 1970), with `facts` (nil: not read yet), is shown.
    public func matches(name: String, modified: Int64, facts: PhotoFacts?) -> Bool {
        if !words.isEmpty, !Self.name(name, containsAll: foldedWords) { return false }
        guard needsFacts else { return true }
        guard let facts else { return false }
        let marks = facts.marks ?? PhotoMarks()
        if minimumRating > 0, marks.rating < minimumRating || marks.flag == .reject { return false }
        switch flags {
        case .any: break
        case .picks: guard marks.flag == .pick else { return false }
        case .rejects: guard marks.flag == .reject else { return false }
        case .unflagged: guard marks.flag == .none else { return false }
        }
        if !tags.isEmpty {
            let own = marks.tags.map { $0.lowercased() }
            guard tags.allSatisfy({ tag in own.contains { Self.tag($0, matches: tag) } }) else { return false }
        }
        if !camera.isEmpty {
            let folded = (facts.camera ?? "").lowercased()
            guard camera.allSatisfy({ folded.contains($0) }) else { return false }
        }
        if !lens.isEmpty {
            let folded = (facts.lens ?? "").lowercased()
            guard lens.allSatisfy({ folded.contains($0) }) else { return false }
        }
        if from != nil || to != nil {
            let seconds: Double
            if case .exif(let taken, _) = facts.taken { seconds = taken } else { seconds = Double(modified) / 1_000_000 }
            if let from, seconds < from { return false }
            if let to, seconds > to { return false }
        }
        if located, facts.located != true { return false }
        return true
    }

    /// Whether `name`, lower-cased, holds each of `words` (lower-cased, as bytes). An ASCII name
    /// is folded byte by byte where it lies (no copy: 100,000 names in a few milliseconds);
    /// any other is lower-cased whole first.
    static func name(_ name: String, containsAll words: [[UInt8]]) -> Bool {
        var name = name
        let ascii = name.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
        if !ascii { name = name.lowercased() }
        return name.withUTF8 { bytes in
            words.allSatisfy { Self.bytes(bytes, contain: $0, foldingASCII: ascii) }
        }
    }

    /// Whether `bytes` holds `part` somewhere (with `foldingASCII`, A to Z read as a to z).
    static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, contain part: [UInt8], foldingASCII: Bool) -> Bool {
        guard !part.isEmpty else { return true }
        guard bytes.count >= part.count else { return false }
        @inline(__always) func folded(_ byte: UInt8) -> UInt8 { foldingASCII && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        let first = part[0]
        for start in 0...(bytes.count - part.count) where folded(bytes[start]) == first {
            var index = 1
            while index < part.count && folded(bytes[start + index]) == part[index] { index += 1 }
            if index == part.count { return true }
        }
        return false
    }

    /// Whether a photo's tag (a path, lower-cased) is the one asked: the same path, a path that
    /// starts with it, or one of whose levels it is.
    static func tag(_ own: String, matches asked: String) -> Bool {
        own == asked || own.hasPrefix(asked + "/") || own.split(separator: "/").contains { $0 == asked }
    }
}
