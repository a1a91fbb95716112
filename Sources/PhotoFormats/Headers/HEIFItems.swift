// Why this exists: the items a HEIF or AVIF `meta` box declares, as much as the header check needs: the primary item, each item's type, its declared size (ispe), its colour code points (colr nclx), the images a grid is derived from (dimg), and where an item's data lies (iloc, idat).
import ColourManagement
import Foundation

package struct HEIFItems {
    private(set) var primary: Int?
    /// Item → its four-letter type ("hvc1", "av01", "grid", "iovl", "Exif"…).
    private(set) var types: [Int: String] = [:]
    /// Item → the size its `ispe` property declares.
    private(set) var sizes: [Int: (width: Int, height: Int)] = [:]
    /// A `mime` item → its content type ("application/rdf+xml" for XMP).
    private(set) var contentTypes: [Int: String] = [:]
    /// Item → its colour as code points (an `nclx` colour property).
    private(set) var colours: [Int: CodedColour] = [:]
    /// Item → where its ICC profile lies (a `prof` or `rICC` colour property).
    private(set) var profiles: [Int: Range<Int>] = [:]
    /// Derived item → the items it is made from, in order (`dimg` references).
    private(set) var derivedFrom: [Int: [Int]] = [:]
    /// Item → its data's extents: (construction method, offset, length).
    private var locations: [Int: [(method: Int, offset: Int, length: Int)]] = [:]
    private var idat: Range<Int>?
    private let bytes: HeaderBytes

    package init(_ boxes: [ISOBox], _ bytes: HeaderBytes) throws(DecodeError) {
        self.bytes = bytes
        for box in boxes {
            switch box.type {
            case "idat": idat = box.body
            case "iprp": try readProperties(box)
            case "pitm", "iinf", "iloc", "iref":
                // Full boxes: a version and 3 bytes of flags first.
                guard box.body.count >= 4, let version = bytes.byte(box.body.lowerBound) else { throw failure(box.type) }
                let at = box.body.lowerBound + 4, end = box.body.upperBound
                switch box.type {
                case "pitm": primary = bytes.bigEndian(at, version == 0 ? 2 : 4)
                case "iinf": try readItemInfo(box, version: version)
                case "iloc": try readLocations(at, end: end, version: version)
                default: try readReferences(at, end: end, version: version)
                }
            default: continue
            }
        }
    }

    private func failure(_ box: String) -> DecodeError { HEIFHeader.unreadable(Words("has an unreadable %1$s box", "\(box)")) }

    private mutating func readItemInfo(_ box: ISOBox, version: Int) throws(DecodeError) {
        let countWidth = version == 0 ? 2 : 4
        guard box.body.count >= 4 + countWidth, let entries = ISOBoxes.list(bytes, (box.body.lowerBound + 4 + countWidth)..<box.body.upperBound) else { throw failure("iinf") }
        for entry in entries where entry.type == "infe" {
            // Version 2 and 3 entries name the item's type; older ones describe files, not images.
            guard entry.body.count >= 4, let entryVersion = bytes.byte(entry.body.lowerBound), entryVersion >= 2 else { continue }
            let idWidth = entryVersion == 2 ? 2 : 4
            let at = entry.body.lowerBound + 4
            guard let item = bytes.bigEndian(at, idWidth), let type = bytes.tag(at + idWidth + 2) else { throw failure("infe") }
            types[item] = type
            // A `mime` item names its content type after its name (XMP: application/rdf+xml).
            if type == "mime" {
                var cursor = at + idWidth + 6
                while cursor < entry.body.upperBound, bytes.byte(cursor) != 0 { cursor += 1 }
                var content: [UInt8] = []
                cursor += 1
                while cursor < entry.body.upperBound, content.count < 64, let byte = bytes.byte(cursor), byte != 0 {
                    content.append(UInt8(byte))
                    cursor += 1
                }
                contentTypes[item] = String(decoding: content, as: UTF8.self)
            }
        }
    }

    private mutating func readLocations(_ start: Int, end: Int, version: Int) throws(DecodeError) {
        guard version <= 2, let sizes = bytes.byte(start), let more = bytes.byte(start + 1) else { throw failure("iloc") }
        let offsetSize = sizes >> 4, lengthSize = sizes & 15, baseSize = more >> 4
        let indexSize = version == 0 ? 0 : more & 15
        let idWidth = version < 2 ? 2 : 4
        guard [0, 4, 8].contains(offsetSize), [0, 4, 8].contains(lengthSize), [0, 4, 8].contains(baseSize),
              let count = bytes.bigEndian(start + 2, idWidth) else { throw failure("iloc") }
        var at = start + 2 + idWidth
        for _ in 0..<count {
            guard let item = bytes.bigEndian(at, idWidth) else { throw failure("iloc") }
            at += idWidth
            var method = 0
            if version > 0 {
                guard let value = bytes.bigEndian(at, 2) else { throw failure("iloc") }
                method = value & 15
                at += 2
            }
            at += 2 // data reference index
            guard let base = bytes.bigEndian(at, baseSize), let extents = bytes.bigEndian(at + baseSize, 2) else { throw failure("iloc") }
            at += baseSize + 2
            var found: [(method: Int, offset: Int, length: Int)] = []
            for _ in 0..<extents {
                at += indexSize
                guard let offset = bytes.bigEndian(at, offsetSize), let length = bytes.bigEndian(at + offsetSize, lengthSize) else { throw failure("iloc") }
                at += offsetSize + lengthSize
                let (start, overflow) = base.addingReportingOverflow(offset)
                guard !overflow else { throw failure("iloc") }
                found.append((method, start, length))
            }
            guard at <= end else { throw failure("iloc") }
            locations[item] = found
        }
    }

    private mutating func readReferences(_ start: Int, end: Int, version: Int) throws(DecodeError) {
        let idWidth = version == 0 ? 2 : 4
        guard let references = ISOBoxes.list(bytes, start..<end) else { throw failure("iref") }
        for reference in references where reference.type == "dimg" {
            var at = reference.body.lowerBound
            guard let from = bytes.bigEndian(at, idWidth), let count = bytes.bigEndian(at + idWidth, 2),
                  reference.body.upperBound - at >= idWidth + 2 + count * idWidth else { throw failure("iref") }
            at += idWidth + 2
            var targets: [Int] = []
            targets.reserveCapacity(count)
            for index in 0..<count { targets.append(bytes.bigEndian(at + index * idWidth, idWidth) ?? 0) }
            derivedFrom[from, default: []] += targets
        }
    }

    private mutating func readProperties(_ box: ISOBox) throws(DecodeError) {
        guard let children = ISOBoxes.list(bytes, box.body),
              let container = children.first(where: { $0.type == "ipco" }),
              let properties = ISOBoxes.list(bytes, container.body) else { throw failure("iprp") }
        for association in children where association.type == "ipma" {
            let body = association.body
            guard body.count >= 8, let version = bytes.byte(body.lowerBound), let flags = bytes.bigEndian(body.lowerBound + 1, 3),
                  let count = bytes.bigEndian(body.lowerBound + 4, 4) else { throw failure("ipma") }
            let idWidth = version < 1 ? 2 : 4, indexWidth = flags & 1 != 0 ? 2 : 1
            var at = body.lowerBound + 8
            for _ in 0..<count {
                guard let item = bytes.bigEndian(at, idWidth), let associations = bytes.byte(at + idWidth) else { throw failure("ipma") }
                at += idWidth + 1
                for _ in 0..<associations {
                    guard let value = bytes.bigEndian(at, indexWidth) else { throw failure("ipma") }
                    at += indexWidth
                    // The top bit says whether the property is essential; the rest is its 1-based index.
                    let index = value & (indexWidth == 2 ? 0x7FFF : 0x7F)
                    guard index > 0 else { continue }
                    guard index <= properties.count else { throw failure("ipma") }
                    let property = properties[index - 1]
                    if property.type == "colr", property.body.count >= 11, bytes.tag(property.body.lowerBound) == "nclx",
                       let primaries = bytes.bigEndian(property.body.lowerBound + 4, 2), let transfer = bytes.bigEndian(property.body.lowerBound + 6, 2) {
                        colours[item] = CodedColour(primaries: primaries, transfer: transfer)
                    }
                    if property.type == "colr", property.body.count > 4, ["prof", "rICC"].contains(bytes.tag(property.body.lowerBound)) {
                        profiles[item] = (property.body.lowerBound + 4)..<property.body.upperBound
                    }
                    guard property.type == "ispe" else { continue }
                    guard property.body.count >= 12, let width = bytes.bigEndian(property.body.lowerBound + 4, 4),
                          let height = bytes.bigEndian(property.body.lowerBound + 8, 4) else { throw failure("ispe") }
                    sizes[item] = (width, height)
                }
                guard at <= body.upperBound else { throw failure("ipma") }
            }
        }
    }

    /// The ICC profile of `item`'s colour property, if it has one.
    package func profile(of item: Int) -> Data? {
        guard let whole = profiles[item] else { return nil }
        // One byte past the largest profile accepted is enough to refuse a larger one.
        let range = whole.prefix(ColourProfile.largestAccepted + 1)
        var profile = Data(capacity: range.count)
        for at in range {
            guard let byte = bytes.byte(at) else { return nil }
            profile.append(UInt8(byte))
        }
        return profile
    }

    /// The first `prefix` bytes of an item's data, wherever its extents put them (the file, or
    /// the meta box's idat); nil if they lie outside what was read.
    package func data(of item: Int, prefix: Int) -> [Int]? {
        guard let extents = locations[item], !extents.isEmpty else { return nil }
        var data: [Int] = []
        for extent in extents where data.count < prefix {
            let start: Int
            switch extent.method {
            case 0: start = extent.offset
            case 1:
                guard let idat else { return nil }
                guard extent.offset <= idat.count, extent.length <= idat.count - extent.offset else { return nil }
                start = idat.lowerBound + extent.offset
            default: return nil
            }
            // An extent that starts past the bytes read lies outside them (and one that runs "to
            // the end" from there would have a negative length).
            guard start >= 0, start <= bytes.count else { return nil }
            let length = extent.length == 0 ? bytes.count - start : extent.length
            for index in 0..<min(length, prefix - data.count) {
                guard let byte = bytes.byte(start + index) else { return nil }
                data.append(byte)
            }
        }
        return data
    }
}
