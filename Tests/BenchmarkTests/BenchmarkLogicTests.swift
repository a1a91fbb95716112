// Why this exists: the benchmark's own logic, quickly: the gallery server serves its photos, and the results encode as well-formed JSON.
@testable import BenchmarkKit
import Foundation
import GLibRuntime
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoFetching
import PhotoTrace

final class BenchmarkLogicTests: XCTestCase {
    func testGalleryServerServesLargePhotos() throws {
        let photos = LargePhotos(only: [2])
        XCTAssertEqual(photos.names.count, 6)
        let server = try TestServer(route: photos.route())
        let fetcher = ResourceFetcher(http: HTTPClient())
        func get(_ url: URL) throws -> Data { try fetcher.fetch(url, limit: 50 << 20, cancellable: Cancellable()) }
        let manifest = try get(URL(string: server.baseURL.absoluteString + "/gallery.json?count=10&delay=0")!)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: manifest) as? [[String: String]])
        XCTAssertEqual(rows.count, 10)
        let first = try XCTUnwrap(rows.first?["url"])
        let image = try get(URL(string: first, relativeTo: server.baseURL.appendingPathComponent("gallery.json"))!.absoluteURL)
        XCTAssertEqual(Array(image.prefix(2)), [0xFF, 0xD8], "a JPEG")
        XCTAssertGreaterThan(image.count, 50_000, "a 2-megapixel photo")
    }

    func testResultsAreWellFormedJSON() throws {
        let results = [Result(name: "a", unit: "ms", values: [3, 1, 2], target: "≤ 2", met: { $0 <= 2 }),
                       Result(name: "empty", unit: "×", values: [])]
        XCTAssertEqual(results[0].median, 2); XCTAssertEqual(results[0].min, 1); XCTAssertEqual(results[0].max, 3)
        XCTAssertEqual(results[0].met, true)
        let run = try JSONSerialization.jsonObject(with: Report.json(results)) as? [String: Any]
        let decoded = run?["results"] as? [[String: Any]]
        XCTAssertEqual(decoded?.count, 2)
        XCTAssertEqual(decoded?.first?["name"] as? String, "a")
        let machine = try XCTUnwrap(run?["machine"] as? [String: Any])
        XCTAssertNotEqual(machine["cpu"] as? String, "unknown", "the CPU model is recorded")
        XCTAssertNotNil(machine["sepiaPath"] as? String)
        XCTAssertEqual(percentile([1, 2, 3, 4, 100], 99), 100)
        XCTAssertTrue(Report.table(results).contains("| a | 2.00 ms |"))
    }

    /// Frames are picked by their start times (`at`, seconds) against the input window; an
    /// interval that began before the window but ends inside it counts; a frame still open
    /// long after the last one began counts with its age.
    func testFrameIntervalsOverlappingTheInput() {
        func frame(at: Double, ms: Double, work: Double = 2) -> TraceRecord {
            TraceRecord(t: 0, event: .frame(ms: ms, work: work, at: at))
        }
        let events = [frame(at: 9.95, ms: 16), frame(at: 10.01, ms: 60), frame(at: 10.5, ms: 17, work: 7),
                      TraceRecord(t: 0, event: .stall(ms: 9, cpu: 8, waiting: 1)), frame(at: 11.2, ms: 16)]
        let inside = FrameFigures.intervals(events, window: 10.0...11.0)
        XCTAssertEqual(inside.intervals, [60, 17], "the frame before the window and the one after it are left out")
        XCTAssertEqual(inside.work, [2, 7])
        XCTAssertEqual(FrameFigures.intervals(events, window: 10.0...11.0, now: 11.3).intervals, [60, 17],
                       "0.1 s after the last frame began is not a frame still open")
        XCTAssertEqual(FrameFigures.intervals(events, window: 10.0...11.0, now: 13.2).intervals.last ?? 0, 2000, accuracy: 0.001,
                       "a frame unpainted 2 s after the last one began counts with its age")
    }

    /// Each frame over 25 ms inside the window comes with its own `phases` event's wait for a
    /// CPU and the longest stall traced during its interval; frames on time, frames outside the
    /// window and stalls outside the interval are left out.
    func testAFrameOverTwentyFiveMillisecondsWithItsWaitAndStall() {
        func phases(waited: Double?) -> TraceEvent {
            .phases(wait: 0, update: 1, layout: 1, paint: 1, bind: 0, binds: 0, cpu: 3, waited: waited)
        }
        let events = [TraceRecord(t: 1.00, event: .frame(ms: 40, work: 3, at: 101.00)), TraceRecord(t: 1.00, event: phases(waited: 9)),
                      TraceRecord(t: 1.09, event: .stall(ms: 30, cpu: 1, waiting: 2)),
                      TraceRecord(t: 1.12, event: .stall(ms: 7, cpu: 1, waiting: 2)),
                      TraceRecord(t: 1.13, event: .frame(ms: 30, work: 2, at: 101.13)), TraceRecord(t: 1.13, event: phases(waited: 4.5)),
                      TraceRecord(t: 1.15, event: .frame(ms: 17, work: 2, at: 101.15)), TraceRecord(t: 1.15, event: phases(waited: 0)),
                      TraceRecord(t: 1.20, event: .frame(ms: 50, work: 2, at: 101.20)), TraceRecord(t: 1.20, event: phases(waited: nil)),
                      TraceRecord(t: 3.00, event: .frame(ms: 45, work: 2, at: 103.00)), TraceRecord(t: 3.00, event: phases(waited: 1))]
        let late = FrameFigures.lateFrames(events, window: 101.05...102)
        XCTAssertEqual(late.map(\.ms), [30, 50], "the 40 ms frame before the window and the 45 ms one after it are left out")
        XCTAssertEqual(late.map(\.waited), [4.5, nil])
        XCTAssertEqual(late.map(\.stall), [7, 0], "the 30 ms stall ended before the 30 ms frame's interval began (at 1.10)")
    }

    /// A stall counts whole as observed; its own part leaves out the time the main thread was
    /// runnable but had no CPU (the machine's part). Stalls outside the window do not count.
    func testLongestStallWithAndWithoutWaitsForACPU() {
        let events = [TraceRecord(t: 1, event: .frame(ms: 16, work: 2, at: 1)),
                      TraceRecord(t: 2, event: .stall(ms: 40, cpu: 2, waiting: 37)),
                      TraceRecord(t: 3, event: .stall(ms: 12, cpu: 11, waiting: 1)),
                      TraceRecord(t: 4, event: .stall(ms: 9, cpu: nil, waiting: nil)),
                      TraceRecord(t: 9, event: .stall(ms: 90, cpu: 90, waiting: 0))]
        let stall = FrameFigures.longestStall(events, from: 1.5, to: 5)
        XCTAssertEqual(stall.observed, 40)
        XCTAssertEqual(stall.own, 11, "40 − 37 is the machine's; 12 − 1 is the longest the app's own")
    }

    /// A target for every repetition fails when any one misses it, though the median meets it.
    func testATargetForEveryRepetition() {
        let median = Result(name: "s", unit: "ms", values: [3, 4, 30], target: "≤ 16", met: { $0 <= 16 })
        let every = Result(name: "s", unit: "ms", values: [3, 4, 30], target: "≤ 16", met: { $0 <= 16 }, everyRepetition: true)
        XCTAssertEqual(median.met, true)
        XCTAssertEqual(every.met, false)
        XCTAssertEqual(every.target, "≤ 16, every repetition")
    }
}
