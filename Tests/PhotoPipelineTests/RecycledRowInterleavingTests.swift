// Why this exists: 2,000 random interleavings of bind, unbind, rebind, completion and cancellation over recycled row views, with real operations.
import CGLib
import CGdkPixbuf
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline

/// A row view that remembers what it displays, standing in for PhotoRow (a GTK widget in the app).
@MainActor
final class RecordingRowView: PhotoRowView {
    private(set) var record: PhotoRecord?
    private(set) var shownImage: Thumbnail?
    func bind(_ record: PhotoRecord, busy: Bool) { self.record = record; render(busy: busy) }
    func unbind() { record = nil; shownImage = nil }
    func render(busy: Bool) { shownImage = record?.image }
}

struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}

final class RecycledRowInterleavingTests: XCTestCase {
    static let rows = 10
    static let views = 4

    /// Tiny distinct PNGs on disk, so operations are real but quick.
    static let imageDirectory: URL = {
        let directory = TemporaryFiles.url("interleaving-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for row in 0..<rows {
            let pixbuf = TestImages.pixbuf(width: 8, height: 8) { _, _ in [UInt8(row * 20), UInt8(255 - row * 20), 128] }
            try! TestImages.encode(pixbuf, type: "png").write(to: directory.appendingPathComponent("\(row).png"))
        }
        return directory
    }()

    /// 2,000 rounds; fewer where a run says so (ThreadSanitizer's, where a round costs several times as
    /// much and which looks at each round's threads, not at how many rounds there are).
    static let rounds = Int(ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_INTERLEAVING_ROUNDS"] ?? "") ?? 2_000

    func testRandomInterleavingsNeverShowAnotherRecordsImage() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["INTERLEAVING_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max)
        print("interleaving seed: \(seed) (set INTERLEAVING_SEED to replay)")
        var random = SplitMix64(state: seed)
        let json = "[" + (0..<Self.rows).map { "{\"name\": \"r\($0)\", \"url\": \"\($0).png\"}" }.joined(separator: ",") + "]"
        var stats = (steps: 0, completions: 0, cancels: 0, rebinds: 0)
        nonisolated(unsafe) let run = testRun
        try MainActor.assumeIsolated {
            for round in 0..<Self.rounds {
                var settings = PipelineSettings()
                settings.downloadConcurrency = Int.random(in: 1...3, using: &random)
                settings.filtrationConcurrency = Int.random(in: 1...2, using: &random)
                let harness = try PipelineHarness(json: json, source: Self.imageDirectory.appendingPathComponent("g.json"), settings: settings)
                let gallery = harness.gallery
                let bindings = RowBindings<RecordingRowView>()
                let views = (0..<Self.views).map { _ in RecordingRowView() }
                var owner: [ObjectIdentifier: Int] = [:] // which record each image belongs to
                // Weak: the gallery owns this closure (a strong capture would be a retain cycle,
                // which the AddressSanitizer run reports as a leak).
                gallery.rowChanged.add { [weak gallery] row in
                    guard let gallery else { return }
                    if let image = gallery.records[row].image { owner[ObjectIdentifier(image)] = row }
                    bindings.recordChanged(gallery.records[row], busy: gallery.isBusy(row))
                }

                @MainActor func check(_ step: String) -> Bool {
                    for view in views {
                        guard let image = view.shownImage else { continue }
                        guard let record = view.record, owner[ObjectIdentifier(image)] == record.row else {
                            XCTFail("round \(round), after \(step): a view bound to \(view.record?.row ?? -1) shows the image of row \(owner[ObjectIdentifier(image)] ?? -1) (seed \(seed))")
                            return false
                        }
                    }
                    return true
                }

                for _ in 0..<Int.random(in: 5...25, using: &random) {
                    stats.steps += 1
                    let view = views.randomElement(using: &random)!
                    let step: String
                    switch Int.random(in: 0..<100, using: &random) {
                    case 0..<30:
                        let row = Int.random(in: 0..<Self.rows, using: &random)
                        // GtkListView binds a position to one item at a time: a row moving to
                        // this view is first unbound from the view that had it.
                        if let other = bindings.boundRows[row], other !== view { bindings.unbind(other) }
                        if view.record != nil { bindings.unbind(view); stats.rebinds += 1 }
                        bindings.bind(view, to: gallery.records[row], busy: gallery.isBusy(row))
                        gallery.startOperations(for: row, priority: .high)
                        step = "bind \(row)"
                    case 30..<45:
                        bindings.unbind(view)
                        step = "unbind"
                    case 45..<60:
                        let row = Int.random(in: 0..<Self.rows, using: &random)
                        gallery.cancelOperations(for: row)
                        stats.cancels += 1
                        step = "cancel \(row)"
                    default:
                        // Completions: let workers run a moment, then deliver what reached the main loop.
                        if Bool.random(using: &random) { usleep(UInt32.random(in: 0...1500, using: &random)) }
                        while g_main_context_iteration(nil, 0) != 0 { stats.completions += 1 }
                        step = "completions"
                    }
                    if !check(step) { return }
                }

                // Settle: either let everything finish or cancel what is left.
                if Bool.random(using: &random) {
                    XCTAssertTrue(harness.run(timeout: 10) { gallery.rowsInProgress.isEmpty }, "round \(round) drains")
                } else {
                    gallery.cancelAll()
                    // Let cancelled operations wind down, then deliver any late completions: they must do nothing.
                    let deadline = Date().addingTimeInterval(10)
                    // An operation that completed before the cancel frees its queue slot once the main
                    // loop has applied its result: deliver completions while waiting.
                    while (gallery.pending.downloadQueue.operationCount + gallery.pending.filtrationQueue.operationCount) > 0, Date() < deadline {
                        while g_main_context_iteration(nil, 0) != 0 {}
                        usleep(200)
                    }
                    while g_main_context_iteration(nil, 0) != 0 {}
                }
                if !check("settle") { return }
                XCTAssertTrue(gallery.pending.downloadsInProgress.isEmpty && gallery.pending.filtrationsInProgress.isEmpty,
                              "round \(round): nothing left in an in-progress map (seed \(seed))")
                // Every bound view is up to date with its own record.
                for view in views { if let record = view.record { XCTAssertTrue(view.shownImage === record.image, "round \(round): stale view") } }
                harness.assertOneTerminalEventPerOperation()
                if run?.failureCount ?? 0 > 0 { return }
            }
        }
        print("interleavings: \(stats)")
    }
}
