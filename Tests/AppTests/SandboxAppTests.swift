// Why this exists: photos are parsed only in sandboxed helpers: after the app has shown every format (HEIC, AVIF, WebP, SVG, GIF, an animation), no decoder library is mapped in the app's own process; a loader that crashes, allocates without end or loops fails only its own photo, with its reason, and a fresh helper decodes the next; inside a helper, opening a user's file, a socket and running a program are refused; without user namespaces photos still decode and the window says what is lost; a sandbox a killed run left behind is ended at the next launch.
import Foundation
import GLibRuntime
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class SandboxAppTests: XCTestCase {
    /// Decoder libraries that must never be mapped in the app (librsvg is, for GTK's own icons;
    /// libwebp is where GTK's libtiff links it: see `linkedByGTK`).
    static let decoderLibraries = ["libheif", "libde265", "libdav1d", "libaom", "libwebp", "libpixbufloader"]

    /// Libraries GTK itself brings into every GTK app: bookworm's libtiff (which GTK links for its
    /// own TIFF textures) links libwebp. The app never hands them a photo: the loader modules
    /// that would (libpixbufloader-webp) must not be mapped.
    static func linkedByGTK() throws -> Set<String> {
        let tiff = try Tool.run("/usr/bin/ldd", ["/usr/lib/x86_64-linux-gnu/libtiff.so.6"])
        return tiff.output.contains("libwebp") ? ["libwebp"] : []
    }

    /// The decoder libraries `pid` has mapped.
    static func decoderLibrariesMapped(by pid: pid_t) -> Set<String> {
        guard let maps = HelperLaunch.procFile("/proc/\(pid)/maps") else { return [] }
        return Set(decoderLibraries.filter { maps.contains("/\($0)") })
    }

    func testDecodersAreMappedOnlyInHelpers() throws {
        let folder = try FormatsAppTests.formatFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let animation = folder.appendingPathComponent("a-anim.gif")
        let made = try Tool.run("/usr/bin/convert", ["-delay", "10", "-size", "64x64", "xc:red", "xc:blue", "xc:green", "-loop", "0", animation.path])
        XCTAssertEqual(made.status, 0, made.output)
        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let app = try AppProcess(display: xvfb.display, arguments: [animation.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { $0.event == TraceEvent.animation(row: 0, frames: 3, action: .playing, reason: nil) } },
                      "the animation plays: \(app.recentEvents())")
        // Every other photo, full size in the viewer: AVIF, BMP, GIF, HEIC, ICO, TIFF, WebP, two drawings.
        let window = try app.mainWindow(on: xvfb)
        for row in 1...9 {
            try xvfb.run("xdotool", ["windowfocus", "--sync", window, "key", "Right"])
            XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { if case .fullImage(row, _, _, _, _, _) = $0.event { return true } else { return false } } },
                          "row \(row) is shown: \(app.recentEvents())")
        }
        let pid = app.process.processIdentifier
        let gtks = try Self.linkedByGTK()
        // But GTK's SVG loader, which GTK 4.8 maps for its own SVG-only icons (Adwaita's
        // `process-working-symbolic`: the spinner a slow gallery shows). It is handed no photo:
        // shipping code cannot decode in the app's process (`Decoders.here` is `@_spi(InProcess)`),
        // and the drawings shown here map it in the helpers (below).
        XCTAssertEqual(app.mapped(Self.decoderLibraries).filter { file in file != "libpixbufloader-svg.so" && !gtks.contains { file.hasPrefix("\($0).") } }, [],
                       "the app's own process maps no decoder")
        XCTAssertEqual(app.parsersMapped(), [], "the app's own process maps no parser")
        // They are mapped, in its helpers.
        let helpers = ProcReaders.descendants(of: pid).map(Self.decoderLibrariesMapped(by:)).reduce(Set<String>()) { $0.union($1) }
        XCTAssertTrue(helpers.isSuperset(of: ["libheif", "libwebp", "libpixbufloader"]), "the helpers decode: \(helpers)")
        let helperFiles = ProcReaders.descendants(of: pid).map { app.mapped(in: $0, ["libpixbufloader-svg"]) }.reduce(Set<String>()) { $0.union($1) }
        XCTAssertEqual(helperFiles, ["libpixbufloader-svg.so"], "the drawings are decoded in the helpers")
        XCTAssertTrue(app.trace.events.contains { if case .decoders(let sandbox, let reason, _) = $0.event { return sandbox == "bubblewrap" && reason == nil } else { return false } },
                      "helpers run in bubblewrap")
        XCTAssertEqual(app.criticals, [])
    }

    /// The app's program names none of the photo parsers' libraries (`readelf -d`); the helper's
    /// program, a program of its own, names them.
    func testOnlyTheHelpersProgramLinksTheParsers() throws {
        func needed(_ program: String) throws -> Set<String> {
            let read = try Tool.run("/usr/bin/readelf", ["-d", program])
            XCTAssertEqual(read.status, 0, read.output)
            return Set(read.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
                line.split(separator: "[").last?.split(separator: ".").first.map(String.init) })
        }
        let parsers: Set<String> = ["libwebp", "libexiv2", "libgexiv2", "libraw_r", "libjxl", "libavif"]
        XCTAssertEqual(try needed(AppProcess.binary).intersection(parsers), [], "the app's program")
        XCTAssertTrue(try needed(AppProcess.helperBinary).isSuperset(of: ["libgexiv2", "libwebp"]), "the helper's program links them")
        // libraw, libjxl and libavif it opens when a photo needs one (CCameraCodecs/camera_libraries.h): not named.
        XCTAssertEqual(try needed(AppProcess.helperBinary).intersection(["libraw_r", "libjxl", "libavif"]), [], "the helper opens the camera codecs itself")
    }

    /// A gallery whose photos make the test loader crash, allocate and loop, and probe its
    /// sandbox, between ordinary photos.
    func misbehavingGallery(_ folder: URL) throws -> (manifest: URL, environment: [String: String]) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var environment = try TestLoaderModule.environment(in: folder.appendingPathComponent("loaders"))
        environment["CLASSIC_PHOTOS_DECODE_SECONDS"] = "2"
        for behaviour in TestLoaderModule.Behaviour.allCases {
            try TestLoaderModule.file(behaviour).write(to: folder.appendingPathComponent("\(behaviour.rawValue).cptest"))
        }
        let secret = folder.appendingPathComponent("secret.txt")
        try Data("the user's own file\n".utf8).write(to: secret)
        try TestLoaderModule.probe(opening: secret.path).write(to: folder.appendingPathComponent("probe.cptest"))
        for name in ["coffee.png", "brick.png", "camera.png", "cell.png"] {
            try SamplePhotos.data(name).write(to: folder.appendingPathComponent(name))
        }
        let rows = [("crash", "crash.cptest"), ("good-1", "coffee.png"), ("alloc", "alloc.cptest"), ("good-2", "brick.png"),
                    ("loop", "loop.cptest"), ("good-3", "camera.png"), ("probe", "probe.cptest"), ("good-4", "cell.png")]
        let json = "[" + rows.map { "{\"name\": \"\($0.0)\", \"url\": \"\($0.1)\"}" }.joined(separator: ",") + "]"
        let manifest = folder.appendingPathComponent("misbehaving.json")
        try Data(json.utf8).write(to: manifest)
        return (manifest, environment)
    }

    func testAHelperThatDiesFailsOnlyItsPhoto() throws {
        let folder = TemporaryFiles.url("sandbox-misbehaving-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (manifest, environment) = try misbehavingGallery(folder)
        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path], environment: environment)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 90) { _ in (0..<8).allSatisfy { [.filtered, .failed].contains(app.trace.finalStates[$0]?.state) } },
                      "every row ended: \(app.trace.finalStates)")
        let states = app.trace.finalStates
        for row in [1, 3, 5, 7] { XCTAssertEqual(states[row]?.state, .filtered, "row \(row): \(String(describing: states[row]))") }
        XCTAssertEqual(states[0]?.code, .decoderStopped)
        XCTAssertEqual(states[0]?.reason, "its decoder stopped: the helper decoding it crashed (SIGSEGV)")
        XCTAssertEqual(states[2]?.code, .decoderStopped)
        XCTAssertTrue(states[2]?.reason?.hasPrefix("its decoder stopped: the helper decoding it ran out of the ") == true, "\(String(describing: states[2]))")
        XCTAssertEqual(states[4]?.code, .decoderStopped)
        XCTAssertEqual(states[4]?.reason, "its decoder stopped: decoding it took more than 2 s of processor time")
        // Inside the helper: the user's file is not there, and sockets and programs are refused.
        XCTAssertEqual(states[6]?.reason, "not a readable image: the CPTEST data is damaged, or it is not a CPTEST file (probe open=ENOENT socket=EPERM connect=EPERM execve=EPERM tty=ENXIO tiocsti=EPERM fork=EPERM rlimit=EPERM pdeathsig=EPERM)")

        // Each death was replaced: at least three helpers started after the first, and a photo
        // was decoded after the last death.
        let starts = app.trace.events.compactMap { if case .decoders(_, _, let started) = $0.event { return started } else { return nil } }
        XCTAssertGreaterThanOrEqual(starts.max() ?? 0, 4, "helpers started: \(starts)")

        // Not retried in a loop: each failed photo was decoded once.
        sleep(2)
        for row in [0, 2, 4] {
            let runs = app.trace.events.filter { $0.event == .started(queue: .download, row: row) }.count
            XCTAssertEqual(runs, 1, "row \(row) ran \(runs) times")
        }
        XCTAssertTrue(app.process.isRunning, "the app is alive")

        // The viewer says what happened.
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        let row = try XCTUnwrap(try AccessibleNames.extents(app, ofNameStartingWith: "crash"), "the row is on screen")
        try xvfb.run("xdotool", ["mousemove", String(row.x + row.width / 3), String(row.y + row.height / 2), "click", "1"])
        let said = "This photo could not be shown: its decoder stopped: the helper decoding it crashed (SIGSEGV)"
        XCTAssertTrue(poll(timeout: 15) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name == said } },
                      "the viewer's message: \(((try? AccessibleNames.read(app)) ?? []).map(\.name))")
        // The next photo, after every death, is decoded by a helper that replaced one.
        let lastDeath = app.trace.events.filter { if case .state(_, .failed, _, .decoderStopped?) = $0.event { return true } else { return false } }.map(\.t).max() ?? 0
        try xvfb.run("xdotool", ["windowfocus", "--sync", window, "key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { if case .fullImage(1, _, _, _, _, _) = $0.event { return $0.t > lastDeath } else { return false } } },
                      "the next photo is shown: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }

    /// Without user namespaces bubblewrap cannot make its sandbox: the helpers run as processes
    /// of their own, with their filter and limits, photos decode, and the window says what is lost.
    func testWithoutUserNamespacesPhotosDecodeAndTheWindowSaysSo() throws {
        let folder = TemporaryFiles.url("sandbox-no-userns-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var (manifest, environment) = try misbehavingGallery(folder)
        environment[HelperPool.consentVariable] = "1"
        // A user namespace of the app's own, where no further one may be made, and no capability is kept.
        let wrapper = ["/usr/bin/unshare", "--user", "--map-root-user", "/bin/sh", "-c",
                       "echo 0 > /proc/sys/user/max_user_namespaces && exec setpriv --bounding-set=-all --inh-caps=-all -- \"$@\"", "sh"]
        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path], environment: environment, wrapper: wrapper)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 90) { _ in [1, 3, 6, 7].allSatisfy { [.filtered, .failed].contains(app.trace.finalStates[$0]?.state) } },
                      "the rows ended: \(app.trace.finalStates) \(app.stderr.suffix(500))")
        for row in [1, 3, 7] { XCTAssertEqual(app.trace.finalStates[row]?.state, .filtered, "row \(row) decodes") }
        let unsandboxed = app.trace.events.compactMap { if case .decoders(let sandbox, let reason?, _) = $0.event, sandbox == "none" { return reason } else { return nil } }
        XCTAssertFalse(unsandboxed.isEmpty, "the trace says the helpers run without bubblewrap: \(app.recentEvents())")
        XCTAssertTrue(unsandboxed.first?.contains("bwrap") == true, "and why: \(unsandboxed)")
        // What is lost: the user's files. What is not: the filter. (Row 6 can leave the screen as
        // the notice above the list shows, after its probe ran: shown again, its failure is
        // remembered, "(it has not changed since it last failed)".)
        let probe = "not a readable image: the CPTEST data is damaged, or it is not a CPTEST file (probe open=EACCES socket=EPERM connect=EPERM execve=EPERM tty=EACCES tiocsti=EPERM fork=EPERM rlimit=EPERM pdeathsig=EPERM)"
        XCTAssertTrue(app.trace.finalStates[6]?.reason?.hasPrefix(probe) == true, "\(String(describing: app.trace.finalStates[6]?.reason))")
        XCTAssertTrue(poll(timeout: 15) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.hasPrefix("Photos are decoded without a sandbox (") } },
                      "the window says so: \(((try? AccessibleNames.read(app)) ?? []).map(\.name))")
        XCTAssertEqual(app.criticals, [])
    }

    /// A sandbox an earlier run left behind (the app killed as a helper started, bubblewrap's
    /// outer process with it) is ended at the next launch, with what runs in it. (Apps other
    /// tests launch meanwhile may end it first: each sweeps at launch.)
    func testASandboxLeftBehindByAKilledRunIsEndedAtTheNextLaunch() throws {
        let helper = URL(fileURLWithPath: AppProcess.helperBinary).resolvingSymlinksInPath().path
        let outer = try ChildProcess("/usr/bin/bwrap", ["--unshare-pid", "--ro-bind", "/", "/", "--ro-bind", helper, helper, "--", "/bin/sleep", "120"])
        defer { outer.stop(grace: 1) }
        var orphan: pid_t?
        XCTAssertTrue(poll(timeout: 10) {
            orphan = ProcReaders.children(of: outer.processIdentifier).first
            return orphan != nil
        }, "the sandbox's first process")
        let left = try XCTUnwrap(orphan)
        func ended() -> Bool { ProcReaders.hasEnded(left) }
        outer.signal(SIGKILL)
        XCTAssertTrue(outer.wait(timeout: 10))
        XCTAssertFalse(ended(), "left behind")

        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let app = try AppProcess(display: xvfb.display, arguments: [SamplePhotos.sampleManifest.path])
        defer { app.stop() }
        XCTAssertTrue(poll(timeout: 30) { ended() }, "the launch ended the sandbox left behind: \(app.recentEvents())")
        XCTAssertTrue(app.waitForFirstRows(timeout: 60), "and the app goes on")
        XCTAssertEqual(app.criticals, [])
    }

    /// Without the helper's program (a copied or broken install), each photo fails saying so,
    /// and the sandbox is not taken for one that cannot run: no consent is asked for.
    func testAMissingHelperProgramIsSaidAsThat() throws {
        let pool = HelperPool(launch: HelperLaunch(executable: "/nonexistent/classic-photos-helper"), size: 1)
        defer { pool.stopAll() }
        let asked = Locked(false)
        pool.onUnavailable = { _ in asked.withLock { $0 = true } }
        var report = ImageDecoder.Report()
        XCTAssertThrowsError(try ImageDecoder(maxDimension: 64).decode(in: pool, SamplePhotos.data("coffee.png"), report: &report)) { error in
            XCTAssertEqual("\(error)", "its decoder stopped: the helper that decodes photos could not start: its program is missing (/nonexistent/classic-photos-helper)")
        }
        XCTAssertFalse(asked.withLock { $0 }, "bubblewrap is not said to be unable to run")
    }

    /// Photos of different origins never share a helper: a helper serves the origin it was
    /// first lent to, for its life; another origin gets a helper of its own, replacing the one
    /// idle longest when the pool is full (two for the list and one kept for the viewer).
    func testHelpersAreKeptApartByOrigin() throws {
        let pool = HelperPool(launch: HelperLaunch(executable: AppProcess.helperBinary), size: 2)
        defer { pool.stopAll() }
        let photo = SamplePhotos.data("coffee.png")
        func decode(_ origin: String) throws {
            var decoder = ImageDecoder(maxDimension: 64)
            decoder.origin = origin
            var report = ImageDecoder.Report()
            _ = try decoder.decode(in: pool, photo, report: &report)
        }
        try decode("https://a.example:")
        XCTAssertEqual(pool.startedCount, 1)
        try decode("https://a.example:")
        XCTAssertEqual(pool.startedCount, 1, "the same origin's next photo: the same helper")
        try decode("https://b.example:")
        XCTAssertEqual(pool.startedCount, 2, "another origin: another helper")
        try decode("https://a.example:")
        try decode("https://b.example:")
        XCTAssertEqual(pool.startedCount, 2, "each origin back to its own helper")
        try decode("file:")
        try decode("file:")
        try decode("https://a.example:")
        XCTAssertEqual(pool.startedCount, 3, "three origins, three helpers")
        try decode("https://c.example:")
        XCTAssertEqual(pool.startedCount, 4, "a fourth origin with the pool full: the helper idle longest (b's) is replaced, not shared")
        try decode("https://b.example:")
        XCTAssertEqual(pool.startedCount, 5, "the origin whose helper was replaced gets a new one")
    }

    /// An export's helpers are a lane of their own: with the list's lane full (two origins and
    /// the viewer's), an export's photo gets a helper beside them, replacing none; and the list's
    /// origins then find their helpers still there. Once the export ends, its idle helpers stop.
    func testAnExportsHelpersReplaceNoneOfTheLists() throws {
        let pool = HelperPool(launch: HelperLaunch(executable: AppProcess.helperBinary), size: 2)
        defer { pool.stopAll() }
        let photo = SamplePhotos.data("coffee.png")
        func decode(_ origin: String, forExport: Bool = false) throws {
            var decoder = ImageDecoder(maxDimension: 64)
            decoder.origin = origin
            decoder.forExport = forExport
            var report = ImageDecoder.Report()
            _ = try decoder.decode(in: pool, photo, report: &report)
        }
        for origin in ["file:", "https://a.example:", "https://b.example:"] { try decode(origin) }
        XCTAssertEqual(pool.startedCount, 3, "the list's lane full")
        try decode("file:", forExport: true)
        XCTAssertEqual(pool.startedCount, 4, "an export's photo: a helper of its own")
        for origin in ["file:", "https://a.example:", "https://b.example:"] { try decode(origin) }
        try decode("file:", forExport: true)
        XCTAssertEqual(pool.startedCount, 4, "neither lane replaced the other's helpers")
        pool.stopIdleExportHelpers()
        try decode("file:", forExport: true)
        XCTAssertEqual(pool.startedCount, 5, "the ended export's helper was stopped")
        try decode("file:")
        XCTAssertEqual(pool.startedCount, 5, "and the list's kept")
    }

    /// As every real user runs the app: bubblewrap's sandbox made without privileges (setpriv to
    /// nobody), and the same failures contained.
    func testTheSandboxWorksForAnUnprivilegedUser() throws {
        let folder = URL(fileURLWithPath: "/tmp/classic-photos-unprivileged-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, environment) = try misbehavingGallery(folder)
        _ = try Tool.run("/bin/chmod", ["-R", "a+rX", folder.path])
        let probe = URL(fileURLWithPath: AppProcess.binary).deletingLastPathComponent().appendingPathComponent("SandboxProbe").path
        let files = ["coffee.png", "crash.cptest", "alloc.cptest", "loop.cptest", "probe.cptest", "brick.png"].map { folder.appendingPathComponent($0).path }
        let variables = environment.map { "\($0.key)=\($0.value)" } + ["HOME=/tmp", "PATH=/usr/bin:/bin"]
        let run = try Tool.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "env", "-i"] + variables
                               + [probe, AppProcess.helperBinary] + files, timeout: 120)
        XCTAssertEqual(run.status, 0, run.output)
        let lines = Dictionary(uniqueKeysWithValues: run.output.split(separator: "\n").map { line -> (String, [String]) in
            let fields = line.split(separator: "\t").map(String.init)
            return ((fields.first.map { ($0 as NSString).lastPathComponent }) ?? "", Array(fields.dropFirst()))
        })
        XCTAssertEqual(lines["coffee.png"]?.first, "decoded", run.output)
        XCTAssertEqual(lines["brick.png"]?.first, "decoded", "the last photo, after three deaths: \(run.output)")
        XCTAssertEqual(lines["crash.cptest"], ["failed", "decoder-stopped", "its decoder stopped: the helper decoding it crashed (SIGSEGV)"])
        XCTAssertEqual(lines["alloc.cptest"]?.prefix(2), ["failed", "decoder-stopped"])
        XCTAssertEqual(lines["loop.cptest"], ["failed", "decoder-stopped", "its decoder stopped: decoding it took more than 2 s of processor time"])
        XCTAssertEqual(lines["probe.cptest"], ["failed", "undecodable", "not a readable image: the CPTEST data is damaged, or it is not a CPTEST file (probe open=ENOENT socket=EPERM connect=EPERM execve=EPERM tty=ENXIO tiocsti=EPERM fork=EPERM rlimit=EPERM pdeathsig=EPERM)"])
        XCTAssertEqual(lines["sandbox"], ["bubblewrap"], run.output)
        // Made non-dumpable as the app makes itself: another process of the same user cannot read its environment.
        XCTAssertEqual(lines["memory"], ["refused"], run.output)
        XCTAssertEqual(lines["started"], ["4"], "one helper, and one for each death")
    }
}
