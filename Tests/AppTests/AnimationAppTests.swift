// Why this exists: animated photos in the real app: a GIF plays in the viewer (frames on screen change), stops costing anything once the viewer is left, and one with 0 ms delays neither spins the CPU nor freezes the window; one of thousands of large frames holds one frame's memory, not all; with the viewer left nothing wakes the main thread.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class AnimationAppTests: XCTestCase {
    /// A GIF of `frames` frames cycling red, blue and green, each shown `delay` hundredths of a second.
    func gif(frames: Int, delay: Int, size: Int, in folder: URL) throws -> URL {
        let colours = ["#e02020", "#2040e0", "#20c040"]
        let target = folder.appendingPathComponent("anim.gif")
        var arguments = ["-delay", "\(delay)", "-size", "\(size)x\(size)"]
        for index in 0..<min(frames, 3) { arguments.append("xc:\(colours[index])") }
        arguments += ["-loop", "0", target.path]
        let made = try Tool.run("/usr/bin/convert", arguments, timeout: 120)
        XCTAssertEqual(made.status, 0, made.output)
        // More frames: the three repeated (ImageMagick takes minutes to write thousands).
        if frames > 3 { try XCTUnwrap(AnimatedGIF.repeating(try Data(contentsOf: target), frames: frames)).write(to: target) }
        return target
    }

    /// The app opened on an animation shows it in the viewer (its full image is traced).
    func waitForTheViewer(_ app: AppProcess, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { if case .fullImage(0, _, _, _, _, _) = $0.event { return true } else { return false } } },
                      "the viewer shows the animation: \(app.stderr.suffix(300))", file: file, line: line)
    }

    /// The app opened on a GIF of its own (`gif`'s arguments), showing it in the viewer; the app
    /// and its X server are stopped and the GIF's folder removed when the test ends.
    func openInTheViewer(frames: Int, delay: Int, size: Int) throws -> (xvfb: Xvfb, app: AppProcess) {
        let folder = TemporaryFiles.url("animation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let file = try gif(frames: frames, delay: delay, size: size, in: folder)
        let xvfb = try Xvfb()
        addTeardownBlock { xvfb.stop() }
        let app = try AppProcess(display: xvfb.display, arguments: [file.path])
        addTeardownBlock { app.stop() }
        waitForTheViewer(app)
        return (xvfb, app)
    }

    /// The main thread's CPU time (clock ticks) and how often it woke up (voluntary switches;
    /// the test environment's accessibility bus may wake it now and then, so wake-ups are
    /// asserted only against a frame clock's 60 a second).
    func mainThread(_ app: AppProcess) -> (ticks: Int, wakeups: Int) {
        let pid = app.process.processIdentifier
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/stat", encoding: .utf8)) ?? ""
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        let ticks = fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
        let status = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        let wakeups = line.flatMap { Int($0.split(separator: "\t").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "") } ?? 0
        return (ticks, wakeups)
    }

    func testAGIFPlaysInTheViewerAndCostsNothingOnceTheViewerIsLeft() throws {
        // Fast frames (20 ms), so a playback left running would show plainly in the wake-ups.
        let (xvfb, app) = try openInTheViewer(frames: 3, delay: 2, size: 600)
        // The middle of the photo, over a second: more than one frame's colour.
        var seen: Set<String> = []
        let path = app.directory.appendingPathComponent("frame.png").path
        for _ in 0..<12 {
            try xvfb.screenshot(to: path)
            let screen = try Screenshot(path: path)
            let (r, g, b) = screen.rgb(x: 345, y: 340)
            seen.insert("\(r / 16),\(g / 16),\(b / 16)")
            usleep(90_000)
        }
        XCTAssertGreaterThanOrEqual(seen.count, 2, "the frames change on screen: \(seen)")

        // Back to the list: the animation stops; the main thread sleeps.
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb), "key", "Escape"])
        XCTAssertTrue(app.trace.wait(timeout: 15) { $0.contains { $0.event == .viewer(row: 0, action: .closed) } }, "the viewer closed")
        sleep(1)
        let before = mainThread(app)
        sleep(4)
        let after = mainThread(app)
        // Clock ticks of 10 ms: at rest 0; an animation left playing uses about 22 over these 4 s.
        XCTAssertLessThanOrEqual(after.ticks - before.ticks, 2, "at rest with the viewer left, the main thread uses no CPU (clock ticks of 10 ms)")
        // Wake-ups: at rest 0; a frame clock left running (a hidden progress bar still pulsing:
        // 3–7 ticks, not always over the line above) wakes it about 400 times in 4 s.
        XCTAssertLessThanOrEqual(after.wakeups - before.wakeups, 40, "at rest with the viewer left, the main thread sleeps (no frame clock running)")
        XCTAssertEqual(app.criticals, [])
    }

    func testAnAnimationOf10000ZeroDelayFramesNeitherSpinsNorFreezes() throws {
        let (xvfb, app) = try openInTheViewer(frames: 10_000, delay: 0, size: 32)
        sleep(1)
        let before = mainThread(app)
        sleep(2)
        let after = mainThread(app)
        // Clock ticks are hundredths of a second: a spinning main thread would use about 200.
        XCTAssertLessThan(after.ticks - before.ticks, 100, "0 ms delays play at 100 ms a frame, not flat out")
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb), "key", "Escape"])
        XCTAssertTrue(app.trace.wait(timeout: 15) { $0.contains { $0.event == .viewer(row: 0, action: .closed) } }, "the window still answers")
        XCTAssertEqual(app.criticals, [])
    }

    /// 1,500 frames of 400 × 400 (960 MB if every frame were held decoded): the viewer plays it
    /// holding the frame shown, and the app stays within its usual few hundred MB.
    func testThousandsOfLargeFramesHoldOneFrameNotAll() throws {
        let (_, app) = try openInTheViewer(frames: 1_500, delay: 5, size: 400)
        sleep(3)
        let resident = ProcReaders.currentRSS(pid: app.process.processIdentifier)
        XCTAssertLessThan(resident, 400, "resident memory while it plays: \(resident) MB")
        XCTAssertEqual(app.criticals, [])
    }

    /// The viewer's animation is read on the viewer queue, in chunks, within the limits: an
    /// ordinary 39 MB GIF (60 frames of 800 × 600 noise; fed to its loader whole, reading it held
    /// a core for a minute after the still was shown) plays within seconds, and one whose frames
    /// are too large to play shows still while the window and the trace say why.
    func testALargeGIFIsReadInChunksAndOneTooLargeToPlaySaysWhy() throws {
        let folder = TemporaryFiles.url("animation-large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let noise = folder.appendingPathComponent("a-noise.gif")
        let made = try Tool.run("/usr/bin/convert", ["-delay", "10", "-size", "800x600", "xc:", "+noise", "Random", "xc:", "+noise", "Random",
                                                     "-colors", "256", "-loop", "0", noise.path], timeout: 120)
        XCTAssertEqual(made.status, 0, made.output)
        let large = try XCTUnwrap(AnimatedGIF.repeating(try Data(contentsOf: noise), frames: 60))
        XCTAssertGreaterThan(large.count, 30 << 20, "a large file: \(large.count) bytes")
        try large.write(to: noise)
        let huge = folder.appendingPathComponent("b-huge.gif")
        try XCTUnwrap(AnimatedGIF.repeating(try HostileImages.written("gif", width: 2_100, height: 2_100), frames: 2)).write(to: huge)

        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let app = try AppProcess(display: xvfb.display, arguments: [noise.path])
        defer { app.stop() }
        waitForTheViewer(app)
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .animation(row: 0, frames: 60, action: .playing, reason: nil) } },
                      "the animation plays: \(app.recentEvents())")

        // The next photo.
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window, "key", "Right"])
        let reason = "its frames (2100 × 2100) are larger than the 4 megapixels that are played"
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .animation(row: 1, frames: 0, action: .stopped, reason: reason) } },
                      "the large one does not play, and the trace says why: \(app.recentEvents())")
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "This animation does not play: " + reason, timeout: 15), "the window says why")
        XCTAssertEqual(app.criticals, [])
    }
}
