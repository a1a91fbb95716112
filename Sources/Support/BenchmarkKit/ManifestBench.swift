// Why this exists: the big-manifest benchmarks: parse throughput of each format on 100,000-row files, and launch → first frame with rows for 100,000 and 1,000,000 rows against the sample gallery, with the million-row load's total time and memory.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import GalleryContents

/// Manifest files as users have them: a JSON array, and dictionaries written by Python's plistlib
/// (XML and binary), each row a name and an absolute photo URL (about 69 bytes a row in JSON).
public final class BigManifests {
    public let folder: URL
    public private(set) var files: [String: URL] = [:]

    public init(base: String) throws {
        folder = TemporaryFiles.url("bench-manifests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for count in [100_000, 1_000_000] {
            var json = "[\n"
            json.reserveCapacity(count * 72)
            for row in 0..<count {
                json += "{\"name\": \"Photo \(row)\", \"url\": \"\(base)/big/photo-\(row % 97).jpg?row=\(row)\"}"
                json += row == count - 1 ? "\n]\n" : ",\n"
            }
            let url = folder.appendingPathComponent("rows-\(count).json")
            try Data(json.utf8).write(to: url)
            files["json-\(count)"] = url
        }
        // The plists, from the 100,000-row JSON, by Python's plistlib in the file's order.
        let script = """
        import json, plistlib, sys
        rows = json.load(open(sys.argv[1]))
        d = {r["name"]: r["url"] for r in rows}
        with open(sys.argv[2], "wb") as f: plistlib.dump(d, f, fmt=plistlib.FMT_XML, sort_keys=False)
        with open(sys.argv[3], "wb") as f: plistlib.dump(d, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
        """
        let xml = folder.appendingPathComponent("rows-100000.plist"), binary = folder.appendingPathComponent("rows-100000.bplist")
        let made = try Tool.run("/usr/bin/python3", ["-c", script, files["json-100000"]!.path, xml.path, binary.path], timeout: 120)
        guard made.status == 0 else { throw BenchError("plistlib could not write the plists") }
        files["xml-100000"] = xml
        files["binary-100000"] = binary
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// MB/s of `ManifestParser.parse` (every row read and kept), per format, on the 100,000-row files.
    public func parseThroughput(repetitions: Int) throws -> [Result] {
        var results: [Result] = []
        for (label, key) in [("JSON", "json-100000"), ("XML plist", "xml-100000"), ("binary plist", "binary-100000")] {
            let data = try Data(contentsOf: files[key]!)
            var rows = 0, footprint = 0
            let times = timeIt(max(repetitions, 5)) {
                let manifest = try? ManifestParser.parse(data, source: files[key]!)
                rows = manifest?.count ?? 0
                footprint = manifest?.rows.footprint ?? 0
            }
            guard rows == 100_000 else { throw BenchError("\(label): parsed \(rows) rows") }
            results.append(Result(name: "parse 100,000 rows, \(label) (\(data.count / 1_000_000) MB)", unit: "MB/s",
                                  values: times.map { Double(data.count) / $0 / 1e6 }, target: "≥ 100", met: { $0 >= 100 }))
            if key == "json-100000" {
                results.append(Result(name: "compact rows: bytes a row (names, URLs, offsets)", unit: "bytes", values: [Double(footprint) / 100_000]))
            }
        }
        results += try entryCost(repetitions: repetitions)
        return results
    }

    /// µs to make one row's entry (the name checked, the URL resolved against the manifest),
    /// which happens when a row is first bound: absolute URLs, and paths relative to the manifest.
    func entryCost(repetitions: Int) throws -> [Result] {
        var relative = "["
        for row in 0..<100_000 { relative += (row > 0 ? "," : "") + "{\"name\":\"Photo \(row)\",\"url\":\"photos/photo-\(row % 97).jpg\"}" }
        relative += "]"
        let cases = [("absolute URLs", try ManifestParser.parse(Data(contentsOf: files["json-100000"]!), source: files["json-100000"]!)),
                     ("relative URLs", try ManifestParser.parse(Data(relative.utf8), source: folder.appendingPathComponent("relative.json")))]
        var results: [Result] = []
        for (label, manifest) in cases {
            var resolved = 0
            let times = timeIt(max(repetitions, 5)) {
                resolved = 0
                for row in 0..<manifest.count where manifest.entry(row).url != nil { resolved += 1 }
            }
            guard resolved == manifest.count else { throw BenchError("\(label): \(manifest.count - resolved) URLs did not resolve") }
            results.append(Result(name: "a row's entry (name checked, URL resolved), \(label)", unit: "µs",
                                  values: times.map { $0 / Double(manifest.count) * 1e6 }))
        }
        return results
    }
}

extension AppBench {
    /// Launch → first frame with rows, for the sample gallery and the big manifests, paired launch by launch.
    public func bigManifests(_ manifests: BigManifests) throws -> [Result] {
        var firstFrame: [String: [Double]] = [:]
        var whole: [Double] = [], rssAbove: [Double] = [], sampleRSS: [Double] = []
        let sample = SamplePhotos.sampleManifest.path
        // The sample gallery also with each renderer forced: the app's choice against both.
        let cases = [("sample gallery (19 rows)", sample, ""), ("sample gallery (19 rows), forced cairo", sample, "cairo"),
                     ("sample gallery (19 rows), forced GL", sample, "gl"),
                     ("100,000 rows, JSON", manifests.files["json-100000"]!.path, ""),
                     ("100,000 rows, XML plist", manifests.files["xml-100000"]!.path, ""),
                     ("100,000 rows, binary plist", manifests.files["binary-100000"]!.path, ""),
                     ("1,000,000 rows, JSON", manifests.files["json-1000000"]!.path, "")]
        for _ in 0..<repetitions {
            for (label, path, renderer) in cases {
                let app = try launch(manifest: path, environment: ["GSK_RENDERER": renderer])
                defer { app.stop() }
                guard case .firstRowsFrame(let wall, _)? = app.trace.events.first(where: { $0.name == .firstRowsFrame })?.event else { continue }
                firstFrame[label, default: []].append((wall - app.spawnedAt) * 1000)
                guard app.trace.wait(timeout: 120, until: { $0.contains { $0.name == .manifest } }) else { continue }
                usleep(300_000)
                let rss = ProcReaders.currentRSS(pid: app.process.processIdentifier)
                if path == sample, renderer.isEmpty { sampleRSS.append(rss) }
                if label.hasPrefix("1,000,000") {
                    if let loaded = events(app, .manifest).first, let start = events(app, .page).first {
                        whole.append((loaded.t - start.t) * 1000)
                    }
                    if let base = sampleRSS.last { rssAbove.append(rss - base) }
                }
            }
        }
        let base = firstFrame["sample gallery (19 rows)"] ?? []
        var results: [Result] = []
        for (label, _, _) in cases {
            let values = firstFrame[label] ?? []
            results.append(Result(name: "launch → first frame with rows, \(label)", unit: "ms", values: values))
            guard !label.hasPrefix("sample gallery (19 rows)") else { continue }
            let limit = label.hasPrefix("1,000,000") ? 1.5 : 1.3
            results.append(Result(name: "… ÷ the sample gallery's, \(label)", unit: "×", values: zip(values, base).map { $0 / $1 },
                                  target: "≤ \(limit)", met: { $0 <= limit }))
        }
        results.append(Result(name: "1,000,000 rows, JSON: the whole manifest read and shown", unit: "ms", values: whole,
                              target: "≤ 2000", met: { $0 <= 2000 }))
        results.append(Result(name: "1,000,000 rows, JSON: RSS after loading above the sample gallery's", unit: "MB", values: rssAbove,
                              target: "≤ 250", met: { $0 <= 250 }))
        return results
    }
}
