// Why this exists: writes Apple's binary property list by hand, object by object, so tests can make the files a normal writer never would (one object referenced from everywhere, trees that double at each level).
import Foundation

public struct BinaryPlistWriter {
    public enum Object {
        case string(String)
        /// References to other objects, by index.
        case array([Int])
        /// Key and value references, by index, in order.
        case dictionary([(key: Int, value: Int)])
    }

    public var objects: [Object] = []
    public init() {}

    /// Add an object; returns its index (the reference others use).
    @discardableResult
    public mutating func add(_ object: Object) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    /// The file, with `top` as its top object.
    public func data(top: Int) -> Data {
        let refSize = objects.count < 256 ? 1 : objects.count < 65_536 ? 2 : 4
        var out = Data("bplist00".utf8)
        var offsets: [Int] = []
        func count(_ marker: UInt8, _ n: Int) {
            if n < 15 { out.append(marker | UInt8(n)); return }
            out.append(marker | 0x0F)
            if n < 256 { out.append(0x10); out.append(UInt8(n)) }
            else if n < 65_536 { out.append(0x11); out.append(bigEndian: UInt64(n), bytes: 2) }
            else { out.append(0x12); out.append(bigEndian: UInt64(n), bytes: 4) }
        }
        func ref(_ index: Int) { out.append(bigEndian: UInt64(index), bytes: refSize) }
        for object in objects {
            offsets.append(out.count)
            switch object {
            case .string(let text):
                let ascii = Array(text.utf8)
                count(0x50, ascii.count)
                out.append(contentsOf: ascii)
            case .array(let items):
                count(0xA0, items.count)
                items.forEach(ref)
            case .dictionary(let entries):
                count(0xD0, entries.count)
                entries.forEach { ref($0.key) }
                entries.forEach { ref($0.value) }
            }
        }
        let offsetSize = out.count < 256 ? 1 : out.count < 65_536 ? 2 : out.count < 1 << 24 ? 3 : 4
        let table = out.count
        offsets.forEach { out.append(bigEndian: UInt64($0), bytes: offsetSize) }
        out.append(contentsOf: [UInt8](repeating: 0, count: 6))
        out.append(UInt8(offsetSize))
        out.append(UInt8(refSize))
        out.append(bigEndian: UInt64(objects.count), bytes: 8)
        out.append(bigEndian: UInt64(top), bytes: 8)
        out.append(bigEndian: UInt64(table), bytes: 8)
        return out
    }

    /// `entries` rows (an array of {name, url}) all using one URL string of `urlBytes` bytes.
    public static func sharedURL(entries: Int, urlBytes: Int) -> Data {
        var writer = BinaryPlistWriter()
        let url = writer.add(.string("http://example.org/" + String(repeating: "a", count: max(0, urlBytes - 19))))
        let nameKey = writer.add(.string("name")), urlKey = writer.add(.string("url"))
        var rows: [Int] = []
        for i in 0..<entries {
            let name = writer.add(.string("Photo \(i + 1)"))
            rows.append(writer.add(.dictionary([(nameKey, name), (urlKey, url)])))
        }
        let top = writer.add(.array(rows))
        return writer.data(top: top)
    }

    /// A one-row array whose row's name is an array holding two references to the next array,
    /// `depth` levels down: walking it in full touches 2^depth objects.
    public static func doublingArrays(depth: Int) -> Data {
        var writer = BinaryPlistWriter()
        var next = writer.add(.string("leaf"))
        for _ in 0..<depth { next = writer.add(.array([next, next])) }
        let nameKey = writer.add(.string("name")), urlKey = writer.add(.string("url"))
        let url = writer.add(.string("http://example.org/a.png"))
        let row = writer.add(.dictionary([(nameKey, next), (urlKey, url)]))
        let top = writer.add(.array([row]))
        return writer.data(top: top)
    }
}

extension Data {
    mutating func append(bigEndian value: UInt64, bytes: Int) {
        for shift in stride(from: (bytes - 1) * 8, through: 0, by: -8) { append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }
}
