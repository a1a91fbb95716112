// Why this exists: Open Folder after an export shows the folder in the desktop's file manager (org.freedesktop.FileManager1.ShowFolders, answered here by a file manager of the test's own); the notification's button carries the folder, so it works when the app had quit and the bus starts it as a D-Bus service.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoDecoding

final class FileManagerAppTests: XCTestCase {
    /// A file manager on `bus` that writes each folder it is asked to show to `record`.
    func fileManager(on bus: SessionBus, record: URL) throws -> ChildProcess {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        let script = SamplePhotos.repositoryRoot.appendingPathComponent("Sources/Support/TestAndBenchSupport/Scripts/file-manager.py").path
        let process = try ChildProcess("/usr/bin/python3", [script, record.path], environment: environment)
        XCTAssertTrue(poll(timeout: 15) { self.owned("org.freedesktop.FileManager1", on: bus) }, "the file manager is on the bus")
        return process
    }

    func owned(_ name: String, on bus: SessionBus) -> Bool {
        let answer = try? Tool.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                                      "--method", "org.freedesktop.DBus.NameHasOwner", name],
                                   environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], timeout: 10)
        return answer?.output.contains("true") == true
    }

    /// What a notification's Open Folder button does: the app's `show-folder` action, with the folder.
    func activateOpenFolder(_ uri: String, on bus: SessionBus) throws -> (output: String, status: Int32) {
        try Tool.run("/usr/bin/gdbus", ["call", "--session", "--dest", AppInfo.appID, "--object-path", "/io/github/classicphotos/ClassicPhotos",
                                        "--method", "org.gtk.Actions.Activate", "show-folder", "[<'\(uri)'>]", "{}"],
                     environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], timeout: 60)
    }

    func recorded(_ record: URL) -> [String] {
        ((try? String(contentsOf: record, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func testOpenFolderShowsTheFolderInTheFileManager() throws {
        let record = TemporaryFiles.url("shown-\(UUID().uuidString).txt")
        let bus = try SessionBus()
        let manager = try fileManager(on: bus, record: record)
        defer { manager.stop() }
        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let app = try AppProcess(display: xvfb.display, arguments: [SamplePhotos.sampleManifest.path], bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows())
        let folder = "file:///home/someone/Pictures/Exported/"
        XCTAssertEqual(try activateOpenFolder(folder, on: bus).status, 0)
        XCTAssertTrue(poll(timeout: 15) { self.recorded(record) == [folder] }, "the file manager was asked to show it: \(recorded(record))")
        XCTAssertEqual(app.criticals, [])
    }

    /// The app is not running: the bus starts it as a service (the desktop file's
    /// DBusActivatable), and the button's folder, carried with the action, is shown.
    func testTheButtonWorksAfterTheAppHasQuit() throws {
        let record = TemporaryFiles.url("shown-\(UUID().uuidString).txt")
        let xvfb = try Xvfb()
        defer { xvfb.stop() }
        let trace = TemporaryFiles.url("service-\(UUID().uuidString).jsonl")
        let service = """
        [D-BUS Service]
        Name=\(AppInfo.appID)
        Exec=/usr/bin/env DISPLAY=\(xvfb.display) GDK_BACKEND=x11 GSETTINGS_BACKEND=memory G_DEBUG=fatal-criticals \(AppProcess.binary) --trace \(trace.path) --gapplication-service
        """
        let bus = try SessionBus(services: ["\(AppInfo.appID).service": service])
        defer { bus.stop() }
        let manager = try fileManager(on: bus, record: record)
        defer { manager.stop() }
        XCTAssertFalse(owned(AppInfo.appID, on: bus), "the app is not running")
        let folder = "file:///home/someone/Pictures/Exported/"
        let called = try activateOpenFolder(folder, on: bus)
        XCTAssertEqual(called.status, 0, called.output)
        XCTAssertTrue(poll(timeout: 30) { self.recorded(record) == [folder] }, "the file manager was asked to show it: \(recorded(record))")
        XCTAssertTrue(owned(AppInfo.appID, on: bus), "the bus started the app")
    }
}
