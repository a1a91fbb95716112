// Why this exists: what a row's thumbnail must look like on screen: the photo decoded and sepia-filtered independently, in the test.
import Foundation
import PhotoPipeline
import TestAndBenchSupport

enum ExpectedThumbnails {
    /// The sepia thumbnail the app should draw for a sample photo (RGB photos only: no alpha to composite).
    static func sepia(_ file: String, size: Int = 64) throws -> Screenshot.Template {
        var decoder = ImageDecoder(maxDimension: size)
        decoder.squareCrop = true
        let decoded = try decoder.decode(SamplePhotos.data(file))
        let filtered = try XCTUnwrapOrThrow(SepiaFilter.filter(decoded, intensity: SepiaKernel.defaultIntensity, isCancelled: { false }))
        return Screenshot.Template(width: filtered.width, height: filtered.height) { x, y in
            let p = filtered.pixel(x: x, y: y)
            return (Int(p[0]), Int(p[1]), Int(p[2]))
        }
    }

    struct Missing: Error {}
    static func XCTUnwrapOrThrow<T>(_ value: T?) throws -> T {
        guard let value else { throw Missing() }
        return value
    }
}
