// Why this exists: a folder with its subfolders: 100,000 photos in 1,000 subfolders listed by the app (Include Subfolders) against `find` walking the same tree, warm, and the first rows on screen against the sample gallery's, side by side in each repetition.
import Foundation
import GLibRuntime
import PhotoPipeline
import PhotoTrace
import TestAndBenchSupport
import GalleryContents

extension AppBench {
    static let benchSubfolders = 1_000, photosPerSubfolder = 100

    /// 1,000 subfolders ("2004/Day 07": 50 folders of 20) of 100 photos each: hard links to
    /// copies of the sample photos kept in a hidden folder of the tree, so each is a regular file,
    /// as a camera's are, without 100,000 files' worth of disk (made once).
    func subfolderTree() throws -> URL {
        try madeOnce("bench-subfolders-\(Self.benchSubfolders)") { root in
            let originals = root.appendingPathComponent(".originals")
            try FileManager.default.createDirectory(at: originals, withIntermediateDirectories: true)
            let samples = SamplePhotos.files.filter { $0.hasSuffix(".png") }
            for sample in samples { try SamplePhotos.data(sample).write(to: originals.appendingPathComponent(sample)) }
            for folder in 0..<Self.benchSubfolders {
                let path = root.appendingPathComponent(String(format: "%04d/Day %02d", 2000 + folder / 20, folder % 20))
                try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
                for index in 0..<Self.photosPerSubfolder {
                    let original = originals.appendingPathComponent(samples[(folder + index) % samples.count]).path
                    guard link(original, path.appendingPathComponent(String(format: "IMG_%03d.png", index)).path) == 0 else { throw BenchError("link failed") }
                }
            }
        }
    }

    /// `find` printing every entry of the tree (to a pipe the bench reads), in ms; with
    /// `stat`, each entry's size and time too, which makes find stat every file, as the app does.
    func findMilliseconds(_ root: URL, stat: Bool = false) throws -> Double {
        let started = Date()
        let found = try Tool.run("/usr/bin/find", [root.path] + (stat ? ["-printf", "%s %T@ %p\\n"] : []), timeout: 120)
        guard found.status == 0 else { throw BenchError("find failed") }
        return Date().timeIntervalSince(started) * 1000
    }

    public func subfolders() throws -> [Result] {
        let root = try subfolderTree()
        let photos = Self.benchSubfolders * Self.photosPerSubfolder
        _ = try findMilliseconds(root) // the tree in the dentry and inode caches, for both
        var find: [Double] = [], findStat: [Double] = [], listing: [Double] = [], ratios: [Double] = [], statRatios: [Double] = []
        var sampleFrames: [Double] = [], treeFrames: [Double] = [], frameRatios: [Double] = []
        var alone: [Double] = [], aloneRatios: [Double] = []
        for _ in 0..<repetitions {
            let findMs = try findMilliseconds(root), findStatMs = try findMilliseconds(root, stat: true)
            let app = try launch(["--subfolders"], manifest: root.path)
            guard case .firstRowsFrame(let treeWall, _)? = app.trace.events.first(where: { $0.name == .firstRowsFrame })?.event,
                  app.trace.wait(timeout: 120, until: { $0.contains { $0.name == .folderListed } }),
                  case .folderListed(let listed, _, let ms, _)? = app.trace.events.first(where: { $0.name == .folderListed })?.event else {
                app.stop()
                throw BenchError("the tree was not listed: \(app.recentEvents())")
            }
            let treeFrame = (treeWall - app.spawnedAt) * 1000
            app.stop()
            guard listed == photos else { throw BenchError("listed \(listed) photos of \(photos)") }
            let sample = try launch(manifest: SamplePhotos.sampleManifest.path)
            let sampleFrame = sample.trace.events.first(where: { $0.name == .firstRowsFrame }).flatMap { record -> Double? in
                if case .firstRowsFrame(let wall, _) = record.event { return (wall - sample.spawnedAt) * 1000 } else { return nil }
            }
            sample.stop()
            guard let sampleFrame else { continue }
            // The listing alone, in this process: what it costs without the app's start beside it.
            let aloneMs = try listingAlone(root)
            alone.append(aloneMs)
            aloneRatios.append(aloneMs / findMs)
            find.append(findMs)
            findStat.append(findStatMs)
            statRatios.append(ms / findStatMs)
            listing.append(ms)
            ratios.append(ms / findMs)
            treeFrames.append(treeFrame)
            sampleFrames.append(sampleFrame)
            frameRatios.append(treeFrame / sampleFrame)
        }
        return [
            Result(name: "find, 100,000 photos in 1,000 subfolders (warm)", unit: "ms", values: find),
            Result(name: "the app, the same tree listed and sorted (Include Subfolders)", unit: "ms", values: listing),
            Result(name: "… ÷ find", unit: "×", values: ratios, target: "≤ 2", met: { $0 <= 2 }),
            Result(name: "the listing alone, in the benchmark's process (no app beside it)", unit: "ms", values: alone),
            Result(name: "… ÷ find", unit: "×", values: aloneRatios),
            Result(name: "find printing each entry's size and time (a stat each)", unit: "ms", values: findStat),
            Result(name: "… the app ÷ that find", unit: "×", values: statRatios),
            Result(name: "launch → first frame with rows, the tree", unit: "ms", values: treeFrames),
            Result(name: "launch → first frame with rows, the sample gallery", unit: "ms", values: sampleFrames),
            Result(name: "… the tree ÷ the sample gallery", unit: "×", values: frameRatios, target: "≤ 1.3", met: { $0 <= 1.3 }),
        ]
    }

    /// The tree listed in this process (no app beside it), in ms; every photo must be listed.
    func listingAlone(_ root: URL) throws -> Double {
        let started = Date()
        let contents = try FolderListing.rows(ofFolder: root.path, cancellable: Cancellable(), trace: Trace(), batch: { _ in }, subfolders: true)
        let ms = Date().timeIntervalSince(started) * 1000
        let photos = Self.benchSubfolders * Self.photosPerSubfolder
        guard contents.count == photos else { throw BenchError("listed \(contents.count) photos of \(photos) in-process") }
        return ms
    }

    /// Only the listing, in this process, beside `find` (`--only subfolder-listing`): quick to
    /// repeat, and what `perf` is run on to see where the listing's time goes.
    public func subfolderListingAlone() throws -> [Result] {
        let root = try subfolderTree()
        _ = try findMilliseconds(root)
        var find: [Double] = [], alone: [Double] = [], ratios: [Double] = []
        for _ in 0..<repetitions * 4 {
            let findMs = try findMilliseconds(root)
            let aloneMs = try listingAlone(root)
            find.append(findMs)
            alone.append(aloneMs)
            ratios.append(aloneMs / findMs)
        }
        return [
            Result(name: "find, 100,000 photos in 1,000 subfolders (warm)", unit: "ms", values: find),
            Result(name: "the listing alone, in the benchmark's process", unit: "ms", values: alone),
            Result(name: "… ÷ find", unit: "×", values: ratios),
        ]
    }
}
