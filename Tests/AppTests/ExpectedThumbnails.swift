// Why this exists: what a row's thumbnail must look like on screen: the photo decoded and sepia-filtered independently, in the test, along the app's path (fit in the cache's box, then the row's square).
import DecodeHelper
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport

enum ExpectedThumbnails {
    /// The sepia thumbnail the app should draw for a sample photo (where it is transparent, the
    /// row's background shows, and is not compared). `box`: 128 for local photos (the shared
    /// cache's normal size), 256 for remote ones.
    static func sepia(_ file: String, size: Int = 64, box: Int = 128) throws -> Screenshot.Template {
        try sepia(data: SamplePhotos.data(file), size: size, box: box)
    }

    /// The same for a photo's bytes (a format made at test time; `name`, its file's, where its
    /// bytes alone do not tell its format, as a RAW's do not; `sidecarOrientation`, a RAW's turn
    /// kept in its sidecar).
    static func sepia(data: Data, name: String? = nil, sidecarOrientation: Int? = nil, size: Int = 64, box: Int = 128) throws -> Screenshot.Template {
        let square = try original(data: data, name: name, sidecarOrientation: sidecarOrientation, size: size, box: box)
        let filtered = try SepiaFilter(intensity: SepiaKernel.defaultIntensity).filter(square, isCancelled: { false })
        let alpha = filtered.pixbuf.hasAlpha
        return Screenshot.Template(width: filtered.width, height: filtered.height,
                                   opaque: { x, y in !alpha || filtered.pixel(x: x, y: y)[3] == 255 }) { x, y in
            let p = filtered.pixel(x: x, y: y)
            return (Int(p[0]), Int(p[1]), Int(p[2]))
        }
    }

    /// The unfiltered row thumbnail.
    static func original(_ file: String, size: Int = 64, box: Int = 128) throws -> Thumbnail {
        try original(data: SamplePhotos.data(file), size: size, box: box)
    }

    static func original(data: Data, name: String? = nil, sidecarOrientation: Int? = nil, size: Int = 64, box: Int = 128) throws -> Thumbnail {
        var decoder = ImageDecoder(maxDimension: box)
        decoder.fileName = name
        decoder.sidecarOrientation = sidecarOrientation
        let fitted = try decoder.decode(data)
        guard let square = RowThumbnail.square(fitted.pixbuf, pixels: size) else { throw Missing() }
        return square
    }

    struct Missing: Error {}
}
