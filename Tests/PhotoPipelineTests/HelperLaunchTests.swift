// Why this exists: how a decoding helper is started and read back, without starting one: what bubblewrap binds (never the root, never a home), which environment passes, how a helper's end is told (a crash, its memory, its processor time, bubblewrap's own failure).
import PhotoFormats
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import XCTest

final class HelperLaunchTests: XCTestCase {
    /// A loader list's module lines name folders to bind; other lines (XPM's signature
    /// "/* XPM */" starts with a slash) do not, and the root is never one.
    func testOnlyModuleLinesOfALoaderListAreBound() throws {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("loaders-\(UUID().uuidString).cache")
        defer { try? FileManager.default.removeItem(at: list) }
        try Data("""
            # GdkPixbuf Image Loader Modules file
            "/opt/loaders/libpixbufloader-xpm.so"
            "xpm" 4 "gdk-pixbuf" "The XPM image format" "LGPL"
            "image/x-xpixmap" ""
            "xpm" ""
            "/* XPM */" "" 100

            "/libroot.so"
            "root" 0 "gdk-pixbuf" "A module at the root" "LGPL"

            "/work/build/libTestPixbufLoader.so"
            "cptest" 0 "gdk-pixbuf" "Classic Photos test image" "LGPL"
            "CPTEST" "" 100

            """.utf8).write(to: list)
        XCTAssertEqual(HelperLaunch.moduleFolders(in: list.path), ["/opt/loaders", "/work/build"])
    }

    func testBubblewrapGetsNoNetworkNoHomeAndACleanEnvironment() {
        var launch = HelperLaunch(executable: "/usr/bin/classic-photos", addressLimit: 1 << 30, processorSeconds: 7)
        launch.bubblewrap = "/usr/bin/bwrap"
        let command = launch.command(sandboxed: true)
        XCTAssertEqual(command.first, "/usr/bin/bwrap")
        XCTAssertEqual(Array(command.suffix(3)), ["--", "/usr/bin/classic-photos", "--decode-helper"])
        for flag in ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv"] { XCTAssertTrue(command.contains(flag), flag) }
        let bound = command.indices.filter { ["--bind", "--ro-bind", "--ro-bind-try"].contains(command[$0]) }.map { command[$0 + 1] }
        XCTAssertFalse(bound.contains("/"), "the root is never bound: \(bound)")
        XCTAssertFalse(bound.contains { $0.hasPrefix("/home") || $0.hasPrefix("/root") || $0 == NSHomeDirectory() }, "no home: \(bound)")
        XCTAssertFalse(command.contains("--bind"), "nothing is bound writable")
        let environment = launch.environment(["LANGUAGE": "ko", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/bus", "DISPLAY": ":0",
                                              "WAYLAND_DISPLAY": "wayland-0", "SSH_AUTH_SOCK": "/run/agent"], sandboxed: true)
        XCTAssertTrue(environment.contains("LANGUAGE=ko"))
        XCTAssertTrue(environment.contains("CLASSIC_PHOTOS_HELPER_SECONDS=7"))
        XCTAssertFalse(environment.contains { $0.hasPrefix("DBUS_") || $0.hasPrefix("DISPLAY") || $0.hasPrefix("WAYLAND") || $0.hasPrefix("SSH_") },
                       "no way to the session: \(environment)")
        XCTAssertEqual(launch.command(sandboxed: false), ["/usr/bin/classic-photos", "--decode-helper"])
        XCTAssertTrue(command.joined(separator: " ").contains("--ro-bind /dev/null /proc/kallsyms --tmpfs /proc/sys"), "the kernel's symbols and settings hidden")
    }

    /// Without namespaces: a home and XDG folders of the helper's own (never the shared /tmp),
    /// what Landlock leaves it (what bubblewrap would bind, its home, never the user's), and
    /// limits a helper cannot raise.
    func testWithoutNamespacesTheHelperHasItsOwnHomeAndLandlocksList() {
        var launch = HelperLaunch(executable: "/usr/bin/classic-photos", addressLimit: 1 << 30, processorSeconds: 7)
        launch.privateHome = "/run/user/1000/classic-photos-helper-abc123"
        let environment = launch.environment(["HOME": "/home/someone", "TMPDIR": "/tmp"], sandboxed: false)
        for name in ["HOME", "TMPDIR", "XDG_RUNTIME_DIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"] {
            XCTAssertTrue(environment.contains("\(name)=/run/user/1000/classic-photos-helper-abc123"), "\(name): \(environment)")
        }
        let readable = (environment.first { $0.hasPrefix(HelperLaunch.readableVariable + "=") } ?? "").dropFirst(HelperLaunch.readableVariable.count + 1)
            .split(separator: "\n").map(String.init)
        XCTAssertTrue(readable.contains("/usr") && readable.contains("/etc/fonts") && readable.contains("/run/user/1000/classic-photos-helper-abc123"), "\(readable)")
        XCTAssertFalse(readable.contains { $0 == "/" || $0.hasPrefix("/home") || $0 == "/tmp" || $0 == "/etc" || $0 == "/proc" }, "\(readable)")
        XCTAssertFalse(launch.environment([:], sandboxed: true).contains { $0.hasPrefix(HelperLaunch.readableVariable) }, "bubblewrap's helpers need no list")
        XCTAssertEqual(launch.limits.processorSoft, 7)
        XCTAssertEqual(launch.limits.processorHard, 140, "a budget for life")
        XCTAssertEqual(launch.limits.fileSize, HelperLaunch.largestReply)
    }

    func testAHelpersEndIsToldByHowItEnded() {
        let launch = HelperLaunch(executable: "/x", addressLimit: 512 << 20, processorSeconds: 3)
        XCTAssertEqual(HelperDeath(status: SIGSEGV, sandboxed: false, errorOutput: "", launch: launch), .crashed(signal: SIGSEGV))
        // Through bubblewrap, a signal N shows as an exit with 128 + N.
        XCTAssertEqual(HelperDeath(status: (128 + SIGSEGV) << 8, sandboxed: true, errorOutput: "", launch: launch), .crashed(signal: SIGSEGV))
        XCTAssertEqual(HelperDeath(status: (128 + SIGXCPU) << 8, sandboxed: true, errorOutput: "", launch: launch), .outOfTime(seconds: 3))
        XCTAssertEqual(HelperDeath(status: SIGABRT, sandboxed: false, errorOutput: "GLib: failed to allocate 67108864 bytes", launch: launch),
                       .outOfMemory(megabytes: 512))
        XCTAssertEqual(HelperDeath(status: 1 << 8, sandboxed: true, errorOutput: "bwrap: Creating new namespace failed: Operation not permitted\n", launch: launch),
                       .couldNotStart(Words(verbatim: "bwrap: Creating new namespace failed: Operation not permitted")))
        XCTAssertEqual(HelperDeath(status: 3 << 8, sandboxed: false, errorOutput: "", launch: launch), .exited(status: 3))
    }

    func testTheAddressLimitFollowsTheMemoryAvailable() {
        let megabyte: UInt64 = 1 << 20
        func limit(consideredMegabytes: UInt64) -> UInt64 { UInt64(Double((consideredMegabytes - 200) * megabyte) * 0.8) + 512 * megabyte }
        XCTAssertEqual(HelperLaunch.defaultAddressLimit(meminfo: "MemTotal: 8000000 kB\nMemAvailable:    1048576 kB\n"), limit(consideredMegabytes: 1024))
        XCTAssertEqual(HelperLaunch.defaultAddressLimit(meminfo: "MemAvailable: 33554432 kB\n"), limit(consideredMegabytes: 2048),
                       "at most 2 GB is considered")
    }
}
