// Why this exists: the few EXIF fields a sort and the filter need (date taken and its offset, pixel size, orientation, camera, lens, whether it has a position), read straight from an Exif block's TIFF structure in the decoding helper: bounds-checked at every step, a loop or a lie ends the read, and exiv2's whole-block parse is spared (it made the helper, not the disk, the limit on sorting by date).
import Foundation

package enum ExifFields {
    /// The facts in an Exif block ("Exif\0\0", then a TIFF header and its IFDs); nil when it is not one.
    package static func facts(_ block: Data) -> PhotoFacts? {
        let bytes = [UInt8](block)
        guard bytes.count >= 14, bytes[0..<6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) else { return nil }
        let tiff = Array(bytes[6...])
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd0 = u32(4) else { return nil }
        /// One IFD's entries: tag → (type, count, value or offset field's position).
        func entries(_ offset: Int) -> [Int: (type: Int, count: Int, field: Int)] {
            guard let count = u16(offset), count <= 1000 else { return [:] }
            var found: [Int: (type: Int, count: Int, field: Int)] = [:]
            for index in 0..<count {
                let at = offset + 2 + index * 12
                guard let tag = u16(at), let type = u16(at + 2), let number = u32(at + 4), at + 12 <= tiff.count else { break }
                found[tag] = (type, number, at + 8)
            }
            return found
        }
        func ascii(_ entry: (type: Int, count: Int, field: Int)?) -> String? {
            guard let entry, entry.type == 2, entry.count > 0, entry.count <= 256 else { return nil }
            let start = entry.count <= 4 ? entry.field : (u32(entry.field) ?? -1)
            guard start >= 0, start + entry.count <= tiff.count else { return nil }
            let text = tiff[start..<start + entry.count].prefix { $0 != 0 }
            return String(decoding: text, as: UTF8.self)
        }
        func integer(_ entry: (type: Int, count: Int, field: Int)?) -> Int? {
            guard let entry, entry.count == 1 else { return nil }
            switch entry.type {
            case 3: return u16(entry.field)
            case 4: return u32(entry.field)
            default: return nil
            }
        }
        let first = entries(ifd0)
        // The Exif IFD, if its pointer leads somewhere other than IFD0 (no loop).
        let exifOffset = integer(first[0x8769]).flatMap { $0 != ifd0 ? $0 : nil }
        let exif = exifOffset.map(entries) ?? [:]
        var facts = PhotoFacts()
        facts.wallSeconds = ascii(exif[0x9003]).flatMap(PhotoFacts.wallSeconds)
        facts.offsetMinutes = ascii(exif[0x9011]).flatMap(PhotoFacts.offsetMinutes)
        facts.width = integer(exif[0xA002])
        facts.height = integer(exif[0xA003])
        facts.orientation = integer(first[0x0112])
        let camera = [ascii(first[0x010F]), ascii(first[0x0110])].compactMap { $0?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        facts.camera = camera.isEmpty ? nil : camera.joined(separator: " ")
        facts.lens = ascii(exif[0xA434])
        // A position: the GPS IFD (not IFD0 again) with a latitude and a longitude.
        if let gpsOffset = integer(first[0x8825]), gpsOffset != ifd0 {
            let gps = entries(gpsOffset)
            facts.located = gps[0x0002] != nil && gps[0x0004] != nil
        } else {
            facts.located = false
        }
        return facts.checked()
    }
}
