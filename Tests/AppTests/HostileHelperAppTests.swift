// Why this exists: a decoding helper taken over by a hostile photo, played by the test loader, in each way the app may run: in bubblewrap; where bubblewrap cannot run and the user allowed decoding without it; and where it cannot run and nobody allowed it. Whatever the helper tries (reach the terminal, read a user's file, fork a child to outlive the app, lift its processor limit, fill a memfd, grow the memfd its photo came in, answer a 64-pixel thumbnail with 2048² or 16384² pixels), its photo fails with the reason and the app goes on; without consent nothing is decoded, the window says why and asks, and the answer is the user's. A helper that rewrites what it hands back (a kept photo's metadata, a turned photo) gets none of it into the user's files.
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class HostileHelperAppTests: XCTestCase {
    enum Mode { case bubblewrap, allowedWithoutNamespaces, withoutNamespaces }

    /// Rows of the hostile gallery: the test loader's attacks between ordinary photos.
    static let rows: [(name: String, file: String)] = [
        ("probe", "probe.cptest"), ("good-1", "coffee.png"), ("unlimit", "unlimit.cptest"), ("good-2", "brick.png"),
        ("memfd", "memfd.cptest"), ("answer-2048", "answer-2048.cptest"), ("answer-16384", "answer-16384.cptest"), ("good-3", "camera.png"),
    ]

    func hostileGallery(_ folder: URL) throws -> (manifest: URL, environment: [String: String], secret: String) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var environment = try TestLoaderModule.environment(in: folder.appendingPathComponent("loaders"))
        environment["CLASSIC_PHOTOS_DECODE_SECONDS"] = "2"
        let secret = folder.appendingPathComponent("secret.txt")
        try Data("the user's own file\n".utf8).write(to: secret)
        try TestLoaderModule.probe(opening: secret.path).write(to: folder.appendingPathComponent("probe.cptest"))
        try TestLoaderModule.file(.unlimit).write(to: folder.appendingPathComponent("unlimit.cptest"))
        try TestLoaderModule.file(.memfd).write(to: folder.appendingPathComponent("memfd.cptest"))
        for side in [2048, 16384] { try TestLoaderModule.file(.answer(side: side)).write(to: folder.appendingPathComponent("answer-\(side).cptest")) }
        for name in ["coffee.png", "brick.png", "camera.png"] { try SamplePhotos.data(name).write(to: folder.appendingPathComponent(name)) }
        let json = "[" + Self.rows.map { "{\"name\": \"\($0.name)\", \"url\": \"\($0.file)\"}" }.joined(separator: ",") + "]"
        let manifest = folder.appendingPathComponent("hostile.json")
        try Data(json.utf8).write(to: manifest)
        return (manifest, environment, secret.path)
    }

    /// The app with a controlling terminal of its own (a pseudo-terminal, as when started from a
    /// shell), so that a helper left in the app's session could open /dev/tty and push keys into
    /// it. (A session of its own needs a process that leads no group: the app is the wrapper's
    /// child, killed with it.)
    static let withTerminal = ["/usr/bin/python3", "-c", """
        import ctypes, fcntl, os, pty, signal, sys, termios
        master, slave = pty.openpty()
        child = os.fork()
        if child == 0:
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            os.dup2(slave, 0)
            ctypes.CDLL(None).prctl(1, 9)
            os.execv(sys.argv[1], sys.argv[1:])
        signal.signal(signal.SIGTERM, lambda *_: os.kill(child, signal.SIGTERM))
        while True:
            try:
                _, status = os.waitpid(child, 0)
                break
            except InterruptedError:
                pass
        sys.exit(os.waitstatus_to_exitcode(status) & 0xFF)
        """]

    /// The app's own process: the terminal wrapper's child, once it has forked it.
    static func appPID(_ app: AppProcess) -> pid_t {
        let wrapper = app.process.processIdentifier
        var child: pid_t?
        _ = poll(timeout: 10) {
            child = ProcReaders.children(of: wrapper).first
            return child != nil
        }
        return child ?? wrapper
    }

    /// A user namespace of the app's own, where no further one may be made: bubblewrap cannot run.
    static let withoutNamespaces = ["/usr/bin/unshare", "--user", "--map-root-user", "/bin/sh", "-c",
                                    "echo 0 > /proc/sys/user/max_user_namespaces && exec setpriv --bounding-set=-all --inh-caps=-all -- \"$@\"", "sh"]

    func launch(_ mode: Mode, _ folder: URL, _ xvfb: Xvfb) throws -> (AppProcess, secret: String) {
        var (manifest, environment, secret) = try hostileGallery(folder)
        if mode == .allowedWithoutNamespaces { environment[HelperPool.consentVariable] = "1" }
        // With a terminal where the helpers decode (the question's mode finds its windows by the app's pid).
        let wrapper = (mode == .withoutNamespaces ? [] : Self.withTerminal) + (mode == .bubblewrap ? [] : Self.withoutNamespaces)
        return (try AppProcess(display: xvfb.display, arguments: [manifest.path], environment: environment, wrapper: wrapper), secret)
    }

    static let remembered = " (it has not changed since it last failed)"

    func ended(_ app: AppProcess) -> Bool { (0..<Self.rows.count).allSatisfy { [.filtered, .failed].contains(app.trace.finalStates[$0]?.state) } }

    /// What every mode that decodes must show: each attack fails its own photo with its reason.
    func assertAttacksFailed(_ app: AppProcess, probe: String, file: StaticString = #filePath, line: UInt = #line) {
        let states = app.trace.finalStates
        // A row whose work was cancelled as its photo failed (the window settling on a busy
        // machine) starts again and finds the failure the shared thumbnail cache remembers:
        // the same reason, said as remembered.
        func reason(_ row: Int) -> String? {
            states[row]?.reason.map { $0.hasSuffix(Self.remembered) ? String($0.dropLast(Self.remembered.count)) : $0 }
        }
        for row in [1, 3, 7] { XCTAssertEqual(states[row]?.state, .filtered, "row \(row) decodes", file: file, line: line) }
        XCTAssertEqual(states[0]?.reason, "not a readable image: the CPTEST data is damaged, or it is not a CPTEST file (\(probe))", file: file, line: line)
        XCTAssertEqual(reason(2), "its decoder stopped: decoding it took more than 2 s of processor time", "its limit held", file: file, line: line)
        XCTAssertEqual(reason(4), "its decoder stopped: the helper decoding it wrote more than any answer may hold", file: file, line: line)
        XCTAssertEqual(reason(5), "its decoder stopped: the helper decoding it answered with more pixels than were asked for", file: file, line: line)
        XCTAssertEqual(reason(6), "its decoder stopped: the helper decoding it wrote more than any answer may hold", file: file, line: line)
        XCTAssertTrue(app.process.isRunning, "the app is alive", file: file, line: line)
    }

    /// A process's session and controlling terminal (0: none).
    static func sessionAndTerminal(_ pid: pid_t) -> (session: Int, tty: Int)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let end = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 4, let session = Int(fields[3]), let tty = Int(fields[4]) else { return nil }
        return (session, tty)
    }

    /// Waits until the rows end, looking at every helper (and bubblewrap) seen meanwhile: each is
    /// in a session of its own, with no terminal, where the app has one. A child is judged once it
    /// runs a program of its own: between its clone and its exec it is still the app's program,
    /// and it leaves the app's session there (`CHelperIPC/spawn.c`), before exec.
    func waitWatchingSessions(_ app: AppProcess, file: StaticString = #filePath, line: UInt = #line) {
        let pid = Self.appPID(app)
        let program = { (pid: pid_t) in try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe") }
        let appProgram = URL(fileURLWithPath: AppProcess.binary).resolvingSymlinksInPath().path
        var helpers: [pid_t: (session: Int, tty: Int)] = [:]
        let ended = app.trace.wait(timeout: 90) { _ in
            for child in ProcReaders.descendants(of: pid) {
                guard let seen = Self.sessionAndTerminal(child), let running = program(child), running != appProgram else { continue }
                helpers[child] = seen
            }
            return self.ended(app)
        }
        XCTAssertTrue(ended, "every row ended: \(app.trace.finalStates) \(app.stderr.suffix(500))", file: file, line: line)
        guard let own = Self.sessionAndTerminal(pid) else { return XCTFail("the app's session", file: file, line: line) }
        XCTAssertNotEqual(own.tty, 0, "the app has a terminal", file: file, line: line)
        XCTAssertFalse(helpers.isEmpty, "helpers ran", file: file, line: line)
        for (child, helper) in helpers {
            XCTAssertNotEqual(helper.session, own.session, "helper \(child) in a session of its own", file: file, line: line)
            XCTAssertEqual(helper.tty, 0, "helper \(child) with no terminal", file: file, line: line)
        }
    }

    /// No process the test loader forked outlives the app.
    func assertNothingOutlives(file: StaticString = #filePath, line: UInt = #line) {
        let outliving = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { entry in
            Int32(entry) != nil && ((try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8)) ?? "").hasPrefix("cptest-outlive")
        }
        XCTAssertEqual(outliving, [], "a forked child outlived the app", file: file, line: line)
    }

    func testInBubblewrap() throws {
        let folder = TemporaryFiles.url("hostile-helper-bwrap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let xvfb = try Xvfb()
        let (app, _) = try launch(.bubblewrap, folder, xvfb)
        waitWatchingSessions(app)
        assertAttacksFailed(app, probe: "probe open=ENOENT socket=EPERM connect=EPERM execve=EPERM tty=ENXIO tiocsti=EPERM fork=EPERM rlimit=EPERM pdeathsig=EPERM")
        XCTAssertLessThan(ProcReaders.peakRSS(pid: Self.appPID(app)), 400, "no forged pixels were taken in")
        XCTAssertEqual(app.criticals, [])
        app.stop()
        assertNothingOutlives()
    }

    /// The memfd the app keeps for a helper's photos is the helper's to write while it holds it;
    /// one it grew is let go once it has answered, not kept by the app at that size.
    func testAMemfdTheHelperGrewIsNotKept() throws {
        let folder = TemporaryFiles.url("hostile-helper-grow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = try TestLoaderModule.environment(in: folder.appendingPathComponent("loaders"))
        try TestLoaderModule.file(.grow).write(to: folder.appendingPathComponent("grow.cptest"))
        try SamplePhotos.data("coffee.png").write(to: folder.appendingPathComponent("coffee.png"))
        let manifest = folder.appendingPathComponent("grow.json")
        try Data(#"[{"name": "grow", "url": "grow.cptest"}, {"name": "good", "url": "coffee.png"}]"#.utf8).write(to: manifest)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path], environment: environment)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in [.filtered, .failed].contains(app.trace.finalStates[0]?.state) && app.trace.finalStates[1]?.state == .filtered },
                      app.recentEvents())
        XCTAssertEqual(app.trace.finalStates[0]?.reason, "not a readable image: the CPTEST data is damaged, or it is not a CPTEST file (grow=allowed)",
                       "the helper grew the memfd its photo came in")
        // The app's memfds for photos' bytes: none holds more than a photo may (8 MB).
        let descriptors = "/proc/\(app.process.processIdentifier)/fd"
        var sizes: [Int] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? [] {
            let path = descriptors + "/" + entry
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path), target.hasPrefix("/memfd:classic-photos-bytes") else { continue }
            var info = stat()
            if stat(path, &info) == 0 { sizes.append(Int(info.st_size)) }
        }
        XCTAssertTrue(sizes.allSatisfy { $0 <= 8 << 20 }, "the app keeps no memfd the helper grew: \(sizes)")
        XCTAssertTrue(app.process.isRunning)
    }

    func testWithoutBubblewrapWhereTheUserAllowedIt() throws {
        let folder = TemporaryFiles.url("hostile-helper-allowed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let xvfb = try Xvfb()
        let (app, _) = try launch(.allowedWithoutNamespaces, folder, xvfb)
        waitWatchingSessions(app)
        // Landlock keeps it from the user's file and the terminal; the filter from the rest.
        assertAttacksFailed(app, probe: "probe open=EACCES socket=EPERM connect=EPERM execve=EPERM tty=EACCES tiocsti=EPERM fork=EPERM rlimit=EPERM pdeathsig=EPERM")
        XCTAssertTrue(app.trace.events.contains { if case .decoders("none", _?, _) = $0.event { true } else { false } }, "decoded without bubblewrap")
        XCTAssertFalse(app.trace.events.contains { $0.name == .sandboxConsent }, "allowed beforehand: not asked")
        XCTAssertTrue(poll(timeout: 15) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.hasPrefix("Photos are decoded without a sandbox (") } },
                      "the window says what is lost: \(((try? AccessibleNames.read(app)) ?? []).map(\.name))")
        XCTAssertEqual(app.criticals, [])
        app.stop()
        assertNothingOutlives()
    }

    func testWithoutBubblewrapNothingIsDecodedUntilTheUserAllowsIt() throws {
        let folder = TemporaryFiles.url("hostile-helper-closed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let xvfb = try Xvfb()
        let (app, _) = try launch(.withoutNamespaces, folder, xvfb)
        defer { app.stop() }
        // (The window's bar saying why can push the last row off the screen before it starts.)
        let shown = 0..<6
        XCTAssertTrue(app.trace.wait(timeout: 90) { _ in shown.allSatisfy { app.trace.endedState($0) != nil } },
                      "the rows on screen ended: \(app.trace.finalStates) \(app.stderr.suffix(500))")
        for (row, record) in app.trace.finalStates where app.trace.endedState(row) != nil {
            XCTAssertEqual(record.code, .notSandboxed, "row \(row): \(record)")
        }
        XCTAssertTrue(app.trace.finalStates[1]?.reason?.hasPrefix("not decoded: photos are decoded only in a sandbox, and it cannot run here (bwrap: ") == true,
                      "\(String(describing: app.trace.finalStates[1]))")
        XCTAssertFalse(app.trace.events.contains { if case .decoders = $0.event { true } else { false } }, "no helper started")
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.event == .sandboxConsent(action: .asked) } }, "the window asks")
        XCTAssertTrue(poll(timeout: 15) { app.visibleWindowTitles(on: xvfb).contains("Decode Photos Without a Sandbox?") }, "\(app.visibleWindowTitles(on: xvfb))")
        let names = ((try? AccessibleNames.read(app)) ?? []).map(\.name)
        XCTAssertTrue(names.contains { $0.hasPrefix("Photos are not decoded: the sandbox that keeps a hostile photo from your files cannot run here (") }, "\(names)")
        XCTAssertTrue(names.contains { $0.contains("could still read") || $0.contains("could read your files") }, "the dialog says what is lost: \(names)")
        // The user allows it: the helpers start without bubblewrap and the photos decode.
        try xvfb.run("xdotool", ["key", "alt+d"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.event == .sandboxConsent(action: .allowed) } }, app.recentEvents())
        XCTAssertTrue(app.trace.wait(timeout: 90) { _ in [1, 3].allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, "\(app.trace.finalStates)")
        XCTAssertEqual(try app.actionState("unsandboxed-decoding"), "true", "the menu's check item follows")
        // Withdrawn in the menu: nothing more is decoded (the viewer's photo, not decoded yet, says why).
        try app.activateAction("unsandboxed-decoding")
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.event == .sandboxConsent(action: .withdrawn) } }, app.recentEvents())
        XCTAssertEqual(try app.actionState("unsandboxed-decoding"), "false")
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        let row = try XCTUnwrap(try AccessibleNames.extents(app, ofNameStartingWith: "good-1"), "the row is on screen")
        try xvfb.run("xdotool", ["mousemove", String(row.x + row.width / 3), String(row.y + row.height / 2), "click", "1"])
        XCTAssertTrue(poll(timeout: 20) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.hasPrefix("This photo could not be shown: not decoded: photos are decoded only in a sandbox") } },
                      "the viewer says why: \(((try? AccessibleNames.read(app)) ?? []).map(\.name))")
        XCTAssertEqual(app.criticals, [])
    }

    /// Every helper rewrites what it hands back, from its start (the test loader between it and
    /// the app): an export without location gets the original's whole EXIF with another photo's
    /// bytes after it, and a turned WebP comes back as the original under a header that says it
    /// turned. The exported file has no GPS, no thumbnail and none of those bytes; the turn is
    /// refused and the photo is as it was.
    func testAHelperThatRewritesWhatItHandsBackGetsNothingIntoTheFiles() throws {
        let folder = TemporaryFiles.url("hostile-helper-rewrites-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = folder.appendingPathComponent("photos"), out = folder.appendingPathComponent("out")
        for made in [photos, out] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        let tower = try TestDetails.turnedPhotoWithPlaces("jpg", in: folder)
        try FileManager.default.moveItem(at: tower, to: photos.appendingPathComponent("a-tower.jpg"))
        // A lossless WebP with EXIF (so an extended header), wider than tall.
        let webp = photos.appendingPathComponent("b-turn.webp")
        _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "60x40", "-define", "webp:lossless=true", webp.path])
        _ = try Exiftool.run(["-overwrite_original", "-Model=Camera"], webp.path)
        let webpBefore = try Data(contentsOf: webp)
        XCTAssertEqual(webpBefore.subdata(in: 12..<16), Data("VP8X".utf8), "an extended WebP")
        var environment = try TestLoaderModule.environment(in: folder.appendingPathComponent("loaders"))
        try TestLoaderModule.tamper(in: folder.appendingPathComponent("loaders"))
        environment["CLASSIC_PHOTOS_DECODE_SECONDS"] = "5"
        let xvfb = try Xvfb()
        let exporting = try AppProcess(display: xvfb.display, arguments: ["--export-to", out.path, photos.path], environment: environment)
        XCTAssertTrue(exporting.trace.wait(timeout: 60) { $0.contains { $0.name == .exportEnded } }, exporting.recentEvents())
        XCTAssertEqual(exporting.criticals, [])
        exporting.stop()
        let exported = out.appendingPathComponent("a-tower (sepia).jpg")
        let bytes = try Data(contentsOf: exported)
        XCTAssertNil(bytes.range(of: Data("PREVIOUS PHOTO".utf8)), "none of the other photo's bytes")
        let tags = try TestDetails.readBack(exported)
        XCTAssertEqual(TestDetails.places(tags), [], "no GPS, though the helper handed it back")
        XCTAssertNil(tags["IFD1:ThumbnailImage"])
        XCTAssertEqual(tags["IFD0:Model"] as? String, "Canon EOS 5D Mark IV", "what it may keep, it keeps")

        let app = try AppProcess(display: xvfb.display, arguments: [photos.path], environment: environment)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[1]?.state == .filtered }, app.recentEvents())
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(1, 60, 40, _, _, _) = $0.event { true } else { false } } }, app.recentEvents())
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .turned } }, app.recentEvents())
        let turned = app.trace.events.compactMap { if case .turned(_, _, let reason) = $0.event { reason ?? "turned" } else { nil } }
        XCTAssertEqual(turned, ["the helper that turned it answered with another picture"])
        XCTAssertEqual(try Data(contentsOf: webp), webpBefore, "the photo is as it was")
        XCTAssertEqual(app.criticals, [])
    }
}
