// Why this exists: the viewer's animation is read within the limits every decode keeps: past its processor-time limit it stops with the reason, its frames hold their share of the decode budget while it plays (and give it back), a read waiting on the budget is cancelled when the viewer leaves, and frames too large to play say so.
import PhotoFormats
import DecodeHelper
import Foundation
import GdkPixbuf
import GLibRuntime
import TestAndBenchSupport
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline

final class AnimationReaderTests: XCTestCase {
    func run(_ reader: AnimationReader, cancellable: Cancellable = Cancellable()) -> String {
        switch reader.run(WorkContext(cancellable: cancellable)) {
        case .image: return "read"
        case .failed(let reason): return "failed: \(reason)"
        case .cancelled: return "cancelled"
        case .written: return "written"
        case .preview: return "preview"
        }
    }

    func testPastItsProcessorTimeTheReadStopsWithTheReason() throws {
        // 230 KB: four chunks, so the limit is looked at between them.
        let gif = HostileImages.gif(frames: 10_000)
        XCTAssertEqual(run(AnimationReader(gif, by: .here, processorSeconds: 0)), "failed: reading it took more than 0 s of processor time")
        XCTAssertEqual(run(AnimationReader(gif, by: .here)), "read", "control: within the standard limit it is read")
    }

    func testItsFramesHoldTheirShareOfTheBudgetWhileItPlays() throws {
        let gif = HostileImages.gif(frames: 3)
        let budget = DecodeBudget(bytes: 1 << 20)
        let reader = AnimationReader(gif, by: .here(budget: budget))
        XCTAssertEqual(run(reader), "read")
        let expected = try XCTUnwrap(ImageHeader.read(gif, format: XCTUnwrap(PixbufFormats.format(sniffing: gif)))?.reserve)
        XCTAssertEqual(budget.inUse, expected, "held while the animation is kept")
        MainActor.assumeIsolated {
            var playback: AnimationPlayback? = AnimationPlayback(reader.result.withLock { $0 }!, sepiaIntensity: 1)
            reader.result.withLock { $0 = nil }
            XCTAssertEqual(budget.inUse, expected, "and while it plays")
            XCTAssertNotNil(playback?.frame(sepia: true))
            playback = nil
        }
        XCTAssertEqual(budget.inUse, 0, "given back once the playback is dropped")
        XCTAssertTrue(run(AnimationReader(gif, by: .here(budget: DecodeBudget(bytes: 10)))).hasPrefix("failed: the image is too large to decode"),
                      "one that could never fit is refused")
    }

    func testFramesTooLargeToPlaySaySo() throws {
        let big = try HostileImages.written("gif", width: 2_100, height: 2_100)
        let animated = try XCTUnwrap(AnimatedGIF.repeating(big, frames: 2))
        XCTAssertEqual(run(AnimationReader(animated, by: .here)), "failed: its frames (2100 × 2100) are larger than the 4 megapixels that are played")
        XCTAssertEqual(run(AnimationReader(big, by: .here)), "failed: it is a still")
    }

    /// The viewer reads the animation on its queue; closing the viewer cancels a read still
    /// waiting (here on a decode budget another decode holds), and nothing is handed over.
    func testLeavingTheViewerCancelsTheRead() throws {
        let folder = TemporaryFiles.url("animation-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let gif = HostileImages.gif(frames: 3)
        try gif.write(to: folder.appendingPathComponent("anim.gif"))
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: #"[{"name": "anim", "url": "anim.gif"}]"#, source: folder.appendingPathComponent("g.json"))
            let viewer = PhotoViewer(gallery: harness.gallery)
            viewer.open(0)
            XCTAssertTrue(harness.run(timeout: 20) { viewer.image(for: 0) != nil }, "the still is shown")
            XCTAssertEqual(viewer.image(for: 0)?.details.frameCount, 3)
            // Another decode holds the whole budget: the read waits for it.
            let budget = harness.gallery.decoders.budget
            let held = try budget.reserve(budget.capacity, cancellable: Cancellable())
            defer { held.release() }
            var handedOver = false
            viewer.readAnimation(of: 0, data: gif) { _, _ in handedOver = true }
            XCTAssertTrue(harness.run(timeout: 10) { harness.trace.events.contains { $0.event == .started(queue: .viewer, row: 0) && $0.t > 0 } })
            viewer.close()
            XCTAssertTrue(harness.run(timeout: 10) { harness.gallery.pending.viewerQueue.operationCount == 0 }, "the read ended")
            XCTAssertFalse(handedOver, "nothing is handed over once cancelled")
            XCTAssertEqual(harness.trace.events.filter { $0.event == .cancelled(queue: .viewer, row: 0) }.count, 1)
            XCTAssertFalse(harness.trace.events.contains { $0.name == .animation })
            held.release()

            // Control: left alone, the read hands the animation over and says it plays.
            viewer.open(0)
            XCTAssertTrue(harness.run(timeout: 20) { viewer.image(for: 0) != nil })
            var read: ReadAnimation?
            viewer.readAnimation(of: 0, data: gif) { animation, _ in read = animation }
            XCTAssertTrue(harness.run(timeout: 20) { read != nil })
            XCTAssertEqual(read?.frames, 3)
            XCTAssertTrue(harness.trace.events.contains { $0.event == .animation(row: 0, frames: 3, action: .playing, reason: nil) })
            viewer.close()
        }
    }
}
