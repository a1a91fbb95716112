// Why this exists: what keeping a photo's metadata costs its export: a 12 MP JPEG carrying a camera's EXIF and XMP, written whole in sepia with its metadata kept and with none, interleaved in one run, in this process and as the app does it, through a sandboxed helper (the photo's and the new file's bytes handed over and back).
import DecodeHelper
import Foundation
import GLibRuntime
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import PhotoTrace
import TestAndBenchSupport
import PhotoFetching

public enum MetadataBench {
    public static func run(repetitions: Int, photos: LargePhotos, app: String) throws -> [Result] {
        guard let plain = photos.files["coffee-12mp.jpg"] else { throw BenchError("no 12 MP photo") }
        let folder = TemporaryFiles.url("metadata-bench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("camera.jpg")
        try plain.write(to: photo)
        try TestDetails.write(to: photo)
        func export(_ metadata: MetadataPolicy, by decoders: Decoders) throws -> Double {
            let source = PhotoSource(url: photo, fetcher: ResourceFetcher(http: HTTPClient()), byteLimit: 100 << 20, decoders: decoders, trace: Trace())
            let target = folder.appendingPathComponent("out-\(UUID().uuidString).jpg")
            let work = PhotoExport(source, to: ExportTarget(path: target.path, replacing: false), format: .jpeg, sepia: true,
                                   settings: PipelineSettings(), metadata: metadata)
            var outcome: StageOutcome?
            let seconds = timeIt(1) { outcome = work.run(WorkContext(cancellable: Cancellable())) }[0]
            guard case .written? = outcome else { throw BenchError("the export failed: \(String(describing: outcome))") }
            if case .keep = metadata, work.kept.withLock({ $0?.0 }) != .all { throw BenchError("the metadata was not kept") }
            try FileManager.default.removeItem(at: target)
            return seconds
        }

        func compare(_ place: String, by decoders: Decoders) throws -> [Result] {
            var ratios: [Double] = [], keptTimes: [Double] = [], noneTimes: [Double] = []
            _ = try export(.keep(location: false), by: decoders)
            for _ in 0..<max(1, repetitions / 2) {
                var kept = 0.0, none = 0.0
                for index in 0..<20 { // 40 photos, 20 of each, interleaved, each first in turn
                    if index % 2 == 0 { kept += try export(.keep(location: false), by: decoders) }
                    none += try export(.none, by: decoders)
                    if index % 2 == 1 { kept += try export(.keep(location: false), by: decoders) }
                }
                ratios.append(kept / none)
                keptTimes.append(kept * 50)
                noneTimes.append(none * 50)
            }
            return [
                Result(name: "export of a 12 MP camera JPEG in sepia, its metadata kept (\(place))", unit: "ms", values: keptTimes),
                Result(name: "export of a 12 MP camera JPEG in sepia, no metadata (\(place))", unit: "ms", values: noneTimes),
                Result(name: "export, metadata kept ÷ none (40 photos, \(place))", unit: "×", values: ratios, target: "≤ 1.05", met: { $0 <= 1.05 }),
            ]
        }

        let here = try compare("in process", by: .here)
        let pool = HelperPool(launch: HelperLaunch(executable: HelperLaunch.helperExecutable(besideApp: app)), size: 1)
        pool.startOne()
        defer { pool.stopAll() }
        return here + (try compare("in a helper", by: .helpers(pool, budget: DecodeBudget(bytes: DecodeBudget.processBytes))))
    }
}
