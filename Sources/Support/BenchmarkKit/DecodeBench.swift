// Why this exists: GdkPixbufLoader with downscale-at-decode to a 256 px thumbnail against full decode then scale, on 12 MP JPEG, PNG, WebP, AVIF and HEIC.
import DecodeHelper
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport

public enum DecodeBench {
    public static func run(repetitions: Int, photos: LargePhotos) -> [Result] {
        guard let jpeg = photos.files["coffee-12mp.jpg"] else { return [] }
        // The same picture as PNG (GdkPixbuf encodes it).
        let png = TestImages.encode(TestImages.decode(jpeg)!, type: "png")
        var results: [Result] = []
        // The formats photos come in, encoded from the same picture by ImageMagick (once: HEIC takes ~15 s).
        let encoded = ["WebP": "webp", "AVIF": "avif", "HEIC": "heic"].sorted { $0.key < $1.key }.compactMap { label, ext in
            Self.encode(jpeg, as: ext).map { (label, $0) }
        }
        for (label, data) in [("JPEG", jpeg), ("PNG", png)] + encoded {
            var fast = ImageDecoder(maxDimension: 256)
            fast.downscaleWhileDecoding = true
            var full = ImageDecoder(maxDimension: 256)
            full.downscaleWhileDecoding = false
            _ = try? fast.decode(data)
            var fastTimes: [Double] = [], fullTimes: [Double] = []
            for _ in 0..<repetitions { // interleaved, so drift hits both
                fastTimes += timeIt(1) { _ = try? fast.decode(data) }
                fullTimes += timeIt(1) { _ = try? full.decode(data) }
            }
            results.append(Result(name: "decode 12 MP \(label) → 256 px, downscale at decode", unit: "ms", values: fastTimes.map { $0 * 1000 }))
            results.append(Result(name: "decode 12 MP \(label) → 256 px, full decode then scale", unit: "ms", values: fullTimes.map { $0 * 1000 }))
            // The target was set for JPEG and PNG; the newer formats are measured, their cause named.
            let held = label == "JPEG" || label == "PNG"
            results.append(Result(name: "downscaled decode speed-up, \(label)", unit: "×", values: zip(fullTimes, fastTimes).map { $0 / $1 },
                                  target: held ? "≥ 2" : nil, met: held ? { $0 >= 2 } : nil, note: Self.notes[label]))
        }
        return results
    }

    /// Why a format's loader cannot decode at a smaller size.
    static let notes = [
        "PNG": "GdkPixbuf's PNG loader cannot scale while loading; it decodes whole and scales after",
        "WebP": "libwebp scales while decoding, but each pixel is still decoded; only the output is smaller",
        "AVIF": "libavif has no scaled decode: the loader decodes every pixel and scales after",
        "HEIC": "libheif has no scaled decode (and the loader ignores the file's own embedded thumbnail)",
    ]

    /// `jpeg` re-encoded by ImageMagick as `ext` (quality 80), or nil if it cannot.
    static func encode(_ jpeg: Data, as ext: String) -> Data? {
        let folder = TemporaryFiles.url("decode-bench-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("photo.jpg"), target = folder.appendingPathComponent("photo.\(ext)")
        guard (try? jpeg.write(to: source)) != nil,
              let made = try? Tool.run("/usr/bin/convert", [source.path, "-quality", "80", "-define", "heic:speed=8", target.path], timeout: 300),
              made.status == 0 else { return nil }
        return try? Data(contentsOf: target)
    }
}
