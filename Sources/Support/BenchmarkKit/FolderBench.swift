// Why this exists: folders as galleries: a 100,000-photo folder opened against the sample gallery (first frame, listing, memory), a folder at the entry cap (250,000) against it (memory), and the first screen's thumbnails of fresh 12 MP photos made by the app against GNOME's own thumbnail factory, side by side, cold caches both ways.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import GalleryContents

extension AppBench {
    /// A folder of `count` links to the sample photos, "photo N.png" (made once).
    func bigFolder(_ count: Int) throws -> URL {
        try madeOnce("bench-folder-\(count)") { folder in
            let samples = SamplePhotos.files.filter { $0.hasSuffix(".png") }
            for index in 0..<count {
                let target = SamplePhotos.directory.appendingPathComponent(samples[index % samples.count]).path
                _ = symlink(target, folder.appendingPathComponent("photo \(index).png").path)
            }
        }
    }

    public func folders(_ photos: LargePhotos) throws -> [Result] {
        var firstFrame: [String: [Double]] = [:], listing: [String: [Double]] = [:], rss: [String: [Double]] = [:], peak: [String: [Double]] = [:]
        var appMs: [Double] = [], gnomeMs: [Double] = [], valid: [Double] = [], changeMs: [Double] = []
        let folder = try bigFolder(100_000)
        let capped = try bigFolder(FolderListing.maxPhotos)
        let sample = SamplePhotos.sampleManifest.path
        for repetition in 0..<repetitions {
            for (label, path) in [("sample gallery (19 rows)", sample), ("folder of 100,000 photos", folder.path),
                                  ("folder at the cap (250,000 photos)", capped.path)] {
                let app = try launch(manifest: path)
                defer { app.stop() }
                guard case .firstRowsFrame(let wall, _)? = app.trace.events.first(where: { $0.name == .firstRowsFrame })?.event else { continue }
                firstFrame[label, default: []].append((wall - app.spawnedAt) * 1000)
                guard app.trace.wait(timeout: 60, until: { $0.contains { $0.name == .manifest } }) else { continue }
                if case .folderListed(_, _, let ms, _)? = app.trace.events.first(where: { $0.name == .folderListed })?.event { listing[label, default: []].append(ms) }
                usleep(300_000)
                rss[label, default: []].append(ProcReaders.currentRSS(pid: app.process.processIdentifier))
                peak[label, default: []].append(ProcReaders.peakRSS(pid: app.process.processIdentifier))
                if path == folder.path { changeMs += try changesReachTheList(app, folder: folder) }
            }
            if let (app, gnome, saved) = try thumbnailsAgainstGnome(photos, repetition: repetition) {
                appMs.append(app)
                gnomeMs.append(gnome)
                valid.append(saved)
            }
        }
        let sampleFrames = firstFrame["sample gallery (19 rows)"] ?? [], folderFrames = firstFrame["folder of 100,000 photos"] ?? []
        let rssAbove = zip(rss["folder of 100,000 photos"] ?? [], rss["sample gallery (19 rows)"] ?? []).map { $0 - $1 }
        let cappedAbove = zip(rss["folder at the cap (250,000 photos)"] ?? [], rss["sample gallery (19 rows)"] ?? []).map { $0 - $1 }
        let cappedPeakAbove = zip(peak["folder at the cap (250,000 photos)"] ?? [], peak["sample gallery (19 rows)"] ?? []).map { $0 - $1 }
        return [
            Result(name: "launch → first frame with rows, sample gallery (19 rows)", unit: "ms", values: sampleFrames),
            Result(name: "launch → first frame with rows, folder of 100,000 photos", unit: "ms", values: folderFrames),
            Result(name: "… ÷ the sample gallery's, folder of 100,000 photos", unit: "×", values: zip(folderFrames, sampleFrames).map { $0 / $1 },
                   target: "≤ 1.3", met: { $0 <= 1.3 }),
            Result(name: "folder of 100,000 photos: listed and sorted", unit: "ms", values: listing["folder of 100,000 photos"] ?? [],
                   target: "≤ 2000", met: { $0 <= 2000 }),
            Result(name: "folder at the cap (250,000 photos): listed and sorted", unit: "ms", values: listing["folder at the cap (250,000 photos)"] ?? []),
            Result(name: "folder of 100,000 photos: RSS above the sample gallery's", unit: "MB", values: rssAbove, target: "≤ 150", met: { $0 <= 150 }),
            Result(name: "folder at the cap (250,000 photos): RSS above the sample gallery's", unit: "MB", values: cappedAbove,
                   target: "≤ 400", met: { $0 <= 400 }),
            Result(name: "folder at the cap (250,000 photos): peak RSS above the sample gallery's", unit: "MB", values: cappedPeakAbove,
                   target: "≤ 400", met: { $0 <= 400 }),
            Result(name: "folder of 100,000 photos: a photo added or deleted → applied to the list", unit: "ms", values: changeMs, target: "≤ 1000", met: { $0 <= 1000 }),
            Result(name: "fresh folder of 12 MP photos: first frame → the first screen's thumbnails, the app", unit: "ms", values: appMs),
            Result(name: "fresh folder of 12 MP photos: the same thumbnails made by GNOME's factory", unit: "ms", values: gnomeMs),
            Result(name: "… GNOME's factory ÷ the app", unit: "×", values: zip(gnomeMs, appMs).map { $0 / $1 }, target: "≥ 3", met: { $0 >= 3 }),
            Result(name: "… the app's saved thumbnails GNOME's factory finds valid", unit: "%", values: valid, target: "100", met: { $0 == 100 }),
        ]
    }

    /// A photo added to the open 100,000-photo folder, then deleted: the time from each change on
    /// disk to the app's `folder-changed` (the change applied to the gallery and the list), as the
    /// bench reads the trace (so a little later than the app).
    private func changesReachTheList(_ app: AppProcess, folder: URL) throws -> [Double] {
        let added = folder.appendingPathComponent("photo 5000 added.png")
        var times: [Double] = []
        for add in [true, false] {
            let before = app.trace.events.filter { $0.name == .folderChanged }.count
            let start = ProcessInfo.processInfo.systemUptime
            if add {
                _ = symlink(SamplePhotos.directory.appendingPathComponent("present.png").path, added.path)
            } else {
                try FileManager.default.removeItem(at: added)
            }
            guard app.trace.wait(timeout: 10, until: { $0.filter { $0.name == .folderChanged }.count > before }) else {
                try? FileManager.default.removeItem(at: added)
                continue
            }
            times.append((ProcessInfo.processInfo.systemUptime - start) * 1000)
        }
        return times
    }

    /// A fresh folder of eight 12 MP JPEGs: the app's time from its first frame with rows to
    /// the last thumbnail of its first screen (its own cache folder is new: cold), then GNOME's
    /// factory making the same thumbnails (a new cache folder too); and the share of the app's
    /// saved thumbnails GNOME's factory looks up as valid.
    private func thumbnailsAgainstGnome(_ photos: LargePhotos, repetition: Int) throws -> (Double, Double, Double)? {
        let folder = TemporaryFiles.url("bench-thumbnails-\(repetition)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let large = photos.names.filter { $0.hasSuffix("-12mp.jpg") }
        var files: [String] = []
        for index in 0..<8 {
            let path = folder.appendingPathComponent(String(format: "IMG_%04d.jpg", index + 1)).path
            _ = FileManager.default.createFile(atPath: path, contents: photos.files[large[index % large.count]])
            files.append(path)
        }
        let app = try launch(manifest: folder.path)
        defer { app.stop() }
        guard let first = app.trace.events.first(where: { $0.name == .firstRowsFrame }),
              app.trace.wait(timeout: 30, until: { $0.contains { $0.name == .visible } }),
              let screen = app.trace.events.first(where: { $0.name == .visible })?.event.range else { return nil }
        let rows = Array(screen.clamped(to: 0...7))
        guard app.trace.wait(timeout: 60, until: { events in
            rows.allSatisfy { row in events.contains { if case .image(row, _, _) = $0.event { return true } else { return false } } }
        }) else { return nil }
        let last = app.trace.events.filter { if case .image(let row, _, _) = $0.event { return rows.contains(row) } else { return false } }.map(\.t).max() ?? first.t
        let appMs = (last - first.t) * 1000
        // Every photo's thumbnail saved by the app (the prefetch band covers the rest), then looked up as GNOME does.
        _ = app.trace.wait(timeout: 30) { _ in (0..<8).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }
        let script = SamplePhotos.repositoryRoot.appendingPathComponent("Sources/Support/TestAndBenchSupport/Scripts/gnome-thumbnails.py").path
        let appCache = app.directory.appendingPathComponent("cache").path
        var found = 0
        for path in files {
            let mtime = Int((try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
            let uri = URL(fileURLWithPath: path).absoluteString
            if let lookup = try? Tool.run("/usr/bin/python3", [script, "lookup", uri, String(mtime)], environment: ["XDG_CACHE_HOME": appCache], timeout: 30),
               lookup.status == 0 { found += 1 }
        }
        let gnomeCache = folder.appendingPathComponent(".gnome-cache").path
        let generated = try Tool.run("/usr/bin/python3", [script, "generate"] + files, environment: ["XDG_CACHE_HOME": gnomeCache], timeout: 120)
        guard generated.status == 0, let gnomeMs = Double(generated.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("GNOME's thumbnail factory failed: \(generated.output)")
        }
        return (appMs, gnomeMs, Double(found) / Double(files.count) * 100)
    }
}
