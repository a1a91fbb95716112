// Why this exists: the first screen of a folder on a slow share, the app against gThumb: 12 MP JPEGs carrying EXIF thumbnails as cameras write them (added by exiftool) on SFTP over a link shaped to 20 Mbit/s and a 40 ms round trip, both apps on the same mounted share, fresh caches and the same window; then the app's second visit, and the bytes each read per thumbnail against the files' sizes.
import Foundation
import TestAndBenchSupport

extension AppBench {
    static let shareScreenPhotos = 120

    /// The 12 MP photos, each given a camera's grain (the sample photos scaled up are smooth,
    /// 0.6 MB; a camera's are about 4 MB) and a 160 × 120 EXIF thumbnail of itself by exiftool
    /// (as a camera writes one), each copy its own bytes (a different tail after its end).
    func cameraFolder(_ photos: LargePhotos) throws -> URL {
        try madeOnce("bench-share-screen-camera") { folder in
            var originals: [Data] = []
            for name in photos.names.filter({ $0.hasSuffix("-12mp.jpg") }) {
                let photo = folder.appendingPathComponent("original-\(name)")
                let thumbnail = folder.appendingPathComponent("thumbnail-\(name)")
                guard let decoded = TestImages.decode(photos.files[name]!), let small = decoded.scaled(width: 160, height: 120) else { throw BenchError("\(name) did not decode") }
                let pixels = decoded.pixels, stride = decoded.rowStride, channels = decoded.channels
                var seed: UInt32 = 7
                let grained = TestImages.pixbuf(width: decoded.width, height: decoded.height) { x, y in
                    (0..<3).map { channel in
                        seed = seed &* 1_664_525 &+ 1_013_904_223
                        return UInt8(clamping: Int(pixels[y * stride + x * channels + channel]) + Int(seed >> 28) - 8)
                    }
                }
                try grained.encoded(as: "jpeg", options: [("quality", "92")]).write(to: photo)
                try TestImages.encode(small, type: "jpeg").write(to: thumbnail)
                let added = try Tool.run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-ThumbnailImage<=\(thumbnail.path)", photo.path], timeout: 60)
                guard added.status == 0 else { throw BenchError("exiftool: \(added.output)") }
                originals.append(try Data(contentsOf: photo))
                try FileManager.default.removeItem(at: photo)
                try FileManager.default.removeItem(at: thumbnail)
            }
            for index in 0..<Self.shareScreenPhotos {
                let bytes = originals[index % originals.count] + Data("photo \(index)".utf8)
                try bytes.write(to: folder.appendingPathComponent(String(format: "IMG_%04d.jpg", index + 1)))
            }
        }
    }

    public func shareScreen(_ photos: LargePhotos) throws -> [Result] {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gthumb") else { throw BenchError("gthumb is not installed (build-aux/install-deps.sh bench)") }
        let made = try cameraFolder(photos)
        let server = try SFTPServer()
        defer { server.close() }
        let slow = try SlowLink(to: server.port, roundTripMs: 40, megabits: 20)
        defer { slow.close() }
        let framebuffer = TemporaryFiles.url("bench-share-screen-fb")
        try FileManager.default.createDirectory(at: framebuffer, withIntermediateDirectories: true)
        let screen = try Xvfb(framebufferFolder: framebuffer.path)
        screen.announceWindowManager()
        let watch = ScreenWatch(path: framebuffer.appendingPathComponent("Xvfb_screen0").path)
        var figures = ShareScreenFigures()
        let names = try FileManager.default.contentsOfDirectory(atPath: made.path).filter { $0.hasSuffix(".jpg") }
        let sizes = try names.map { try FileManager.default.attributesOfItem(atPath: made.appendingPathComponent($0).path)[.size] as? Int ?? 0 }
        figures.fileBytes = Double(sizes.reduce(0, +)) / Double(max(1, sizes.count))
        for repetition in 0..<repetitions {
            // A folder of its own each time: new URIs, which no cache knows.
            let folder = server.folder.appendingPathComponent("visit-\(repetition)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in names { _ = link(made.appendingPathComponent(name).path, folder.appendingPathComponent(name).path) }
            let uri = "sftp://root@127.0.0.1:\(slow.port)\(folder.path)/"
            try shareScreenVisit(uri: uri, server: server, screen: screen, watch: watch, figures: &figures)
        }
        return figures.results
    }

    /// One visit by gThumb, then by the app twice (the second with the first's cache), each on a
    /// bus of its own with the share mounted first.
    private func shareScreenVisit(uri: String, server: SFTPServer, screen: Xvfb, watch: ScreenWatch, figures: inout ShareScreenFigures) throws {
        func mountedBus() throws -> SessionBus {
            let bus = try SessionBus(withoutServices: SessionBus.portalServices, shortPath: true)
            bus.startServices([], environment: ["SSH_AUTH_SOCK": server.agentSocket, "DISPLAY": screen.display])
            let mounted = try Tool.run("/usr/bin/gio", ["mount", uri], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_RUNTIME_DIR": bus.runtimeDirectory], timeout: 60)
            guard mounted.status == 0 else { throw BenchError("gio mount: \(mounted.output)") }
            return bus
        }
        // gThumb, in a home of its own.
        let bus = try mountedBus()
        let home = TemporaryFiles.url("bench-share-gthumb-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = Self.gthumbEnvironment(display: screen.display, bus: bus, home: home)
        var readsBefore = server.reads.count
        let launched = ProcessInfo.processInfo.systemUptime
        let gthumb = try ChildProcess("/usr/bin/gthumb", [uri], environment: environment)
        guard let settled = watch.settle(launched: launched, timeout: 240), let window = Self.windowGeometry(display: screen.display, pid: gthumb.processIdentifier) else {
            gthumb.signal(SIGKILL)
            bus.stop()
            throw BenchError("gThumb's screen did not settle")
        }
        gthumb.signal(SIGTERM)
        if !gthumb.wait(timeout: 5) { gthumb.signal(SIGKILL); _ = gthumb.wait(timeout: 5) }
        bus.stop()
        let gthumbShown = ScreenWatch.thumbnails(in: settled.frame, region: window)
        let gthumbReads = server.reads.dropFirst(readsBefore)
        print("  gThumb: \(Int(settled.seconds * 1000)) ms, \(gthumbShown) thumbnails, \(gthumbReads.count) files read")
        figures.gthumb.append(settled.seconds * 1000)
        figures.gthumbShown.append(Double(gthumbShown))
        figures.gthumbBytes.append(Double(gthumbReads.map(\.bytes).reduce(0, +)) / Double(max(1, gthumbShown)))

        // The app's grid, its window as big as gThumb's, twice with one cache.
        let cache = TemporaryFiles.url("bench-share-cache-\(UUID().uuidString.prefix(6))")
        let settings = TemporaryFiles.url("bench-share-settings-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: cache); try? FileManager.default.removeItem(at: settings) }
        let keys = try PersistentSettings.environment(in: settings, keys: ["window-width=\(window.width)", "window-height=\(window.height)"])
        for visit in 0..<2 {
            // The last app's reads still open when it stopped are logged as they close: waited for.
            var settledReads = server.reads.count
            repeat {
                readsBefore = settledReads
                usleep(500_000)
                settledReads = server.reads.count
            } while settledReads != readsBefore
            let bus = try mountedBus()
            let app = try AppProcess(display: screen.display, arguments: ["--view", "grid", uri],
                                     environment: keys.merging(["G_DEBUG": "", "GSK_RENDERER": "", "XDG_CACHE_HOME": cache.path]) { $1 }, executable: binary, bus: bus)
            // Every cell on screen sharp and sepia, from the trace (a screen watched for stillness
            // takes the previews' screen for the end: a camera's photos take longer than the
            // stillness to cross the link).
            func visibleRows(_ events: [TraceRecord]) -> ClosedRange<Int>? {
                events.last(where: { $0.name == .visible })?.event.range.flatMap { $0.isEmpty ? nil : $0 }
            }
            let sharp = app.trace.wait(timeout: 240) { events in
                guard let rows = visibleRows(events) else { return false }
                return rows.allSatisfy { row in events.contains { if case .state(row, .filtered, _, _) = $0.event { return true } else { return false } } }
            }
            let events = app.trace.events
            let rows = visibleRows(events) ?? 0...(-1)
            // Each cell's first image (its preview, or its sepia thumbnail from the cache), and its sepia.
            var firstImage: [Int: Double] = [:], filtered: [Int: Double] = [:]
            for event in events {
                switch event.event {
                case .image(let row, _, _) where rows.contains(row) && firstImage[row] == nil: firstImage[row] = event.t
                case .state(let row, .filtered, _, _) where rows.contains(row) && filtered[row] == nil: filtered[row] = event.t
                default: break
                }
            }
            let last = firstImage.values.max(), lastSharp = filtered.values.max()
            app.stop()
            guard sharp, let last, let lastSharp, firstImage.count == rows.count else {
                let tail = app.trace.events.suffix(40).map { String(format: "%.2f ", $0.t) + "\($0.event)" }.joined(separator: "\n")
                throw BenchError("the app's screen did not fill: sharp \(sharp), rows \(rows), last \(String(describing: last)); the trace's end:\n\(tail)")
            }
            print("  the app (visit \(visit + 1)): every cell at \(Int(last * 1000)) ms, every cell sepia at \(Int(lastSharp * 1000)) ms, rows \(rows)")
            if visit == 0 {
                figures.appScreen.append(last * 1000)
                figures.appSharp.append(lastSharp * 1000)
                figures.appShown.append(Double(rows.count))
                let previews = server.reads.dropFirst(readsBefore).filter { $0.bytes <= 72 * 1024 }
                figures.previewBytes.append(Double(previews.map(\.bytes).reduce(0, +)) / Double(max(1, previews.count)))
            } else {
                figures.secondScreen.append(last * 1000)
                // The screen's photos (IMG_0001 is row 0); the prefetch band past what the first
                // visit read is read on the second as on the first.
                let screenNames = Set(rows.map { String(format: "IMG_%04d.jpg", $0 + 1) })
                let reads = server.reads.dropFirst(readsBefore).filter { screenNames.contains($0.name) }
                var sources: [String: Int] = [:]
                for event in events { if case .image(let row, let from, _) = event.event, rows.contains(row) { sources[from.rawValue, default: 0] += 1 } }
                print("  second visit: images \(sources); files read \(reads.count)")
                figures.secondReads.append(Double(reads.count))
            }
        }
    }
}
