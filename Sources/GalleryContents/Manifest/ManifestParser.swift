// Why this exists: turns a manifest's bytes into rows: sniffs the format and reads the name → URL pairs in file order, handing them over in batches as it goes.
import PhotoFormats
import Foundation
import PhotoDecoding
import PhotoFetching

public enum ManifestParser {
    /// Parse `data`, handing rows to `batch` as they are found (the first batch is small, so a
    /// big manifest shows its first screen at once). Rows handed over before an error stay
    /// valid: the error names the line or entry at fault.
    @discardableResult
    public static func parseRows(_ data: Data, firstBatch: Int = 256,
                                 batch: @escaping (ManifestRows) -> Void) throws(ManifestError) -> ManifestFormat {
        let format = try sniff(data)
        let sink = RowSink(first: firstBatch, emit: batch)
        do {
            switch format {
            case .xmlPlist: try XMLPlistParser.parseRows(data, into: sink)
            case .binaryPlist: try BinaryPlistParser.parseRows(data, into: sink)
            case .json: try OrderedJSONParser.parseRows(data, into: sink)
            case .folder, .share: break // never sniffed from bytes: a folder is listed, not parsed
            }
        } catch {
            // The rows read before the fault are handed over too.
            sink.flush()
            throw error
        }
        return format
    }

    /// Parse `data`, read from `source`, into a whole manifest (tests, the fuzzer, small files).
    public static func parse(_ data: Data, source: URL) throws(ManifestError) -> Manifest {
        var rows = ManifestRowStore()
        let format = try parseRows(data) { rows.append($0) }
        return Manifest(source: source, title: title(for: source), format: format, rows: rows)
    }

    /// Decide the format from the first bytes, not the file name: users rename files.
    static func sniff(_ data: Data) throws(ManifestError) -> ManifestFormat {
        if data.isEmpty { throw ManifestError(Words("the file is empty")) }
        if data.starts(with: Array("bplist".utf8)) { return .binaryPlist }
        var bytes = data.prefix(4096)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw ManifestError(Words("the file holds only white space"))
        }
        switch first {
        case UInt8(ascii: "<"): return .xmlPlist
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""): return .json
        default:
            throw ManifestError(Words("not a gallery manifest: expected an XML or binary property list, or JSON"))
        }
    }

    /// The gallery's name: the manifest's file name without its extension.
    public static func title(for source: URL) -> String {
        let name = source.deletingPathExtension().lastPathComponent
        // Percent-decoded from a URL anyone may write: what could hide or reorder text is shown as a mark.
        return DisplayText.clean(name.isEmpty || name == "/" ? (source.host ?? Redacted.url(source.absoluteString)) : (name.removingPercentEncoding ?? name))
    }
}
