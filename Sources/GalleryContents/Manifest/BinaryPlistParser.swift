// Why this exists: reads Apple's binary property list (bplist00), keeping dictionary order, with every offset bounds-checked.
import PhotoFormats
import Foundation
import PhotoDecoding

/// A bplist00 reader. Format: an 8-byte header, objects, an offset table, and a 32-byte trailer
/// (offset int size, object ref size, object count, top object, offset table offset).
/// Dictionaries store their key refs then their value refs in the order they were written.
struct BinaryPlistParser {
    private let bytes: [UInt8]
    private var offsetSize = 0
    private var refSize = 0
    private var objectCount = 0
    private var offsetTable = 0
    private var depth = 0
    /// Objects read so far, and how many may be: the format lets any number of references point
    /// at one object, so a small file can describe a huge tree (arrays that each hold two
    /// references to the next double it at every level). Each object may be read a few times
    /// over (Apple's writer shares the "name" and "url" keys of every row); a file whose objects
    /// expand past that is refused, not walked.
    private var visits = 0
    private var visitLimit: Int { 8 * objectCount + 1024 }
    /// The bytes of names and URLs the rows expand to: refused past the manifest limit (many
    /// rows may share one long string, each copy counts).
    private var expandedBytes = 0

    /// The rows of the top object (a dictionary of name → string, or an array of dictionaries
    /// with name and url), handed to `sink` in order.
    static func parseRows(_ data: Data, into sink: RowSink) throws(ManifestError) {
        var parser = BinaryPlistParser(bytes: [UInt8](data))
        try parser.rows(sink)
    }

    private mutating func rows(_ sink: RowSink) throws(ManifestError) {
        let top = try trailer()
        let start = try offset(of: top)
        let marker = bytes[start]
        switch marker >> 4 {
        case 0xD: // dictionary: count key refs, then count value refs
            let (count, from) = try length(marker: marker, at: start)
            guard from + 2 * count * refSize <= offsetTable else { throw ManifestError(Words("dictionary object %1$s runs past its end", "\(top)")) }
            for i in 0..<count {
                let keyRef = try reference(at: from + i * refSize)
                let valueRef = try reference(at: from + (count + i) * refSize)
                guard let key = try stringObject(keyRef) else { throw ManifestError(Words("dictionary key %1$s is not a string", "\(i + 1)")) }
                guard let url = try stringObject(valueRef) else {
                    depth += 1
                    defer { depth -= 1 }
                    let value = try object(valueRef)
                    throw ManifestError(Words("the value is %1$s; expected a URL string", ManifestValue.typeWords(value.typeName)), entry: key)
                }
                try expand(name: key, url: url)
                sink.add(name: key, url: url)
            }
        case 0xA: // array of dictionaries with name and url
            let (count, from) = try length(marker: marker, at: start)
            for i in 0..<count {
                let label = "#\(i + 1)"
                depth += 1
                let item = try object(try reference(at: from + i * refSize))
                depth -= 1
                guard case .dictionary(let fields) = item else {
                    throw ManifestError(Words("the item is %1$s; expected {\"name\": …, \"url\": …}", ManifestValue.typeWords(item.typeName)), entry: label)
                }
                func field(_ key: String) throws(ManifestError) -> String {
                    guard let found = fields.first(where: { $0.key == key }) else { throw ManifestError(Words("missing “%1$s”", "\(key)"), entry: label) }
                    guard case .string(let text) = found.value else {
                        throw ManifestError(Words("“%1$s” is %2$s; expected a string", "\(key)", ManifestValue.typeWords(found.value.typeName)), entry: label)
                    }
                    return text
                }
                let name = try field("name"), url = try field("url")
                try expand(name: name, url: url)
                sink.add(name: name, url: url)
            }
        default:
            let value = try object(top)
            throw ManifestError(Words("the top level is %1$s; expected a dictionary of name → URL or an array of {name, url}", ManifestValue.typeWords(value.typeName)))
        }
        sink.flush()
    }

    /// Count a row's bytes against the manifest limit, before they are copied into the rows.
    private mutating func expand(name: String, url: String) throws(ManifestError) {
        expandedBytes += name.utf8.count + url.utf8.count
        guard expandedBytes <= ManifestLoader.byteLimit else {
            throw ManifestError(Words("the entries' names and URLs add up to more than %1$s MiB (a string the file shares counts each time an entry uses it)",
                                      "\(ManifestLoader.byteLimit >> 20)"), entry: name.count > 80 ? String(name.prefix(80)) + "…" : name)
        }
    }

    /// A string object's text, or nil if the object is not a string.
    private func stringObject(_ ref: Int) throws(ManifestError) -> String? {
        let start = try offset(of: ref)
        let marker = bytes[start]
        switch marker >> 4 {
        case 0x5:
            let (count, from) = try length(marker: marker, at: start)
            guard from + count <= offsetTable else { throw ManifestError(Words("string object %1$s runs past its end", "\(ref)")) }
            return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[from..<from + count]), as: UTF8.self) }
        case 0x6:
            let (count, from) = try length(marker: marker, at: start)
            guard from + 2 * count <= offsetTable else { throw ManifestError(Words("string object %1$s runs past its end", "\(ref)")) }
            return bytes.withUnsafeBufferPointer { buffer in
                String(decoding: (0..<count).lazy.map { UInt16(buffer[from + 2 * $0]) << 8 | UInt16(buffer[from + 2 * $0 + 1]) }, as: UTF16.self)
            }
        default:
            return nil
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Read the trailer; returns the top object's reference.
    private mutating func trailer() throws(ManifestError) -> Int {
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
            throw ManifestError(Words("not a binary property list (too short or wrong header)"))
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        refSize = Int(bytes[trailer + 7])
        let count = try uint(at: trailer + 8, size: 8)
        let top = try uint(at: trailer + 16, size: 8)
        let tableOffset = try uint(at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(refSize),
              count > 0, count < UInt64(bytes.count), top < count,
              tableOffset < UInt64(trailer),
              tableOffset + count * UInt64(offsetSize) <= UInt64(trailer) else {
            throw ManifestError(Words("corrupt binary property list trailer"))
        }
        objectCount = Int(count)
        offsetTable = Int(tableOffset)
        return Int(top)
    }

    private func uint(at offset: Int, size: Int) throws(ManifestError) -> UInt64 {
        guard offset >= 0, size >= 1, size <= 8, offset + size <= bytes.count else {
            throw ManifestError(Words("binary property list offset %1$s is out of range", "\(offset)"))
        }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
        return value
    }

    /// An object reference (refSize bytes, up to 8: it may not fit in an Int).
    private func reference(at offset: Int) throws(ManifestError) -> Int {
        let value = try uint(at: offset, size: refSize)
        guard let ref = Int(exactly: value), ref < objectCount else { throw ManifestError(Words("object reference %1$s is out of range", "\(value)")) }
        return ref
    }

    private func offset(of ref: Int) throws(ManifestError) -> Int {
        guard ref >= 0, ref < objectCount else { throw ManifestError(Words("object reference %1$s is out of range", "\(ref)")) }
        let value = try uint(at: offsetTable + ref * offsetSize, size: offsetSize)
        guard value >= 8, value < UInt64(offsetTable) else { throw ManifestError(Words("object %1$s has a bad offset", "\(ref)")) }
        return Int(value)
    }

    /// Reads a marker's length: the low nibble, or a following int object when the nibble is 0xF.
    private func length(marker: UInt8, at start: Int) throws(ManifestError) -> (count: Int, dataStart: Int) {
        let nibble = Int(marker & 0x0F)
        if nibble != 0x0F { return (nibble, start + 1) }
        guard start + 1 < bytes.count else { throw ManifestError(Words("truncated length")) }
        let intMarker = bytes[start + 1]
        guard intMarker & 0xF0 == 0x10 else { throw ManifestError(Words("bad length marker")) }
        let size = 1 << Int(intMarker & 0x0F)
        let value = try uint(at: start + 2, size: size)
        guard value <= UInt64(bytes.count) else { throw ManifestError(Words("length %1$s exceeds the file", "\(value)")) }
        return (Int(value), start + 2 + size)
    }

    private mutating func object(_ ref: Int) throws(ManifestError) -> ManifestValue {
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { throw ManifestError(Words("binary property list nests too deeply")) }
        visits += 1
        guard visits <= visitLimit else {
            throw ManifestError(Words("shared objects expand past %1$s objects (the file holds %2$s): a file that refers to the same objects over and over is refused", "\(visitLimit)", "\(objectCount)"))
        }
        let start = try offset(of: ref)
        let marker = bytes[start]
        switch marker >> 4 {
        case 0x0: return marker == 0x08 || marker == 0x09 ? .other(typeName: "a boolean") : .other(typeName: "null")
        case 0x1: return .other(typeName: "an integer")
        case 0x2: return .other(typeName: "a real number")
        case 0x3: return .other(typeName: "a date")
        case 0x4: return .other(typeName: "data")
        case 0x8: return .other(typeName: "a UID")
        case 0x5: // ASCII string
            let (count, from) = try length(marker: marker, at: start)
            guard from + count <= offsetTable else { throw ManifestError(Words("string object %1$s runs past its end", "\(ref)")) }
            return .string(String(decoding: bytes[from..<from + count], as: UTF8.self))
        case 0x6: // UTF-16BE string
            let (count, from) = try length(marker: marker, at: start)
            guard from + 2 * count <= offsetTable else { throw ManifestError(Words("string object %1$s runs past its end", "\(ref)")) }
            let units = (0..<count).map { UInt16(bytes[from + 2 * $0]) << 8 | UInt16(bytes[from + 2 * $0 + 1]) }
            return .string(String(decoding: units, as: UTF16.self))
        case 0xA: // array
            let (count, from) = try length(marker: marker, at: start)
            var items: [(value: ManifestValue, line: Int?)] = []
            for i in 0..<count {
                items.append((value: try object(try reference(at: from + i * refSize)), line: nil))
            }
            return .array(items)
        case 0xD: // dictionary: count key refs, then count value refs
            let (count, from) = try length(marker: marker, at: start)
            guard from + 2 * count * refSize <= offsetTable else { throw ManifestError(Words("dictionary object %1$s runs past its end", "\(ref)")) }
            var entries: [(key: String, value: ManifestValue, line: Int?)] = []
            for i in 0..<count {
                let keyRef = try reference(at: from + i * refSize)
                let valueRef = try reference(at: from + (count + i) * refSize)
                guard case .string(let key) = try object(keyRef) else {
                    throw ManifestError(Words("dictionary key %1$s is not a string", "\(i + 1)"))
                }
                entries.append((key: key, value: try object(valueRef), line: nil))
            }
            return .dictionary(entries)
        default:
            throw ManifestError(Words("unknown object type 0x%1$s at offset %2$s", "\(String(marker, radix: 16))", "\(start)"))
        }
    }
}
