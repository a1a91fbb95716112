// Why this exists: a camera's formats decoded as the helper decodes them, side by side with what they stand against: a 12 MP DNG's thumbnail from its preview against that preview as a JPEG, the viewer's first picture of a RAW against a JPEG of its size (with and without a preview), and a 12 MP JPEG XL against djxl on the same file.
import DecodeHelper
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport

public enum CameraBench {
    /// The viewer's picture of a 12 MP photo on a 1920 × 1080 screen.
    static let viewerSide = 1920

    public static func run(repetitions: Int, photos: LargePhotos) throws -> [Result] {
        guard let jpeg = photos.files["coffee-12mp.jpg"] else { return [] }
        let folder = TemporaryFiles.url("camera-bench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("photo.jpg")
        try jpeg.write(to: source)
        let size = try pixelSize(of: jpeg)
        // Losslessly compressed, as cameras write them.
        let dng = try TestDNG.make(from: source.path, width: size.width, height: size.height, compressed: true)
        let bare = try TestDNG.make(from: source.path, width: size.width, height: size.height, preview: false, compressed: true)
        // The DNG's own preview, as a JPEG file of its size.
        let preview = try TestDNG.previewJPEG(from: source.path, width: size.width, height: size.height)
        func decoder(_ side: Int, _ name: String?) -> ImageDecoder {
            var decoder = ImageDecoder(maxDimension: side)
            decoder.fileName = name
            return decoder
        }
        var results: [Result] = []
        // Thumbnails: the DNG (its preview) against the preview as a JPEG.
        var rawThumb: [Double] = [], jpegThumb: [Double] = []
        for _ in 0..<max(repetitions, 5) {
            rawThumb += timeIt(1) { _ = try? decoder(256, "photo.dng").decode(dng) }
            jpegThumb += timeIt(1) { _ = try? decoder(256, nil).decode(preview) }
        }
        results.append(Result(name: "thumbnail 256 px of a 12 MP DNG (from its preview)", unit: "ms", values: rawThumb.map { $0 * 1000 }))
        results.append(Result(name: "thumbnail 256 px of its preview as a JPEG", unit: "ms", values: jpegThumb.map { $0 * 1000 }))
        results.append(Result(name: "… DNG ÷ JPEG, thumbnail", unit: "×", values: zip(rawThumb, jpegThumb).map { $0 / $1 },
                              target: "≤ 1.3", met: { $0 <= 1.3 }))
        // The viewer's first picture: a RAW with a preview, one without (developed), and the JPEG.
        var rawView: [Double] = [], bareView: [Double] = [], jpegView: [Double] = []
        for _ in 0..<max(repetitions, 3) {
            rawView += timeIt(1) { _ = try? decoder(viewerSide, "photo.dng").decode(dng) }
            bareView += timeIt(1) { _ = try? decoder(viewerSide, "photo.dng").decode(bare) }
            jpegView += timeIt(1) { _ = try? decoder(viewerSide, nil).decode(jpeg) }
        }
        results.append(Result(name: "viewer, first picture (1920 px) of a 12 MP DNG with its preview", unit: "ms", values: rawView.map { $0 * 1000 }))
        results.append(Result(name: "viewer, first picture (1920 px) of a 12 MP DNG without one (developed at half size)", unit: "ms",
                              values: bareView.map { $0 * 1000 }))
        results.append(Result(name: "viewer, first picture (1920 px) of the 12 MP JPEG", unit: "ms", values: jpegView.map { $0 * 1000 }))
        results.append(Result(name: "… DNG with preview ÷ JPEG, viewer", unit: "×", values: zip(rawView, jpegView).map { $0 / $1 }))
        results.append(Result(name: "… DNG developed ÷ JPEG, viewer", unit: "×", values: zip(bareView, jpegView).map { $0 / $1 }))
        results += try jpegXL(jpeg, folder: folder, repetitions: repetitions)
        return results
    }

    /// The JPEG's size.
    static func pixelSize(of jpeg: Data) throws -> (width: Int, height: Int) {
        guard let pixbuf = TestImages.decode(jpeg) else { throw BenchError("the 12 MP JPEG does not decode") }
        return (pixbuf.width, pixbuf.height)
    }

    /// A 12 MP JPEG XL (cjxl, distance 1, from the JPEG's pixels) decoded whole here (libjxl, one
    /// thread), against djxl on the same file, one thread and its default.
    static func jpegXL(_ jpeg: Data, folder: URL, repetitions: Int) throws -> [Result] {
        let png = folder.appendingPathComponent("photo.png"), jxl = folder.appendingPathComponent("photo.jxl")
        guard let pixbuf = TestImages.decode(jpeg) else { return [] }
        try TestImages.encode(pixbuf, type: "png").write(to: png)
        guard try Tool.run("/usr/bin/cjxl", [png.path, jxl.path, "-d", "1"], timeout: 600).status == 0 else { throw BenchError("cjxl failed") }
        let data = try Data(contentsOf: jxl)
        var whole = ImageDecoder(maxDimension: 100_000)
        whole.fileName = "photo.jxl"
        let ours = timeIt(max(repetitions, 3)) { _ = try? whole.decode(data) }.map { $0 * 1000 }
        /// djxl's own figure ("…, 12.3 MP/s [...]") over `reps` decodes, as milliseconds a decode.
        func djxl(threads: Int) throws -> [Double] {
            let out = folder.appendingPathComponent("out.ppm").path
            // (djxl prints its figures on its standard error.)
            let run = try Tool.run("/bin/sh", ["-c", "/usr/bin/djxl \"$0\" \"$1\" --num_reps=$2 --num_threads=$3 2>&1",
                                               jxl.path, out, "\(max(repetitions, 3))", "\(threads)"], timeout: 600)
            guard let figure = run.output.range(of: #"([0-9.]+) MP/s"#, options: .regularExpression),
                  let speed = Double(run.output[figure].split(separator: " ")[0]) else { throw BenchError("djxl printed no speed: \(run.output)") }
            return [Double(pixbuf.width * pixbuf.height) / 1e6 / speed * 1000]
        }
        let single = try djxl(threads: 1), all = try djxl(threads: 0)
        let median = ours.sorted()[ours.count / 2]
        return [
            Result(name: "JPEG XL 12 MP (d 1): decoded whole here (libjxl, one thread, to an sRGB pixbuf)", unit: "ms", values: ours),
            Result(name: "JPEG XL 12 MP: djxl, one thread (its own timing)", unit: "ms", values: single),
            Result(name: "JPEG XL 12 MP: djxl, every core (its own timing)", unit: "ms", values: all),
            Result(name: "… here ÷ djxl, one thread", unit: "×", values: [median / single[0]]),
        ]
    }
}
