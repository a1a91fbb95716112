// Why this exists: GdkPixbufLoader with downscale-at-decode to a 256 px thumbnail against full decode then scale, on 12 MP JPEG and PNG.
import Foundation
import PhotoPipeline
import TestAndBenchSupport

public enum DecodeBench {
    public static func run(repetitions: Int, photos: LargePhotos) -> [Result] {
        guard let jpeg = photos.files["coffee-12mp.jpg"] else { return [] }
        // The same picture as PNG (GdkPixbuf encodes it).
        let png = TestImages.encode(TestImages.decode(jpeg)!, type: "png")
        var results: [Result] = []
        for (label, data) in [("JPEG", jpeg), ("PNG", png)] {
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
            results.append(Result(name: "downscaled decode speed-up, \(label)", unit: "×", values: zip(fullTimes, fastTimes).map { $0 / $1 },
                                  target: "≥ 2", met: { $0 >= 2 },
                                  note: label == "PNG" ? "GdkPixbuf's PNG loader cannot scale while loading; it decodes whole and scales after" : nil))
        }
        return results
    }
}
