// Why this exists: a manifest's rows, compact: every name and raw URL in one byte buffer with offsets, so a row costs memory only for the text it shows; strings, URLs and checks are made when a row is first wanted.
import Foundation

/// A batch of rows as a parser found them: immutable once handed over, so it can cross from
/// the parsing thread to the main loop. (@unchecked: it is filled by one parser, then only read;
/// a lock on every read of a million rows would cost, and a `let` cannot be filled in place.)
public final class ManifestRows: @unchecked Sendable {
    /// UTF-8 bytes of every name and URL (invalid sequences kept as they were found).
    private(set) var bytes: [UInt8] = []
    /// Per row: name start, name length, URL start, URL length.
    private(set) var spans: [Int32] = []

    public init() {}

    /// A whole batch at once: `count` rows of `byteCount` bytes of names and URLs, each name and
    /// URL two parts put together (a folder's and a photo's own), row `index`'s given by `parts`.
    /// Written into local arrays sized once (no growing, no `seal`, and no access check on the
    /// object's fields at every append).
    init(count: Int, byteCount: Int, parts: (Int) -> (String, String, String, String)) {
        var bytes: [UInt8] = [], spans: [Int32] = []
        bytes.reserveCapacity(byteCount)
        spans.reserveCapacity(count * 4)
        for index in 0..<count {
            var (namePrefix, name, urlPrefix, url) = parts(index)
            spans.append(Int32(bytes.count)); spans.append(Int32(namePrefix.utf8.count + name.utf8.count))
            namePrefix.withUTF8 { bytes.append(contentsOf: $0) }
            name.withUTF8 { bytes.append(contentsOf: $0) }
            spans.append(Int32(bytes.count)); spans.append(Int32(urlPrefix.utf8.count + url.utf8.count))
            urlPrefix.withUTF8 { bytes.append(contentsOf: $0) }
            url.withUTF8 { bytes.append(contentsOf: $0) }
        }
        self.bytes = bytes
        self.spans = spans
    }

    public var count: Int { spans.count / 4 }

    /// Memory the batch holds (bytes), for the benchmark's bytes-per-row figure.
    public var footprint: Int { bytes.capacity + spans.capacity * 4 }

    func append(name: UnsafeRawBufferPointer, url: UnsafeRawBufferPointer) {
        Self.write(name: name, url: url, bytes: &bytes, spans: &spans)
    }

    func append(name: String, url: String) {
        Self.write(name: name.utf8, url: url.utf8, bytes: &bytes, spans: &spans)
    }

    /// One row written: its name's and its URL's start and length, then their bytes.
    @inline(__always)
    private static func write<Name: Collection<UInt8>, Link: Collection<UInt8>>(
        name: Name, url: Link, bytes: inout [UInt8], spans: inout [Int32]
    ) {
        spans.append(Int32(bytes.count)); spans.append(Int32(name.count))
        bytes.append(contentsOf: name)
        spans.append(Int32(bytes.count)); spans.append(Int32(url.count))
        bytes.append(contentsOf: url)
    }

    /// Make the storage no larger than it needs to be (a batch is done).
    func seal() {
        bytes.reserveCapacity(0)
        spans.reserveCapacity(0)
        bytes = Array(bytes)
        spans = Array(spans)
    }

    /// The name as it was written (invalid UTF-8 repaired to U+FFFD, as URLPolicy expects).
    public func rawName(_ row: Int) -> String { string(at: row * 4) }
    public func rawURL(_ row: Int) -> String { string(at: row * 4 + 2) }

    private func string(at span: Int) -> String {
        let start = Int(spans[span]), length = Int(spans[span + 1])
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<start + length]), as: UTF8.self) }
    }

    /// The row as an entry: the display name, the URL resolved against the manifest, and a
    /// problem if the entry itself is unusable.
    public func entry(_ row: Int, manifest source: URL, localFiles: Bool? = nil) -> ManifestEntry {
        URLPolicy.entry(name: rawName(row), rawURL: rawURL(row), manifest: source, localFiles: localFiles)
    }
}

/// All the batches of one manifest, in order: row index → batch.
public struct ManifestRowStore: Sendable {
    private(set) var batches: [ManifestRows] = []
    /// The first row of each batch.
    private var starts: [Int] = []
    public private(set) var count = 0

    public init() {}

    public mutating func append(_ batch: ManifestRows) {
        guard batch.count > 0 else { return }
        batches.append(batch)
        starts.append(count)
        count += batch.count
    }

    /// The batch holding `row`, and the row's index within it.
    func locate(_ row: Int) -> (ManifestRows, Int) {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= row { low = middle } else { high = middle - 1 }
        }
        return (batches[low], row - starts[low])
    }

    public func rawName(_ row: Int) -> String { let (batch, index) = locate(row); return batch.rawName(index) }
    public func rawURL(_ row: Int) -> String { let (batch, index) = locate(row); return batch.rawURL(index) }
    public func entry(_ row: Int, manifest source: URL, localFiles: Bool? = nil) -> ManifestEntry {
        let (batch, index) = locate(row)
        return batch.entry(index, manifest: source, localFiles: localFiles)
    }

    public var footprint: Int { batches.reduce(0) { $0 + $1.footprint } + starts.capacity * 8 }
}
