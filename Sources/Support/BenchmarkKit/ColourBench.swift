// Why this exists: colour profiles measured: how close the app's conversion to sRGB is to lcms2's own (ImageMagick's -profile) for Adobe RGB, ProPhoto RGB and Display P3 photos (mean and largest ΔE2000 over 4,913 colours), and what applying a profile costs a cold thumbnail of a 12 MP JPEG, tagged against the same photo untagged, side by side.
import ColourManagement
import DecodeHelper
import Foundation
import GdkPixbuf
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport

public enum ColourBench {
    public static func run(repetitions: Int, photos: LargePhotos) throws -> [Result] {
        try accuracy() + cost(repetitions: repetitions, photos: photos)
    }

    /// Every colour of a 17-level RGB cube (4,913), one pixel each, on a 71 × 71 image.
    static func cube() -> Pixbuf {
        let cube = ColourProfile.cube, colours = cube.count / 3
        return TestImages.pixbuf(width: 71, height: 71) { x, y in
            let at = 3 * ((y * 71 + x) % colours)
            return Array(cube[at..<(at + 3)])
        }
    }

    static func accuracy() throws -> [Result] {
        let folder = TemporaryFiles.url("colour-bench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("cube.png")
        try TestImages.encode(cube(), type: "png").write(to: plain)
        let p3 = folder.appendingPathComponent("DisplayP3.icc")
        try TestProfiles.displayP3().write(to: p3)
        let profiles = [("Adobe RGB", "/usr/share/color/icc/colord/AdobeRGB1998.icc"), ("ProPhoto RGB", "/usr/share/color/icc/colord/ProPhotoRGB.icc"),
                        ("Display P3", p3.path)]
        var results: [Result] = []
        for (label, profile) in profiles {
            let tagged = folder.appendingPathComponent("\(label).png"), reference = folder.appendingPathComponent("\(label)-lcms2.png")
            try TestProfiles.tag(plain, profile: profile, as: tagged)
            // lcms2's own conversion, as ImageMagick calls it (perceptual, no black point compensation).
            let converted = try Tool.run("/usr/bin/convert", [tagged.path, "-profile", "/usr/share/color/icc/colord/sRGB.icc", reference.path])
            guard converted.status == 0, let expected = TestImages.decode(try Data(contentsOf: reference)) else {
                throw BenchError("ImageMagick did not convert \(label): \(converted.output)")
            }
            var report = ImageDecoder.Report()
            let ours = try ImageDecoder(maxDimension: 1024).decode(try Data(contentsOf: tagged), report: &report)
            guard report.profileConverted else { throw BenchError("\(label): the app did not convert (\(report))") }
            let differences = withExtendedLifetime((ours, expected)) { () -> [Double] in
                let mine = Thumbnail(ours.pixbuf), theirs = Thumbnail(expected)
                var all: [Double] = []
                for y in 0..<71 { for x in 0..<71 {
                    let a = mine.pixel(x: x, y: y), b = theirs.pixel(x: x, y: y)
                    all.append(ColourDifference.deltaE2000(ColourDifference.lab(a[0], a[1], a[2]), ColourDifference.lab(b[0], b[1], b[2])))
                } }
                return all
            }
            let mean = differences.reduce(0, +) / Double(differences.count)
            results.append(Result(name: "\(label) → sRGB against lcms2 (ImageMagick): mean ΔE2000", unit: "ΔE", values: [mean],
                                  target: "≤ 1", met: { $0 <= 1 }))
            results.append(Result(name: "\(label) → sRGB against lcms2 (ImageMagick): largest ΔE2000", unit: "ΔE", values: [differences.max() ?? .nan],
                                  target: "≤ 3", met: { $0 <= 3 }))
        }
        return results
    }

    /// 200 cold thumbnails (256 px, as the list's cache box) of a 12 MP JPEG carrying an Adobe RGB
    /// profile and of the same JPEG without it, one of each in turn, in this process (the helper
    /// runs this very code).
    static func cost(repetitions: Int, photos: LargePhotos) throws -> [Result] {
        guard let plain = photos.files["coffee-12mp.jpg"] else { throw BenchError("no 12 MP photo") }
        let tagged = TestProfiles.jpeg(plain, carrying: try TestProfiles.colord("AdobeRGB1998"))
        let decoder = ImageDecoder(maxDimension: 256)
        var report = ImageDecoder.Report()
        _ = try decoder.decode(tagged, report: &report)
        guard report.profileConverted else { throw BenchError("the tagged photo was not converted") }
        var ratios: [Double] = [], taggedTotals: [Double] = [], plainTotals: [Double] = []
        for _ in 0..<max(1, repetitions / 2) {
            var taggedTime = 0.0, plainTime = 0.0
            for index in 0..<100 { // 200 photos: 100 of each, interleaved, each first in turn, so drift and caches favour neither
                if index % 2 == 0 { taggedTime += timeIt(1) { _ = try? decoder.decode(tagged) }[0] }
                plainTime += timeIt(1) { _ = try? decoder.decode(plain) }[0]
                if index % 2 == 1 { taggedTime += timeIt(1) { _ = try? decoder.decode(tagged) }[0] }
            }
            ratios.append(taggedTime / plainTime)
            taggedTotals.append(taggedTime * 1000 / 100)
            plainTotals.append(plainTime * 1000 / 100)
        }
        return [
            Result(name: "cold thumbnail of a 12 MP JPEG, Adobe RGB tagged", unit: "ms", values: taggedTotals),
            Result(name: "cold thumbnail of a 12 MP JPEG, untagged", unit: "ms", values: plainTotals),
            Result(name: "cold thumbnails, tagged ÷ untagged (200 photos)", unit: "×", values: ratios, target: "≤ 1.05", met: { $0 <= 1.05 }),
        ]
    }
}
