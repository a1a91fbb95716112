// Why this exists: runs the real classic-photos binary under Xvfb and its own D-Bus session, with a trace and G_DEBUG=fatal-criticals.
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import PhotoTrace

public final class AppProcess {
    public let process: ChildProcess
    public let trace: TraceLog
    public let stderrPath: String
    public let directory: URL
    private let bus: SessionBus
    /// Wall-clock time (seconds since 1970) just before the app was started: what a launch's
    /// time to its first frame counts from (the session bus and its services come before).
    public let spawnedAt: Double

    /// The built app: next to the test bundle, or $CLASSIC_PHOTOS_BINARY.
    public static var binary: String {
        if let path = ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_BINARY"] { return path }
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("classic-photos").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return SamplePhotos.repositoryRoot.appendingPathComponent(".build/debug/classic-photos").path
    }

    /// The built decoding helper's program, beside the app's.
    public static var helperBinary: String { HelperLaunch.helperExecutable(besideApp: binary) }

    /// `isolatedNetwork`: run the app in a network namespace of its own (`unshare -n`), where
    /// not even loopback is up: no packet can leave, so name lookups fail at once.
    /// `wrapper`: a command the app runs under (it ends with the app's own command line).
    /// `bus`: a session bus the test made first (to start desktop services on it); the app stops it with itself.
    /// `portals`: whether the app's own bus can start the desktop's portals. Only the tests of
    /// what goes through them ask (the desktop's style, the background, idle inhibition, the
    /// manual); the rest run as on a desktop without them, and every app launch is spared
    /// starting five portal services (50 CPU-s over the suite, measured).
    public init(display: String, arguments: [String], environment extra: [String: String] = [:],
                executable: String = AppProcess.binary, isolatedNetwork: Bool = false, wrapper: [String] = [],
                bus given: SessionBus? = nil, portals: Bool = false) throws {
        directory = TemporaryFiles.url("classic-photos-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        trace = TraceLog(path: directory.appendingPathComponent("trace.jsonl").path)
        stderrPath = directory.appendingPathComponent("stderr.txt").path
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)

        bus = try given ?? SessionBus(withoutServices: portals ? [] : SessionBus.portalServices)
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["XDG_RUNTIME_DIR"] = bus.runtimeDirectory
        environment["DISPLAY"] = display
        environment["GDK_BACKEND"] = "x11"
        environment["GSK_RENDERER"] = "cairo"
        environment["G_DEBUG"] = "fatal-criticals"
        environment["LANGUAGE"] = environment["LANGUAGE"] ?? "C"
        environment["LC_ALL"] = "C.UTF-8"
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        environment["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        // Whatever this process's own GTK needed is not the app's business.
        environment["GTK_A11Y"] = nil
        for (key, value) in extra { environment[key] = value }
        // An empty GSK_RENDERER leaves it unset: GTK picks its default renderer (GL here).
        if environment["GSK_RENDERER"] == "" { environment["GSK_RENDERER"] = nil }
        let stderrFile = open(stderrPath, O_WRONLY | O_APPEND)
        defer { close(stderrFile) }
        let command = wrapper + (isolatedNetwork ? ["/usr/bin/unshare", "-n"] : []) + [executable, "--trace", trace.path] + arguments
        spawnedAt = Date().timeIntervalSince1970
        process = try ChildProcess(command[0], Array(command.dropFirst()), environment: environment, stderr: stderrFile)
    }

    /// The app's private session bus.
    public var busAddress: String { bus.address }

    /// Activate an app action over D-Bus, as GApplication exports them (org.gtk.Actions).
    public func activateAction(_ name: String) throws {
        _ = try Tool.run("/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.classicphotos.ClassicPhotos",
                                            "--object-path", "/io/github/classicphotos/ClassicPhotos",
                                            "--method", "org.gtk.Actions.Activate", name, "[]", "{}"],
                         environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], timeout: 10)
    }

    /// … an action that takes a string (`filter`), with `value`.
    public func activateAction(_ name: String, string value: String) throws {
        let quoted = "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        _ = try Tool.run("/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.classicphotos.ClassicPhotos",
                                            "--object-path", "/io/github/classicphotos/ClassicPhotos",
                                            "--method", "org.gtk.Actions.Activate", name, "[<\(quoted)>]", "{}"],
                         environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], timeout: 10)
    }

    /// Ask a stateful app action for a new state over D-Bus (org.gtk.Actions.SetState), as its menu would.
    public func setActionState(_ name: String, _ state: String) throws { try setState(name, "<'\(state)'>") }
    /// … a toggle's (a check item's).
    public func setActionState(_ name: String, _ state: Bool) throws { try setState(name, state ? "<true>" : "<false>") }

    /// A stateful app action's state as GVariant text (`'own'`, `true`), read over D-Bus (org.gtk.Actions.Describe).
    public func actionState(_ name: String) throws -> String {
        let result = try Tool.run("/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.classicphotos.ClassicPhotos",
                                                     "--object-path", "/io/github/classicphotos/ClassicPhotos",
                                                     "--method", "org.gtk.Actions.Describe", name],
                                  environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], timeout: 10)
        // "((true, signature '', [<'own'>]),)": the state is inside the last [< >].
        guard let open = result.output.range(of: "[<", options: .backwards), let close = result.output.range(of: ">]", options: .backwards) else { return "" }
        return String(result.output[open.upperBound..<close.lowerBound])
    }

    private func setState(_ name: String, _ variant: String) throws {
        let result = try Tool.run("/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.classicphotos.ClassicPhotos",
                                                     "--object-path", "/io/github/classicphotos/ClassicPhotos",
                                                     "--method", "org.gtk.Actions.SetState", name, variant, "{}"],
                                  environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], timeout: 10)
        guard result.status == 0 else {
            throw NSError(domain: "AppProcess", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: "SetState \(name): \(result.output)"])
        }
    }

    /// Wait until the app has painted its first frame with rows on screen.
    /// When it never does, what the app was doing is said in the test's output: its last events
    /// and, while it still runs, its threads' stacks.
    public func waitForFirstRows(timeout: TimeInterval = 30) -> Bool {
        let painted = trace.wait(timeout: timeout) { $0.contains { $0.name == .firstRowsFrame } }
        if !painted {
            FileHandle.standardError.write(Data("no first rows in \(Int(timeout)) s; the app's last events:\n\(recentEvents())\n\(threadStacks())\n".utf8))
        }
        return painted
    }

    /// The app's threads' stacks, read by gdb (where installed) while it runs: what a stuck app is
    /// waiting on.
    public func threadStacks() -> String {
        let gdb = "/usr/bin/gdb"
        guard process.isRunning, FileManager.default.isExecutableFile(atPath: gdb) else { return "(no stacks: the app has ended, or gdb is not installed)" }
        let read = try? Tool.run(gdb, ["-p", String(process.processIdentifier), "-batch", "-nx", "-ex", "thread apply all bt 25"], timeout: 60)
        return "the app's threads:\n" + (read?.output ?? "(gdb could not read them)")
    }

    /// The X window ID of the app's main window: the visible one (GTK's 1×1 client leader
    /// window carries the title too). Waits for it to be mapped.
    public func mainWindow(on xvfb: Xvfb) throws -> String {
        let ids = try xvfb.run("xdotool", ["search", "--sync", "--onlyvisible", "--pid", String(process.processIdentifier),
                                           "--name", "Classic Photos"])
        guard let first = ids.split(separator: "\n").first else {
            throw NSError(domain: "AppProcess", code: 1, userInfo: [NSLocalizedDescriptionKey: "no visible window of pid \(process.processIdentifier)"])
        }
        return String(first)
    }

    /// Titles of the app's mapped (visible) top-level windows.
    /// The app's windows mapped now, by X window ID (a popover is a window of its own).
    public func visibleWindowIDs(on xvfb: Xvfb) -> Set<String> {
        guard let ids = try? xvfb.run("xdotool", ["search", "--onlyvisible", "--pid", String(process.processIdentifier), "--name", ""]) else { return [] }
        return Set(ids.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    public func visibleWindowTitles(on xvfb: Xvfb) -> [String] {
        guard let ids = try? xvfb.run("xdotool", ["search", "--onlyvisible", "--pid", String(process.processIdentifier), "--name", ""]) else { return [] }
        return ids.split(separator: "\n").compactMap { id in
            (try? xvfb.run("xdotool", ["getwindowname", String(id)]))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The last `count` trace events (frames and probes left out), one a line, for a failure's message.
    public func recentEvents(_ count: Int = 15) -> String {
        let quiet: Set<TraceEvent.Name> = [.frame, .phases, .stall]
        return trace.events.filter { !quiet.contains($0.name) }.suffix(count)
            .map { String(format: "%.3f ", $0.t) + "\($0.event)" }.joined(separator: "\n")
    }

    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// GLib-CRITICAL lines (fatal under G_DEBUG=fatal-criticals, so also a crash), crashes, and
    /// trace lines that are not a known TraceEvent. Every app test ends by asserting there are none.
    public var criticals: [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.contains("CRITICAL") || $0.contains("Fatal error") }
            + trace.undecodableLines.map { "undecodable trace line: \($0)" }
    }

    /// Stop the app, then its bus (also done at exit, on SIGINT/SIGTERM, and by the kernel if
    /// the test process is killed).
    public func stop() {
        process.stop()
        bus.stop()
    }

    deinit { stop() }
}
