// Why this exists: a folder on a share, over a slow link: a 10,000-photo folder on SFTP (sshd through GVfs, over a link shaped to 20 Mbit/s and a 40 ms round trip by a proxy, as this kernel has no `tc netem`) listed by the app against `gio list` of the same folder for the same attributes, side by side, the share mounted for both.
import Foundation
import GLibIO
import PhotoTrace
import TestAndBenchSupport

extension AppBench {
    public func shares() throws -> [Result] {
        let server = try SFTPServer()
        defer { server.close() }
        // 10,000 photos, each a regular file (hard links to one PNG: listed as files).
        let first = server.folder.appendingPathComponent("photo 0.png")
        try SamplePhotos.data("brick.png").write(to: first)
        for index in 1..<10_000 { _ = link(first.path, server.folder.appendingPathComponent("photo \(index).png").path) }
        let link = try SlowLink(to: server.port, roundTripMs: 40, megabits: 20)
        defer { link.close() }
        let uri = "sftp://root@127.0.0.1:\(link.port)\(server.folder.path)/"
        var app: [Double] = [], gio: [Double] = []
        for _ in 0..<repetitions {
            // A bus of its own each time (the app's end stops it), the share mounted on it first;
            // then side by side: `gio list` of the folder, and the app's listing (its own figure,
            // from its trace).
            let bus = try SessionBus(withoutServices: SessionBus.portalServices, shortPath: true)
            bus.startServices([], environment: ["SSH_AUTH_SOCK": server.agentSocket])
            let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_RUNTIME_DIR": bus.runtimeDirectory]
            _ = try Tool.run("/usr/bin/gio", ["mount", uri], environment: environment, timeout: 60)
            let started = Date()
            let listing = try Tool.run("/bin/sh", ["-c", "exec /usr/bin/gio list -a \"$0\" \"$1\" 2>&1", DirectoryListing.attributes, uri],
                                       environment: environment, timeout: 120)
            let lines = listing.output.split(separator: "\n").count
            if listing.status == 0, lines == 10_000 { gio.append(Date().timeIntervalSince(started) * 1000) }
            else { FileHandle.standardError.write(Data("bench: gio list gave status \(listing.status), \(lines) lines: \(listing.output.prefix(300))\n".utf8)) }
            let process = try AppProcess(display: xvfb.display, arguments: [uri], environment: ["G_DEBUG": ""], executable: binary, bus: bus)
            let listed = process.trace.wait(timeout: 120) { $0.contains { $0.name == .folderListed } }
            if listed, case .folderListed(let photos, _, let ms, _)? = process.trace.events.first(where: { $0.name == .folderListed })?.event, photos == 10_000 {
                app.append(ms)
            }
            process.stop()
        }
        return [
            Result(name: "share (SFTP, 20 Mbit/s, 40 ms): 10,000 photos listed by the app", unit: "ms", values: app),
            Result(name: "share (SFTP, 20 Mbit/s, 40 ms): `gio list` of the same folder", unit: "ms", values: gio),
            Result(name: "… the app's listing ÷ gio list's", unit: "×", values: zip(app, gio).map { $0 / $1 }, target: "≤ 1.5", met: { $0 <= 1.5 }),
        ]
    }
}
