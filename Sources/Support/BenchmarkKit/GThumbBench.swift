// Why this exists: the grid against gThumb (bookworm's, the browser GNOME users pick for folders) on the same fresh folder of 1,000 twelve-megapixel JPEGs, both caches empty: launch to a full screen of thumbnails, read from the screen itself for both (its last change before it stays still), windows the same size, and the thumbnails on each screen counted alike.
import Foundation
import PhotoPipeline
import TestAndBenchSupport

extension AppBench {
    static let gthumbPhotos = 1_000

    /// 1,000 twelve-megapixel JPEGs, each its own bytes (a comment of its own after the JPEG's
    /// start), made once; each repetition moves the folder to a new name, so every photo has a
    /// new URI and no cache knows it.
    func twelveMegapixelFolder(_ photos: LargePhotos) throws -> URL {
        try madeOnce("bench-gthumb-made") { folder in
            let large = photos.names.filter { $0.hasSuffix("-12mp.jpg") }
            for index in 0..<Self.gthumbPhotos {
                var bytes = photos.files[large[index % large.count]]!
                let comment = Data("photo \(index)".utf8)
                let segment = Data([0xFF, 0xFE, 0, UInt8(comment.count + 2)]) + comment
                bytes.insert(contentsOf: segment, at: 2)
                try bytes.write(to: folder.appendingPathComponent(String(format: "IMG_%04d.jpg", index + 1)))
            }
        }
    }

    /// gThumb's environment: this display, `bus`, and a home of its own (`home`: empty caches).
    static func gthumbEnvironment(display: String, bus: SessionBus, home: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in ["DISPLAY": display, "GDK_BACKEND": "x11", "DBUS_SESSION_BUS_ADDRESS": bus.address,
                             "XDG_CACHE_HOME": home.path + "/cache", "XDG_CONFIG_HOME": home.path + "/config",
                             "XDG_DATA_HOME": home.path + "/data", "XDG_RUNTIME_DIR": bus.runtimeDirectory] {
            environment[key] = value
        }
        return environment
    }

    /// The biggest window of `pid`'s on `display`: x, y, width, height.
    static func windowGeometry(display: String, pid: Int32) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let ids = try? Tool.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", String(pid)], environment: ["DISPLAY": display]).output else { return nil }
        var best: (x: Int, y: Int, width: Int, height: Int)?
        for id in ids.split(separator: "\n") {
            guard let shell = try? Tool.run("/usr/bin/xdotool", ["getwindowgeometry", "--shell", String(id)], environment: ["DISPLAY": display]).output else { continue }
            var values: [String: Int] = [:]
            for line in shell.split(separator: "\n") {
                let parts = line.split(separator: "=")
                if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
            }
            guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else { continue }
            if width * height > (best.map { $0.width * $0.height } ?? 0) { best = (x, y, width, height) }
        }
        return best
    }

    public func againstGThumb(_ photos: LargePhotos) throws -> [Result] {
        try race(gThumbOn: try twelveMegapixelFolder(photos), label: "1,000 fresh 12 MP JPEGs", target: 5)
    }

    /// gThumb and the grid, each launched on `folder` (moved to a new name before each repetition),
    /// to a full screen of thumbnails; `label` names the folder, `target` the ratio per thumbnail
    /// (nil: measured, for comparison).
    func race(gThumbOn made: URL, label: String, target: Double?) throws -> [Result] {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gthumb") else { throw BenchError("gthumb is not installed (build-aux/install-deps.sh bench)") }
        var folder = made
        let framebuffer = TemporaryFiles.url("bench-gthumb-fb")
        try FileManager.default.createDirectory(at: framebuffer, withIntermediateDirectories: true)
        let screen = try Xvfb(framebufferFolder: framebuffer.path)
        screen.announceWindowManager()
        let watch = ScreenWatch(path: framebuffer.appendingPathComponent("Xvfb_screen0").path)
        var gthumbSeconds: [Double] = [], appSeconds: [Double] = [], gthumbCount: [Double] = [], appCount: [Double] = []
        var ratios: [Double] = [], perThumbnail: [Double] = []
        var sizes = ""
        // The settled screens, to look at: beside the bench's JSON.
        let screens = URL(fileURLWithPath: "/tmp/classic-photos-bench-screens")
        try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
        for repetition in 0..<repetitions {
            // A new name: new URIs for both apps, whose caches start empty too.
            let fresh = folder.deletingLastPathComponent().appendingPathComponent("\(made.lastPathComponent)-\(repetition)-\(UUID().uuidString.prefix(6))")
            try FileManager.default.moveItem(at: folder, to: fresh)
            folder = fresh
            let bus = try SessionBus()
            defer { bus.stop() }
            _ = bus.startServices(SessionBus.desktopServices, environment: ["DISPLAY": screen.display, "GDK_BACKEND": "x11"])
            let home = TemporaryFiles.url("bench-gthumb-home-\(UUID().uuidString.prefix(6))")
            defer { try? FileManager.default.removeItem(at: home) }
            let environment = Self.gthumbEnvironment(display: screen.display, bus: bus, home: home)
            let launched = ProcessInfo.processInfo.systemUptime
            let gthumb = try ChildProcess("/usr/bin/gthumb", [folder.path], environment: environment)
            guard let settled = watch.settle(launched: launched), let window = Self.windowGeometry(display: screen.display, pid: gthumb.processIdentifier) else {
                gthumb.signal(SIGKILL)
                throw BenchError("gThumb's screen did not settle")
            }
            gthumb.signal(SIGTERM)
            if !gthumb.wait(timeout: 5) { gthumb.signal(SIGKILL); _ = gthumb.wait(timeout: 5) }
            let gthumbThumbnails = ScreenWatch.thumbnails(in: settled.frame, region: window)
            ScreenWatch.save(settled.frame, region: window, to: screens.appendingPathComponent("gthumb-\(repetition).png").path)

            // The grid, its window as big as gThumb's.
            let settings = TemporaryFiles.url("bench-gthumb-settings-\(UUID().uuidString.prefix(6))")
            defer { try? FileManager.default.removeItem(at: settings) }
            let keys = try PersistentSettings.environment(in: settings, keys: ["window-width=\(window.width)", "window-height=\(window.height)"])
            let appLaunched = ProcessInfo.processInfo.systemUptime
            let app = try AppProcess(display: screen.display, arguments: ["--view", "grid", folder.path],
                                     environment: keys.merging(["G_DEBUG": "", "GSK_RENDERER": ""]) { $1 }, executable: binary, bus: bus)
            guard let appSettled = watch.settle(launched: appLaunched),
                  let appWindow = Self.windowGeometry(display: screen.display, pid: app.process.processIdentifier) else {
                app.stop()
                throw BenchError("the app's screen did not settle")
            }
            app.stop()
            let appThumbnails = ScreenWatch.thumbnails(in: appSettled.frame, region: appWindow)
            ScreenWatch.save(appSettled.frame, region: appWindow, to: screens.appendingPathComponent("grid-\(repetition).png").path)
            sizes = "gThumb \(window.width)×\(window.height), the grid \(appWindow.width)×\(appWindow.height)"
            gthumbSeconds.append(settled.seconds * 1000)
            appSeconds.append(appSettled.seconds * 1000)
            gthumbCount.append(Double(gthumbThumbnails))
            appCount.append(Double(appThumbnails))
            ratios.append(settled.seconds / appSettled.seconds)
            perThumbnail.append((settled.seconds / Double(max(1, gthumbThumbnails))) / (appSettled.seconds / Double(max(1, appThumbnails))))
        }
        print("windows: \(sizes); the settled screens are in \(screens.path)")
        return [
            Result(name: "gThumb: launch → full screen of thumbnails (\(label))", unit: "ms", values: gthumbSeconds),
            Result(name: "gThumb: thumbnails on its screen", unit: "", values: gthumbCount),
            Result(name: "the grid: launch → full screen of thumbnails (sepia)", unit: "ms", values: appSeconds),
            Result(name: "the grid: thumbnails on its screen", unit: "", values: appCount),
            Result(name: "… gThumb ÷ the grid, to a full screen", unit: "×", values: ratios),
            Result(name: "… gThumb ÷ the grid, per thumbnail on screen", unit: "×", values: perThumbnail, target: target.map { "≥ \(Int($0))" },
                   met: target.map { target in { $0 >= target } }),
        ]
    }
}
