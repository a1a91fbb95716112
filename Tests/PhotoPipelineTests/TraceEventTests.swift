// Why this exists: the trace's one type round-trips through its JSON lines with its fields in the order each case declares them, and the README's table of events is the one derived from TraceEvent.
import Foundation
import TestAndBenchSupport
import XCTest
@testable import PhotoPipeline
@testable import PhotoTrace

final class TraceEventTests: XCTestCase {
    /// One example of every event.
    static let examples: [TraceEvent] = [
        .settings(persistent: true), .decoders(sandbox: "none", reason: "bwrap: Creating new namespace failed: Operation not permitted", started: 2),
        .renderer(name: "cairo", reason: .softwareGL, gl: "llvmpipe (LLVM 15.0.6, 256 bits)"),
        .renderer(name: "cairo", reason: .noDirectRendering, gl: "the X server offers none of DRI3, DRI2 or NV-GLX"),
        .manifest(rows: 3, source: "file:///g.plist"), .rows(total: 256),
        .manifestFailed(reason: "line 2: \"bad\"\n", source: "http://x/g.json"), .interrupted(source: "file:///g.plist"), .shareMounting(source: "sftp://nas/p"), .shareRelisted(added: 1, removed: 2, changed: 1, reason: "the share is not mounted"), .shareUnmounted(source: "smb://nas/p"), .shareMounted(source: "sftp://nas/p", outcome: "failed: Connection failed"), .folderListed(photos: 3, skipped: 2, ms: 1.5, capped: false),
        .folderChanged(added: 2, removed: 1, changed: 1, total: 4), .folderGrew(added: 9_000, total: 16_000),
        .subfoldersListed(folders: 12, unreadable: "Private\nOld"), .notFollowed(folders: 2, names: "2024/Trip\n2024/Home"), .sorted(order: "date-taken-desc", rows: 2_000, ms: 12.5, first: "IMG_0002.jpg\nIMG_0001.jpg"), .shareRedone(what: "filter"), .datesRead(fromIndex: 1_500, fromFiles: 500, ms: 840), .datesStopped(reason: "timed out after 10 s"), .filtered(shown: 42, total: 812, query: "rating>=4 tag:lisbon", ms: 12.5, queueMs: 8.5), .rowsJoined(rows: 100_000, steps: 6),
        .metadataIndex(state: "rebuilt", reason: "damaged"), .page(name: "loading"),
        .windowSize(width: 720, height: 640), .closing(by: "close"), .thumbnailSize(pixels: 256), .layout(name: "grid"), .gridColumns(count: 5), .localNetwork(action: .asked), .sandboxConsent(action: .allowed), .sandboxesEnded(count: 1), .help(uri: "help:classic-photos", reason: "no help viewer"),
        .queued(queue: .download, row: 1), .started(queue: .filtration, row: 2), .finished(queue: .download, row: 3),
        .cancelled(queue: .filtration, row: 4), .state(row: 5, state: .failed, reason: "HTTP 404 Not Found", code: .http),
        .state(row: 6, state: .filtered, reason: nil), .image(row: 7, from: .thumbnailCache, pixels: 128),
        .colour(url: "file:///p/adobe.jpg", profile: "Adobe RGB (1998)", converted: false, ignored: "it is not an RGB profile"), .http(url: "http://x/a.png", status: 304, bytes: 0),
        .evicted(row: 8), .cacheCleared, .suspended(queue: .download), .resumed(queue: .filtration),
        .scrollBegin, .scrollEnd(visible: [10, 17]), .expectedScreen(rows: [0, 6]), .visible(rows: [0, 7]), .prefetch(rows: [8, 9, 10]), .listGap(rows: [1993, 1993]),
        .firstRowsFrame(wall: 1_790_000_000.25, rowWidgets: 16), .galleryFreed(rows: 19), .frame(ms: 16.5, work: 3.25, at: 1234.5),
        .phases(wait: 0.5, update: 1.25, layout: 2, paint: 3.5, bind: 0.75, binds: 2, cpu: 6.5, waited: 1.5),
        .stall(ms: 12.5, cpu: 2.5, waiting: 10), .stall(ms: 6, cpu: nil, waiting: nil),
        .pending(downloads: 0, filtrations: 1, queued: 2),
        .viewer(row: 3, action: .opened), .fullImage(row: 3, width: 4000, height: 3000, sepia: true, from: .download, ms: 120.5),
        .viewerFailed(row: 3, reason: "larger than the limit of 256 MiB", code: .tooLarge),
        .animation(row: 4, frames: 0, action: .stopped, reason: "too long"), .animation(row: 3, frames: 12, action: .playing, reason: nil),
        .zoom(row: 3, zoom: 1.25), .turning(row: 3, angle: -45.5),
        .dependency(row: 3, on: .download), .width(queue: .download, width: 6),
        .metrics(url: "http://x/a.png", connect: 1.5, tls: 0, wait: 20.25, receive: 3),
        .inspector(open: true), .exported(path: "/tmp/t.jsonl", ok: true),
        .colorScheme(dark: true, from: "portal"), .contrast(high: true, from: "gsettings"), .textScale(factor: 1.5, from: "portal"),
        .displayProfile(name: "Swapped Red and Green", ignored: "lcms2 cannot convert to it from sRGB"),
        .saved(row: 2, path: "/home/u/Pictures/Coffee (sepia).jpg", format: .jpeg, sepia: true, reason: "the disk is full"),
        .metadata(path: "/home/u/Pictures/Coffee (sepia).jpg", kept: .failed, location: false, reason: "its details could not be read"),
        .copied(row: 2, width: 1800, height: 1200, sepia: false), .copiedFiles(rows: [1, 3], failed: 1, reason: "the disk is full"), .trash(path: "/home/me/a.jpg", step: .failed, reason: "full"), .turned(path: "/home/me/b.jpg", turn: .anticlockwise, reason: "read-only"), .marked(path: "/home/me/c.jpg", rating: 4, flag: "pick", reason: "read-only"), .turnApplied(row: 2, turn: .clockwise), .turnKept(row: 2), .marksKept(row: 3), .printed(row: 3, sepia: true, outcome: .failed, reason: "no printer"), .background(row: 4, sepia: false, uri: "file:///a.jpg", outcome: .failed, reason: "no portal"), .exportStarted(total: 300, format: .webp, sepia: true),
        .exportProgress(written: 12, failed: 1, total: 300), .exportEnded(written: 280, failed: 20, total: 300, outcome: .stopped, reason: "the disk is full"),
    ]

    func testEveryEventRoundTripsThroughItsLine() throws {
        XCTAssertEqual(Set(Self.examples.map(\.name)), Set(TraceEvent.Name.allCases), "an example of every event")
        let path = TemporaryFiles.url("trace-\(UUID().uuidString).jsonl").path
        try Self.examples.map { Trace.line($0, t: 1.5) }.joined().write(toFile: path, atomically: true, encoding: .utf8)
        let log = TraceLog(path: path)
        XCTAssertEqual(log.undecodableLines, [])
        XCTAssertEqual(log.events.map(\.event), Self.examples)
        XCTAssertEqual(log.events.first?.t, 1.5)
        for event in Self.examples {
            XCTAssertEqual(event.encoded.fields.map(\.0), TraceEvent.fields(of: event.name).filter { field in
                // A nil field is left out of the line.
                !(field == "reason" && [.state(row: 6, state: .filtered, reason: nil), .animation(row: 3, frames: 12, action: .playing, reason: nil)].contains(event))
                    && !(field == "code" && event == .state(row: 6, state: .filtered, reason: nil))
                    && !(["cpu", "waiting"].contains(field) && event == .stall(ms: 6, cpu: nil, waiting: nil))
            }, "\(event.name): fields in the declared order")
        }
        XCTAssertEqual(Trace.line(.fullImage(row: 3, width: 4, height: 5, sepia: true, from: .httpCache, ms: 1.5), t: 2),
                       "{\"t\":2.0000,\"event\":\"full-image\",\"row\":3,\"width\":4,\"height\":5,\"sepia\":true,\"from\":\"http-cache\",\"ms\":1.5}\n",
                       "names, field order and enum values as the trace has always written them")
    }

    /// The reader reads what was appended since its last read, keeps a line still being
    /// written for later, and starts over when the file is replaced.
    func testTheReaderFollowsAGrowingFile() throws {
        let path = TemporaryFiles.url("trace-\(UUID().uuidString).jsonl").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let log = TraceLog(path: path)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.write(Data((Trace.line(.scrollBegin, t: 1) + Trace.line(.evicted(row: 3), t: 2)).utf8))
        XCTAssertEqual(log.events.map(\.event), [.scrollBegin, .evicted(row: 3)])
        let next = Trace.line(.evicted(row: 4), t: 3)
        handle.write(Data(next.prefix(10).utf8))
        XCTAssertEqual(log.events.count, 2, "half a line waits")
        handle.write(Data(next.dropFirst(10).utf8))
        XCTAssertEqual(log.events.map(\.event), [.scrollBegin, .evicted(row: 3), .evicted(row: 4)])
        XCTAssertTrue(log.events.contains { $0.event == .evicted(row: 4) })
        try handle.close()
        try Trace.line(.cacheCleared, t: 1).write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(log.events.map(\.event), [.cacheCleared], "a shorter file is a new trace")
    }

    func testALineOfAnUnknownEventIsNotDecoded() throws {
        let path = TemporaryFiles.url("trace-\(UUID().uuidString).jsonl").path
        try "{\"t\":1,\"event\":\"manifest-error\",\"reason\":\"x\"}\n{\"t\":1,\"event\":\"queued\",\"queue\":\"download\"}\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(TraceLog(path: path).undecodableLines.count, 2, "an unknown event and one missing a field")
    }

    /// docs/trace.md's table is the one TraceEvent derives: every event, its fields in order, and when.
    func testTheReadmeListsEveryEventWithItsFields() throws {
        let readme = try String(contentsOf: SamplePhotos.repositoryRoot.appendingPathComponent("docs/trace.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "<!-- trace-events"))
        let end = try XCTUnwrap(readme.range(of: "<!-- end trace-events -->"))
        let block = readme[start.upperBound..<end.lowerBound]
        let table = block[block.index(after: try XCTUnwrap(block.firstIndex(of: "\n")))...].trimmingCharacters(in: .newlines)
        XCTAssertEqual(table, TraceEvent.readmeTable, "docs/trace.md's table of trace events is out of date; paste TraceEvent.readmeTable")
        XCTAssertEqual(TraceEvent.fields(of: .phases), ["wait", "update", "layout", "paint", "bind", "binds", "cpu", "waited"])
        XCTAssertEqual(TraceEvent.fields(of: .scrollBegin), [])
    }
}
