// Why this exists: runs a PhotoGallery on the GLib main loop in tests, with its trace in a temporary file.
import DecodeHelper
import Foundation
@_spi(InProcess) import PhotoDecoding
import GLibRuntime
import TestAndBenchSupport
import XCTest
@testable import PhotoPipeline
@testable import PhotoFetching
@testable import GalleryContents
@testable import PhotoTrace

@MainActor
final class PipelineHarness {
    let gallery: PhotoGallery
    /// The gallery's trace (its own: no other test writes to it), and its file read back.
    let writer = Trace()
    let trace: TraceLog

    /// `configuration`'s exchanges are traced in the gallery's trace.
    init(json: String, source: URL, settings: PipelineSettings = PipelineSettings(),
         configuration: HTTPClient.Configuration = HTTPClient.Configuration(), files: LocalFileFetcher = LocalFileFetcher(),
         memory: MemoryCache? = nil, caches: DiskCaches = .none, demand: RowDemand? = nil) throws {
        let path = TemporaryFiles.url("pipeline-\(UUID().uuidString).jsonl").path
        try writer.open(path: path)
        trace = TraceLog(path: path, writtenBy: writer)
        var configuration = configuration
        configuration.events = { [writer] in writer.emit($0) }
        let manifest = try ManifestParser.parse(Data(json.utf8), source: source)
        gallery = PhotoGallery(manifest: manifest, settings: settings, decoders: .here,
                               fetcher: ResourceFetcher(http: HTTPClient(configuration: configuration), files: files),
                               memory: memory ?? MemoryCache(limit: 64 << 20), caches: caches, demand: demand, trace: writer)
    }

    /// Iterate the GLib main loop until `condition` or the timeout.
    func run(timeout: TimeInterval, until condition: () -> Bool) -> Bool {
        MainLoop.iterate(until: condition, timeout: timeout)
    }

    var allSettled: Bool {
        gallery.records.allSatisfy { $0.state == .filtered || $0.state == .failed } && gallery.rowsInProgress.isEmpty
    }

    /// Every queued operation reached exactly one terminal event (finished or cancelled).
    func assertOneTerminalEventPerOperation(file: StaticString = #filePath, line: UInt = #line) {
        var open: [String: Int] = [:]
        for event in trace.events {
            guard let queue = event.queue, let row = event.row else { continue }
            let key = "\(queue)/\(row)"
            switch event.name {
            case .queued:
                XCTAssertEqual(open[key, default: 0], 0, "\(key) queued twice while in progress", file: file, line: line)
                open[key, default: 0] += 1
            case .finished, .cancelled:
                XCTAssertEqual(open[key, default: 0], 1, "\(key) \(event.name) without being in progress", file: file, line: line)
                open[key, default: 0] -= 1
            default: break
            }
        }
        XCTAssertEqual(open.values.filter { $0 != 0 }.count, 0, "operations without a terminal event: \(open.filter { $0.value != 0 })",
                       file: file, line: line)
    }

    deinit { writer.close() }
}
