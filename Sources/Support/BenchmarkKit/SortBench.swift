// Why this exists: sorting a 10,000-photo folder by date taken: the first sort (every photo's first bytes read in the sandboxed helpers) against exiv2 reading the same dates on every core, and the second (from the metadata index) against sorting by name, side by side in one run.
import Foundation
import PhotoPipeline
import TestAndBenchSupport

extension AppBench {
    static let sortedPhotos = 10_000

    /// 10,000 camera JPEGs (800 × 600, about 140 KB, a camera's EXIF), each taken at another
    /// minute, named and modified in two other orders (made once a run).
    func datedFolder() throws -> URL {
        try madeOnce("bench-dated-\(Self.sortedPhotos)") { folder in
            let template = folder.appendingPathComponent(".template.jpg")
            let source = SamplePhotos.directory.appendingPathComponent("coffee.png").path
            guard try Tool.run("/usr/bin/convert", [source, "-resize", "800x600!", "-quality", "90", template.path]).status == 0 else { throw BenchError("convert failed") }
            try TestDetails.write(to: template)
            var bytes = [UInt8](try Data(contentsOf: template))
            let stamp = Array("2019:07:14 18:32:05".utf8)
            let offsets = (0...(bytes.count - stamp.count)).filter { bytes[$0] == stamp[0] && Array(bytes[$0..<$0 + stamp.count]) == stamp }
            guard !offsets.isEmpty else { throw BenchError("no date in the template") }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy:MM:dd HH:mm:ss"
            for index in 0..<Self.sortedPhotos {
                // Minutes apart, in an order unlike the names' (7919 is prime to 10,000).
                let minute = (index * 7919) % Self.sortedPhotos
                let date = Array(formatter.string(from: Date(timeIntervalSince1970: 1_500_000_000 + Double(minute) * 60)).utf8)
                for offset in offsets { bytes.replaceSubrange(offset..<offset + date.count, with: date) }
                let file = folder.appendingPathComponent(String(format: "IMG_%05d.jpg", index))
                try Data(bytes).write(to: file)
                // Modified in a third order, so that each sort brings other photos on screen.
                let modified = Date(timeIntervalSince1970: 1_600_000_000 + Double((index * 3637) % Self.sortedPhotos) * 60)
                try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
            }
            try FileManager.default.removeItem(at: template)
        }
    }

    /// exiv2 reading every photo's DateTimeOriginal, one process per core, each given its share
    /// of the files: photos a second.
    func exiv2Rate(_ files: [String]) throws -> Double {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let shares = (0..<cores).map { core in stride(from: core, to: files.count, by: cores).map { files[$0] } }
        let started = Date()
        let children = try shares.map { try ChildProcess("/usr/bin/exiv2", ["-q", "-K", "Exif.Photo.DateTimeOriginal", "-Pv"] + $0) }
        for child in children { guard child.wait(timeout: 300) else { throw BenchError("exiv2 did not end") } }
        return Double(files.count) / Date().timeIntervalSince(started)
    }

    public func sorting() throws -> [Result] {
        let folder = try datedFolder()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") }.map { folder.path + "/" + $0 }
        _ = try exiv2Rate(files) // the files in the page cache, for both
        var exiv2: [Double] = [], app: [Double] = [], ratios: [Double] = []
        var byName: [Double] = [], byDate: [Double] = [], secondRatios: [Double] = [], fromIndex: [Double] = []
        for _ in 0..<repetitions {
            let cache = TemporaryFiles.url("bench-sort-cache-\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: cache) }
            // The first sort by date: every photo read, through the helpers; exiv2 beside it.
            let rate = try exiv2Rate(files)
            let first = try launch(["--sort", "date-taken"], manifest: folder.path, environment: ["XDG_CACHE_HOME": cache.path])
            guard first.trace.wait(timeout: 300, until: { $0.contains { $0.name == .datesRead } }),
                  case .datesRead(_, let read, let ms)? = first.trace.events.first(where: { $0.name == .datesRead })?.event, read == files.count else {
                first.stop()
                throw BenchError("the first sort read no dates: \(first.recentEvents())")
            }
            first.stop()
            exiv2.append(rate)
            app.append(Double(read) / ms * 1000)
            ratios.append(Double(read) / ms * 1000 / rate)

            // The second: sorted by name, then by date from the index, in one launch.
            let second = try launch(["--sort", "modified"], manifest: folder.path, environment: ["XDG_CACHE_HOME": cache.path])
            defer { second.stop() }
            guard second.trace.wait(timeout: 60, until: { $0.contains { $0.name == .manifest } }) else { throw BenchError("no listing") }
            // Listed in another order, the folder takes in what the index knows of its dates, quietly.
            guard second.trace.wait(timeout: 60, until: { $0.contains { $0.name == .datesRead } }),
                  case .datesRead(let indexed, _, _)? = second.trace.events.first(where: { $0.name == .datesRead })?.event else {
                throw BenchError("the index was not read: \(second.recentEvents())")
            }
            fromIndex.append(Double(indexed))
            // Sorted by name, or by date with every date from the index.
            func sortTime(_ order: String) throws -> Double {
                let marker = second.trace.events.count
                let started = Date()
                try second.setActionState("sort", order)
                let seen = poll(timeout: 60, interval: 0.001) {
                    let events = second.trace.events.dropFirst(marker)
                    return events.contains { if case .sorted(order, _, _, _) = $0.event { true } else { false } }
                }
                guard seen else { throw BenchError("not sorted by \(order): \(second.recentEvents())") }
                return Date().timeIntervalSince(started) * 1000
            }
            // Each sort timed once the screen the one before brought has loaded (a sort started
            // while thumbnails are still being shown shares the main loop with them: whichever
            // came second lost 40 ms): by name, by date, by name, by date.
            var names: [Double] = [], dates: [Double] = []
            for order in ["name", "date-taken", "name", "date-taken"] {
                usleep(1_500_000)
                let time = try sortTime(order)
                if order == "name" { names.append(time) } else { dates.append(time) }
            }
            byName += names
            byDate += dates
            secondRatios.append(dates.reduce(0, +) / names.reduce(0, +))
        }
        return [
            Result(name: "exiv2 reading DateTimeOriginal, one process per core, 10,000 JPEGs", unit: "photos/s", values: exiv2),
            Result(name: "first sort by date taken (first 80 KB read, EXIF parsed in the helpers), 10,000 JPEGs", unit: "photos/s", values: app),
            Result(name: "… ÷ exiv2's rate, side by side", unit: "×", values: ratios, target: "≥ 0.8", met: { $0 >= 0.8 }),
            Result(name: "sort by name, 10,000 photos (the action to its order in the trace)", unit: "ms", values: byName),
            Result(name: "second sort by date taken, from the index (the action to its order)", unit: "ms", values: byDate),
            Result(name: "dates found in the index at the second launch", unit: "photos", values: fromIndex, target: "= 10,000", met: { $0 == 10_000 }),
            Result(name: "… ÷ the sort by name, side by side", unit: "×", values: secondRatios, target: "≤ 1.3", met: { $0 <= 1.3 }),
        ]
    }
}
