// Why this exists: Rate and Flag's cost on a selection, side by side in one run: 500 photos rated one after another as the app's edit queue does (each packet made in a helper, placed, checked by the app, written safely in place), against exiftool writing the same tag on the same 500 in one process; both read back by exiftool.
import DecodeHelper
import Foundation
import MetadataValues
@_spi(InProcess) import PhotoDecoding
import TestAndBenchSupport

public enum MarkBench {
    public static func run(repetitions: Int, photos: LargePhotos, app: String, count: Int = 500) throws -> [Result] {
        guard let jpeg = photos.files["coffee-12mp.jpg"], let big = TestImages.decode(jpeg),
              let small = big.scaled(width: 1600, height: 1200) else { return [] }
        let photo = TestImages.encode(small, type: "jpeg")
        let pool = HelperPool(launch: HelperLaunch(executable: HelperLaunch.helperExecutable(besideApp: app)), size: 2)
        pool.startOne(); pool.startOne()
        defer { pool.stopAll() }
        let decoders = Decoders.helpers(pool, budget: DecodeBudget(bytes: DecodeBudget.processBytes))
        var ours: [Double] = [], theirs: [Double] = [], ratios: [Double] = [], failures = 0
        for repetition in 0..<max(1, repetitions) {
            let folders = ["app", "exiftool"].map { TemporaryFiles.url("mark-bench-\($0)-\(UUID().uuidString)") }
            defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
            var paths: [[String]] = []
            for folder in folders {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                paths.append(try (0..<count).map { index in
                    let file = folder.appendingPathComponent(String(format: "p%04d.jpg", index))
                    try photo.write(to: file)
                    return file.path
                })
            }
            let stars = 1 + repetition % 5
            // The app: one photo after another, as its edit queue runs them.
            let appSeconds = timeIt(1) {
                for path in paths[0] {
                    do { _ = try PhotoMarking.mark(path, MarksChange(rating: stars), by: decoders) } catch { failures += 1 }
                }
            }[0]
            let exifSeconds = try timeIt(1) {
                _ = try Tool.run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-XMP-xmp:Rating=\(stars)"] + paths[1], timeout: 600)
            }[0]
            // Both read back: every photo holds the rating.
            for list in paths {
                let read = try Tool.run("/usr/bin/exiftool", ["-s3", "-XMP-xmp:Rating"] + list, timeout: 600).output
                failures += count - read.split(separator: "\n").filter { $0 == "\(stars)" }.count
            }
            ours.append(appSeconds * 1000)
            theirs.append(exifSeconds * 1000)
            ratios.append(appSeconds / exifSeconds)
        }
        return [
            Result(name: "rate \(count) selected 2 MP JPEGs: the app (helper, check, safe rewrite with fsync, one at a time)", unit: "ms", values: ours),
            Result(name: "rate the same \(count): exiftool -overwrite_original, one process", unit: "ms", values: theirs),
            Result(name: "the app's time ÷ exiftool's, side by side", unit: "×", values: ratios),
            Result(name: "photos not rated as asked (every one must be)", unit: "photos", values: [Double(failures)], target: "0", met: { $0 == 0 }),
        ]
    }
}
