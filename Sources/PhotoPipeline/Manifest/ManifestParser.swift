// Why this exists: turns a manifest's bytes into rows: sniffs the format, reads the name → URL pairs in file order, resolves URLs.
import Foundation

public enum ManifestParser {
    /// Parse `data`, read from `source`, into a manifest. Errors name the line or entry at fault.
    public static func parse(_ data: Data, source: URL) throws(ManifestError) -> Manifest {
        let format = try sniff(data)
        let root: ManifestValue
        switch format {
        case .xmlPlist: root = try XMLPlistParser.parse(data)
        case .binaryPlist: root = try BinaryPlistParser.parse(data)
        case .json: root = try OrderedJSONParser.parse(data)
        }
        let pairs = try namesAndURLs(in: root)
        let entries = pairs.map { pair in
            URLPolicy.entry(name: pair.name, rawURL: pair.url, manifest: source)
        }
        return Manifest(source: source, title: title(for: source), format: format, entries: entries)
    }

    /// Decide the format from the first bytes, not the file name: users rename files.
    static func sniff(_ data: Data) throws(ManifestError) -> ManifestFormat {
        if data.isEmpty { throw ManifestError("the file is empty") }
        if data.starts(with: Array("bplist".utf8)) { return .binaryPlist }
        var bytes = data.prefix(4096)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw ManifestError("the file holds only white space")
        }
        switch first {
        case UInt8(ascii: "<"): return .xmlPlist
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""): return .json
        default:
            throw ManifestError("not a gallery manifest: expected an XML or binary property list, or JSON")
        }
    }

    /// The accepted shapes: a dictionary of name → URL string, or an array of {"name", "url"} dictionaries.
    static func namesAndURLs(in root: ManifestValue) throws(ManifestError) -> [(name: String, url: String)] {
        switch root {
        case .dictionary(let entries):
            var pairs: [(name: String, url: String)] = []
            pairs.reserveCapacity(entries.count)
            for entry in entries {
                guard case .string(let url) = entry.value else {
                    throw ManifestError("the value is \(entry.value.typeName); expected a URL string",
                                        line: entry.line, entry: entry.key)
                }
                pairs.append((name: entry.key, url: url))
            }
            return pairs
        case .array(let items):
            var pairs: [(name: String, url: String)] = []
            pairs.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                let label = "#\(index + 1)"
                guard case .dictionary(let fields) = item.value else {
                    throw ManifestError("the item is \(item.value.typeName); expected {\"name\": …, \"url\": …}",
                                        line: item.line, entry: label)
                }
                func field(_ key: String) throws(ManifestError) -> String {
                    guard let found = fields.first(where: { $0.key == key }) else {
                        throw ManifestError("missing “\(key)”", line: item.line, entry: label)
                    }
                    guard case .string(let text) = found.value else {
                        throw ManifestError("“\(key)” is \(found.value.typeName); expected a string",
                                            line: found.line ?? item.line, entry: label)
                    }
                    return text
                }
                pairs.append((name: try field("name"), url: try field("url")))
            }
            return pairs
        default:
            throw ManifestError("the top level is \(root.typeName); expected a dictionary of name → URL or an array of {name, url}")
        }
    }

    /// The gallery's name: the manifest's file name without its extension.
    public static func title(for source: URL) -> String {
        let name = source.deletingPathExtension().lastPathComponent
        return name.isEmpty || name == "/" ? (source.host ?? source.absoluteString) : (name.removingPercentEncoding ?? name)
    }
}
