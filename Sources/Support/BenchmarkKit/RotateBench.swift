// Why this exists: Ctrl+R's cost to the file written, side by side in one run: each turn computed in a helper and checked by the app (as the app turns now), against the same turn made in this process (as a JPEG's was before issue 58), on 12 MP photos.
import DecodeHelper
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport

public enum RotateBench {
    public static func run(repetitions: Int, photos: LargePhotos, app: String) -> [Result] {
        guard let jpeg = photos.files["coffee-12mp.jpg"], let big = TestImages.decode(jpeg) else { return [] }
        let png = TestImages.encode(big, type: "png")
        let pool = HelperPool(launch: HelperLaunch(executable: HelperLaunch.helperExecutable(besideApp: app)), size: 2)
        pool.startOne(); pool.startOne()
        defer { pool.stopAll() }
        var results: [Result] = [], failures = 0
        for (label, data, ext) in [("12 MP JPEG", jpeg, "jpg"), ("12 MP PNG", png, "png")] {
            let file = TemporaryFiles.url("rotate-bench-\(UUID().uuidString).\(ext)")
            defer { try? FileManager.default.removeItem(at: file) }
            guard (try? data.write(to: file)) != nil else { continue }
            var helper: [Double] = [], here: [Double] = []
            // Each pair turns the photo clockwise and back, so every repetition starts from the original.
            for _ in 0..<max(repetitions, 5) {
                helper += timeIt(1) { do { try PhotoTurning.turn(file.path, .clockwise, by: .helpers(pool, budget: DecodeBudget(bytes: DecodeBudget.processBytes))) } catch { failures += 1 } }
                here += timeIt(1) { do { try PhotoTurning.turnHere(file.path, .anticlockwise, parsers: LinkedParsers.libraries) } catch { failures += 1 } }
            }
            results.append(Result(name: "Ctrl+R on a \(label), to the file written: in a helper, checked by the app", unit: "ms", values: helper.map { $0 * 1000 }))
            results.append(Result(name: "Ctrl+R on a \(label), to the file written: in the process (before issue 58)", unit: "ms", values: here.map { $0 * 1000 }))
        }
        results.append(Result(name: "turns that failed (every one above must succeed)", unit: "turns", values: [Double(failures)],
                              target: "0", met: { $0 == 0 }))
        return results
    }
}
