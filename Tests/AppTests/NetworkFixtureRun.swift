// Why this exists: the private-network tests' world: the app in a network namespace of its own beside servers on a public, a private, a link-local and the loopback address (NetworkFixture), with the manifests they serve, a hosts file, an optional loopback proxy, and the log of every request.
import Foundation
import TestAndBenchSupport

struct NetworkFixtureRun {
    static let publicBase = "http://203.0.113.10:8080"
    static var fixture: String {
        URL(fileURLWithPath: AppProcess.binary).deletingLastPathComponent().appendingPathComponent("NetworkFixture").path
    }

    let folder: URL
    let log: String
    /// Port of a forward proxy on 127.0.0.1 inside the namespace, if any.
    let proxyPort: Int?

    /// A folder with `manifests` (name → JSON) served at /files/NAME, a hosts file and a log.
    init(manifests: [String: String], proxyPort: Int? = nil) throws {
        folder = TemporaryFiles.url("pna-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, json) in manifests { try Data(json.utf8).write(to: folder.appendingPathComponent(name)) }
        try Data("127.0.0.1 localhost\n203.0.113.10 gallery.example\n127.0.0.1 sneaky.example\n".utf8)
            .write(to: folder.appendingPathComponent("hosts"))
        log = folder.appendingPathComponent("requests.log").path
        self.proxyPort = proxyPort
    }

    /// (local address, request) for every request the servers got; the proxy's lines are
    /// ("PROXY", URL).
    var requests: [(address: String, request: String)] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map { line in
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
        }
    }

    /// The local address of every connection made to port 8081 (which only accepts).
    var connections: [String] { requests.filter { $0.address == "CONNECT" }.map(\.request) }

    /// The app inside the namespace, beside the fixture's servers, opening `manifest`.
    func launch(_ xvfb: Xvfb, manifest: String, environment: [String: String] = [:]) throws -> AppProcess {
        var wrapper = ["/usr/bin/unshare", "-rnm", Self.fixture, "--root", folder.path, "--log", log,
                       "--hosts", folder.appendingPathComponent("hosts").path]
        if let proxyPort { wrapper += ["--proxy", String(proxyPort)] }
        return try AppProcess(display: xvfb.display, arguments: [manifest], environment: environment, wrapper: wrapper + ["--"])
    }
}
