// Why this exists: the grid against gThumb with its RAW extension (libraw) on a folder of 200 twelve-megapixel DNGs (losslessly compressed), each with its full-size preview (and, in a second folder, a camera's small thumbnail too), both caches empty: launch to a full screen of thumbnails, per thumbnail on screen (GThumbBench's race).
import Foundation
import PhotoPipeline
import TestAndBenchSupport

extension AppBench {
    static let rawPhotos = 200

    /// 200 DNGs of 12 MP (4000 × 3000, 16-bit, losslessly compressed as cameras write them
    /// unless `uncompressed`, and a 1.5 MB preview each), made once: one file and 199 hard links
    /// to it (4 GB apart would not fit a machine's disk), each with a path and so a URI of its
    /// own, which is what every cache keys. With `thumbnail`, each also keeps a 256-pixel JPEG
    /// thumbnail, as cameras write one beside the full-size preview (NEF, ARW, PEF, a camera's DNG).
    func rawFolder(_ photos: LargePhotos, thumbnail: Bool = false, uncompressed: Bool = false) throws -> URL {
        try madeOnce("bench-raw-\(uncompressed ? "plain" : "lj92")\(thumbnail ? "-thumbnail" : "")-made") { folder in
            let jpeg = TemporaryFiles.url("bench-raw-source.jpg")
            defer { try? FileManager.default.removeItem(at: jpeg) }
            try photos.files["coffee-12mp.jpg"]!.write(to: jpeg)
            let first = folder.appendingPathComponent("IMG_0001.dng")
            try TestDNG.make(from: jpeg.path, width: 4000, height: 3000, thumbnail: thumbnail ? jpeg.path : nil, compressed: !uncompressed).write(to: first)
            for index in 2...Self.rawPhotos {
                try FileManager.default.linkItem(at: first, to: folder.appendingPathComponent(String(format: "IMG_%04d.dng", index)))
            }
        }
    }

    /// The race on three folders: DNGs with only their full-size preview (libraw's one, which
    /// gThumb reads too), the same uncompressed (for what the compression costs either app), and
    /// DNGs with a camera's small thumbnail as well (the smallest preview that covers a row is
    /// ours to read; gThumb still reads libraw's largest).
    public func rawAgainstGThumb(_ photos: LargePhotos) throws -> [Result] {
        try race(gThumbOn: try rawFolder(photos), label: "200 fresh 12 MP DNGs with previews", target: 10)
            + race(gThumbOn: try rawFolder(photos, uncompressed: true), label: "200 fresh 12 MP DNGs with previews, uncompressed", target: nil)
            + race(gThumbOn: try rawFolder(photos, thumbnail: true), label: "200 fresh 12 MP DNGs with previews and 256 px thumbnails", target: 10)
    }
}
