// Why this exists: photos carrying a full set of details (camera, exposure, date, place, title, keywords), written by exiftool, and the hostile EXIF segments the tests put in JPEGs, for the details tests of the pipeline and the app.
import Foundation

/// Photos carrying a full set of details, written by exiftool.
public enum TestDetails {
    /// exiftool's arguments for the full set: camera, lens, exposure, flash, date with offset,
    /// size, place, title, description and two keywords.
    public static let arguments = [
        "-Make=Canon", "-Model=Canon EOS 5D Mark IV", "-LensModel=EF50mm f/1.8 STM", "-ExposureTime=1/250", "-FNumber=2.8",
        "-ISO=400", "-FocalLength=50", "-FocalLengthIn35mmFormat=75", "-EXIF:Flash#=1", "-DateTimeOriginal=2019:07:14 18:32:05",
        "-OffsetTimeOriginal=+02:00", "-ExifImageWidth=6720", "-ExifImageHeight=4480", "-GPSLatitude=48.85837", "-GPSLatitudeRef=N",
        "-GPSLongitude=2.29448", "-GPSLongitudeRef=E", "-XMP-dc:Title=Evening at the tower", "-XMP-dc:Description=From the Champ de Mars",
        "-XMP-dc:Subject=Paris", "-XMP-dc:Subject=tower",
    ]

    /// `file` given the full set of details (and `extra` exiftool arguments), in place (exiftool's
    /// answers are kept: `Exiftool`).
    public static func write(to file: URL, extra: [String] = []) throws {
        // (exiftool writing a 16 MB packet took 26 s, and over 60 once, with both cores busy.)
        let done = try Exiftool.run(["-q", "-q", "-overwrite_original"] + arguments + extra, file.path, timeout: 300)
        guard done.status == 0 else { throw TestProfiles.Failed(output: done.output) }
    }

    /// A 120 × 80 photo as `type` (jpg, png, webp, tiff, heic, avif) with the full set.
    public static func photo(_ type: String, in folder: URL) throws -> URL {
        let png = folder.appendingPathComponent("details-plain.png")
        try TestImages.encoded(width: 120, height: 80) { x, y in [UInt8(x * 2), UInt8(y * 3), 90] }.write(to: png)
        let file = folder.appendingPathComponent("details.\(type)")
        switch type {
        case "png": try FileManager.default.copyItem(at: png, to: file)
        case "heic": _ = try Tool.run("/usr/bin/heif-enc", ["-q", "90", png.path, "-o", file.path], timeout: 120)
        case "avif": _ = try Tool.run("/usr/bin/avifenc", ["-s", "8", png.path, file.path], timeout: 120)
        default: _ = try Tool.run("/usr/bin/convert", [png.path, file.path], timeout: 120)
        }
        try write(to: file)
        return file
    }
}

extension TestDetails {
    /// `jpeg` with an APP1 segment holding `segment` right after its start.
    public static func jpeg(_ jpeg: Data, app1 segment: Data) -> Data {
        var photo = Data(jpeg.prefix(2))
        photo += [0xFF, 0xE1, UInt8((segment.count + 2) >> 8), UInt8((segment.count + 2) & 0xFF)] + segment
        return photo + jpeg.dropFirst(2)
    }

    /// EXIF whose IFD points at itself, as its EXIF pointer and as the next IFD (a loop).
    public static let ifdLoop = Data("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 42, 0, 0, 0, 8]
        + [0, 1, 0x87, 0x69, 0, 4, 0, 0, 0, 1, 0, 0, 0, 8, 0, 0, 0, 8]
    /// EXIF whose numbers are text no camera writes (type ASCII, which exiv2 reads as it is): an
    /// exposure of 1/Int.max s, ISO 1e300, a focal length of 1e309 (infinite) and a width of
    /// 10^20 pixels; each once stopped the app or its helper in a conversion to Int.
    public static let hostileNumbers: Data = {
        let values: [(tag: UInt16, text: String)] = [(0x829A, "1/9223372036854775807"), (0x829D, "-9223372036854775808/1"), (0x8827, "1e300"),
                                                      (0x920A, "1e309"), (0xA002, "99999999999999999999")]
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        // IFD0: Make ("Canon", so there are details to show) and the Exif IFD's pointer.
        let exifAt = 8 + 2 + 2 * 12 + 4
        var valueAt = exifAt + 2 + values.count * 12 + 4
        let make = Array("Canon".utf8) + [0]
        var tiff: [UInt8] = [0x4D, 0x4D, 0, 42] + be32(8) + be16(2)
        tiff += be16(0x010F) + be16(2) + be32(make.count) + be32(valueAt)
        tiff += be16(0x8769) + be16(4) + be32(1) + be32(exifAt) + be32(0)
        var tail: [UInt8] = make
        valueAt += make.count
        tiff += be16(values.count)
        for value in values {
            let text = Array(value.text.utf8) + [0]
            tiff += be16(Int(value.tag)) + be16(2) + be32(text.count) + be32(valueAt)
            tail += text
            valueAt += text.count
        }
        return Data("Exif".utf8) + [0, 0] + tiff + be32(0) + tail
    }()
    /// "Exif" followed by 4,000 bytes of noise.
    public static let noise = Data("Exif".utf8) + [0, 0] + Data((0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 91 &+ 7) })
}

extension TestDetails {
    /// `photo(type)` stored turned (orientation 6), with place names in XMP (and in IPTC, with
    /// IPTC keywords and an embedded thumbnail, for a JPEG): what a kept photo's metadata is tried on.
    public static func turnedPhotoWithPlaces(_ type: String, in folder: URL) throws -> URL {
        let file = try photo(type, in: folder)
        var extra = ["-Orientation#=6", "-XMP-photoshop:City=Paris", "-XMP-photoshop:Country=France"]
        if type == "jpg" { extra += ["-IPTC:City=Paris", "-IPTC:Keywords=Paris", "-ThumbnailImage<=\(file.path)"] }
        try write(to: file, extra: extra)
        return file
    }

    /// What exiftool reads in `file`, by group and tag ("IFD0:Orientation"), numbers as numbers.
    public static func readBack(_ file: URL) throws -> [String: Any] {
        let done = try Tool.run("/usr/bin/exiftool", ["-j", "-G1", "-n", "-b", file.path], timeout: 60)
        guard done.status == 0, let list = try JSONSerialization.jsonObject(with: Data(done.output.utf8)) as? [[String: Any]],
              let tags = list.first else { throw TestProfiles.Failed(output: done.output) }
        return tags
    }

    /// The groups of `tags` that say where a photo was taken: GPS, and place names in XMP and IPTC.
    public static func places(_ tags: [String: Any]) -> [String] {
        tags.keys.filter { key in
            let lower = key.lowercased()
            return lower.hasPrefix("gps:") || ["city", "country", "location", "state"].contains { lower.hasSuffix(":\($0)") || lower.contains(":\($0)") }
        }.sorted()
    }
}
