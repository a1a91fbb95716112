// Why this exists: what the app-level benchmarks share: the real (release) app under Xvfb, launched on a 2,000-row gallery of 2–12 MP photos served from 127.0.0.1 with 100 ms latency, its start-up timed at every launch.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import PhotoTrace

public final class AppBench {
    let xvfb: Xvfb
    let server: TestServer
    /// The sample photos, small (the paging benchmark).
    let sampleServer: TestServer
    let binary: String
    let repetitions: Int
    let scrollSeconds: Double
    /// Launch → first frame with rows, from every default launch (no renderer forced).
    private(set) var startups: [Double] = []
    /// Each probed launch's stall log (the preloaded sampler's), by its app.
    var stallLogs: [ObjectIdentifier: StallLog] = [:]
    /// Whether each program launched carries a stall sampler of its own (an older build).
    private var samplesItself: [String: Bool] = [:]
    /// Where to write `perf record` profiles of the app while it scrolls (`--perf DIR`), if anywhere.
    public var perfDirectory: String?
    /// Another build of the app (`--baseline-app PATH`, say the commit before a change): the
    /// responsiveness benchmark then scrolls it too, right after this build in every
    /// repetition, and reports this build against it run by run (before and after, side by side).
    public var baselineBinary: String?
    /// The same app linked to the toolchain's shared Swift libraries (`--dynamic-app PATH`): its
    /// start-up is measured launch by launch beside this (self-contained) build's.
    public var dynamicBinary: String?
    /// Only these scrolling modes (`--scroll-modes "normal;normal, inspector open"`), to measure
    /// one comparison quickly; nil runs them all.
    public var scrollModeNames: Set<String>?

    /// `windowManager`: announce one on the display, as every desktop session has (false:
    /// `--no-window-manager`, a bare X server, where GDK asks the server for one on every frame).
    public init(photos: LargePhotos, binary: String, repetitions: Int, scrollSeconds: Double, windowManager: Bool = true) throws {
        xvfb = try Xvfb()
        if windowManager, !xvfb.announceWindowManager() {
            throw BenchError("could not announce a window manager on \(xvfb.display) (Scripts/wm-check-window.py)")
        }
        server = try TestServer(route: photos.route())
        sampleServer = try TestServer(route: SamplePhotos.route)
        self.binary = binary
        self.repetitions = repetitions
        self.scrollSeconds = scrollSeconds
    }

    var galleryURL: String { server.baseURL.absoluteString + "/gallery.json?count=2000&delay=100" }

    /// Launch the app on the gallery and wait for its first screen to be chosen.
    /// `busEnvironment`: what the bus's services (GVfs's daemons) get besides (a share's agent).
    func launch(_ arguments: [String] = [], probe: Bool = false, manifest: String? = nil,
                environment extra: [String: String] = [:], executable: String? = nil, busEnvironment: [String: String] = [:]) throws -> AppProcess {
        // Naive mode loads every bound row before its first frame: not a start-up figure; nor is
        // another build's, nor one with a renderer forced.
        let forced = !(extra["GSK_RENDERER"] ?? "").isEmpty
        let countsForStartup = !arguments.contains("--naive") && executable == nil && !forced
        // As a user launches it from a desktop session, whose portal and accessibility bus run
        // already (GTK asks for both as it starts; a fresh bus would start them on the clock).
        // (A share's: in a folder with a short path, where GVfs's sftp backend keeps ssh's socket.)
        let bus = try SessionBus(shortPath: !busEnvironment.isEmpty)
        let missing = bus.startServices(SessionBus.desktopServices, environment: ["DISPLAY": xvfb.display, "GDK_BACKEND": "x11"].merging(busEnvironment) { $1 })
        if !missing.isEmpty { FileHandle.standardError.write(Data("bench: could not start \(missing) before the launch\n".utf8)) }
        // No GSK_RENDERER (the app chooses), unless `extra` forces one.
        var environment = ["CLASSIC_PHOTOS_PROBE": probe ? "1" : "0", "G_DEBUG": "", "GSK_RENDERER": ""]
        // With the probe, the stall sampler preloaded: the main thread's stacks in each stall. (Not
        // into a build from before fa9fb19, which samples itself: two samplers in one process
        // fight over the main loop's poll and the signal, and it crashed.)
        let program = executable ?? binary
        if samplesItself[program] == nil { samplesItself[program] = StallLog.samplesItself(program) }
        let stallLog = probe && samplesItself[program] == false ? StallLog.make() : nil
        for (key, value) in stallLog?.environment ?? [:] { environment[key] = value }
        for (key, value) in extra { environment[key] = value }
        let app = try AppProcess(display: xvfb.display, arguments: arguments + [manifest ?? galleryURL],
                                 environment: environment, executable: executable ?? binary, bus: bus)
        stallLogs[ObjectIdentifier(app)] = stallLog
        guard app.waitForFirstRows(timeout: 60) else {
            throw BenchError("the app showed no rows: \(app.stderr.suffix(500))")
        }
        if countsForStartup, case .firstRowsFrame(let wall, _)? = app.trace.events.first(where: { $0.name == .firstRowsFrame })?.event {
            startups.append((wall - app.spawnedAt) * 1000)
        }
        return app
    }

    func events(_ app: AppProcess, _ name: TraceEvent.Name) -> [TraceRecord] { app.trace.events.filter { $0.name == name } }

    /// Launch → first frame with rows, over every launch of the run.
    public func startup() throws -> [Result] {
        // Alone (`--only startup`) there are no other launches to count: no row rather than an empty miss.
        var results = startups.isEmpty ? [] : [
            Result(name: "launch → first frame with rows", unit: "ms", values: startups, target: "≤ 300", met: { $0 <= 300 },
                   note: "every default launch of this run (no renderer forced) but naive mode's (the 2,000-row gallery over HTTP, big local manifests, warm caches)")]
        guard let dynamicBinary else { return results }
        // The sample gallery, each build launched in turn, so both see the same machine.
        var selfContained: [Double] = [], shared: [Double] = []
        func firstFrame(_ executable: String) throws -> Double? {
            let app = try launch(manifest: SamplePhotos.sampleManifest.path, executable: executable)
            defer { app.stop() }
            guard case .firstRowsFrame(let wall, _)? = app.trace.events.first(where: { $0.name == .firstRowsFrame })?.event else { return nil }
            return (wall - app.spawnedAt) * 1000
        }
        // Which goes first alternates, so neither build always meets a cache the other warmed.
        for pair in 0..<max(repetitions, 5) * 2 {
            let first = pair.isMultiple(of: 2) ? binary : dynamicBinary, second = first == binary ? dynamicBinary : binary
            guard let a = try firstFrame(first), let b = try firstFrame(second) else { continue }
            selfContained.append(first == binary ? a : b)
            shared.append(first == binary ? b : a)
        }
        results += [
            Result(name: "launch → first frame with rows, sample gallery, self-contained build", unit: "ms", values: selfContained),
            Result(name: "launch → first frame with rows, sample gallery, linked to the toolchain's Swift", unit: "ms", values: shared),
            Result(name: "… self-contained ÷ linked, launch by launch", unit: "×", values: zip(selfContained, shared).map { $0 / $1 },
                   target: "≤ 1.1", met: { $0 <= 1.1 }),
        ]
        return results
    }
}

public struct BenchError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension AppBench {
    /// A folder of the run's temporary files named `name`, made by `make` the first time it is
    /// asked for in a run (a hidden `.complete` marks it whole), then reused.
    func madeOnce(_ name: String, _ make: (URL) throws -> Void) throws -> URL {
        let folder = TemporaryFiles.url(name)
        let done = folder.appendingPathComponent(".complete")
        if FileManager.default.fileExists(atPath: done.path) { return folder }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try make(folder)
        _ = FileManager.default.createFile(atPath: done.path, contents: nil)
        return folder
    }
}
