// Why this exists: private network access with real connections: in a network namespace of its own, a gallery served from a "public" address cannot make the app reach loopback, private or link-local addresses (directly, by a redirect or by a name), no request reaches them and no connection is even attempted (the user's answers: LocalNetworkConsentAppTests).
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class PrivateNetworkAppTests: XCTestCase {
    static let publicBase = NetworkFixtureRun.publicBase

    func setUp(manifests: [String: String]) throws -> NetworkFixtureRun { try NetworkFixtureRun(manifests: manifests) }

    func launch(_ xvfb: Xvfb, _ setup: NetworkFixtureRun, manifest: String, environment: [String: String] = [:]) throws -> AppProcess {
        try setup.launch(xvfb, manifest: manifest, environment: environment)
    }

    func testAPublicGalleryCannotReachLocalOrPrivateAddresses() throws {
        let table = RowTable([
            ("loopback", "http://127.0.0.1:8080/photos/horse.png", "blocked: a gallery from the internet may not load photos from this computer (127.0.0.1)"),
            ("public", "\(Self.publicBase)/photos/coffee.png", "filtered"),
            ("private", "http://10.20.30.40:8080/photos/horse.png", "blocked: a gallery from the internet may not load photos from your local network (10.20.30.40)"),
            ("link-local", "http://169.254.10.20:8080/photos/horse.png", "blocked: a gallery from the internet may not load photos from your local network (169.254.10.20)"),
            ("redirect", "\(Self.publicBase)/redirect?to=http://127.0.0.1:8080/photos/rocket.jpg", "blocked: a gallery from the internet may not load photos from this computer (127.0.0.1)"),
            ("name", "http://sneaky.example:8080/photos/camera.png", "blocked: a gallery from the internet may not load photos from this computer (127.0.0.1)"),
            ("public by name", "http://gallery.example:8080/photos/chelsea.png", "filtered"),
        ])
        let setup = try setUp(manifests: ["public.json": table.json])
        let xvfb = try Xvfb()
        let app = try launch(xvfb, setup, manifest: "\(Self.publicBase)/files/public.json")
        defer { app.stop() }
        table.waitForEveryRow(app, timeout: 60)
        table.assertEnded(app)
        let requests = setup.requests
        XCTAssertTrue(requests.contains { $0.address == "203.0.113.10" && $0.request == "/files/public.json" }, "the manifest came from the public address: \(requests)")
        XCTAssertTrue(requests.contains { $0.address == "203.0.113.10" && $0.request.hasPrefix("/redirect") }, "the redirect itself was public")
        XCTAssertEqual(requests.filter { $0.address != "203.0.113.10" }.map { "\($0.address) \($0.request)" }, [],
                       "no request reached a loopback, private or link-local address")
        XCTAssertTrue(app.trace.events.contains { $0.event == .localNetwork(action: .asked) }, "the window asked the user")
        XCTAssertEqual(app.criticals, [])
    }

    /// The rule judges an address before connecting to it: a private or link-local address written
    /// in the URL before anything else, one a name resolves to as GIO is about to connect. No
    /// connection reaches them (port 8081 writes down every one it accepts).
    func testNoConnectionIsAttemptedToAnAddressTheGalleryMayNotReach() throws {
        let blocked = "blocked: a gallery from the internet may not load photos from "
        let table = RowTable([
            ("private", "http://10.20.30.40:8081/a.jpg", blocked + "your local network (10.20.30.40)"),
            ("link-local", "http://169.254.10.20:8081/b.jpg", blocked + "your local network (169.254.10.20)"),
            ("loopback", "http://127.0.0.1:8081/c.jpg", blocked + "this computer (127.0.0.1)"),
            ("name of loopback", "http://sneaky.example:8081/d.jpg", blocked + "this computer (127.0.0.1)"),
            ("public", "\(Self.publicBase)/photos/coffee.png", "filtered"),
        ])
        let setup = try setUp(manifests: ["public.json": table.json])
        let xvfb = try Xvfb()
        let app = try launch(xvfb, setup, manifest: "\(Self.publicBase)/files/public.json")
        defer { app.stop() }
        table.waitForEveryRow(app, timeout: 60)
        table.assertEnded(app)
        XCTAssertEqual(setup.connections, [], "no connection was attempted to a refused address")
        // Control: the acceptor does see a connection the rule allows (a local gallery may reach it).
        let local = setup.folder.appendingPathComponent("local.json")
        try Data(RowTable([("private", "http://10.20.30.40:8081/a.jpg", "")]).json.utf8).write(to: local)
        let mine = try launch(xvfb, setup, manifest: local.path)
        defer { mine.stop() }
        XCTAssertTrue(poll(timeout: 30) { setup.connections.contains("10.20.30.40") }, "a connection the rule allows is seen: \(setup.requests)")
        XCTAssertEqual(app.criticals + mine.criticals, [])
    }

    /// Linux connects 0.0.0.0 and :: to this computer ("0.0.0.0 day"): a gallery from the
    /// internet may reach neither, and no connection is attempted (port 8081 takes IPv4 and IPv6).
    func testZeroAddressesCountAsThisComputer() throws {
        let blocked = "blocked: a gallery from the internet may not load photos from this computer "
        let table = RowTable([
            ("zero", "http://0.0.0.0:8081/a.jpg", blocked + "(0.0.0.0)"),
            ("zero served", "http://0.0.0.0:8080/photos/horse.png", blocked + "(0.0.0.0)"),
            ("unspecified IPv6", "http://[::]:8081/b.jpg", blocked + "(::)"),
            ("mapped zero", "http://[::ffff:0.0.0.0]:8081/c.jpg", blocked + "(::ffff:0.0.0.0)"),
            ("public", "\(Self.publicBase)/photos/coffee.png", "filtered"),
        ])
        let setup = try setUp(manifests: ["public.json": table.json])
        let xvfb = try Xvfb()
        let app = try launch(xvfb, setup, manifest: "\(Self.publicBase)/files/public.json")
        defer { app.stop() }
        table.waitForEveryRow(app, timeout: 60)
        table.assertEnded(app)
        XCTAssertEqual(setup.connections, [], "no connection was attempted to this computer")
        XCTAssertEqual(setup.requests.filter { $0.address != "203.0.113.10" }.map { "\($0.address) \($0.request)" }, [], "no request reached it")
        XCTAssertEqual(app.criticals, [])
    }

    func testAGalleryFromTheLocalNetworkCannotReachThisComputer() throws {
        let table = RowTable([
            ("loopback", "http://127.0.0.1:8080/photos/horse.png",
             "blocked: a gallery from your local network may not load photos from this computer (127.0.0.1)"),
            ("private from private", "http://10.20.30.40:8080/photos/coffee.png", "filtered"),
            ("public from private", "\(Self.publicBase)/photos/rocket.jpg", "filtered"),
        ])
        let setup = try setUp(manifests: ["private.json": table.json])
        let xvfb = try Xvfb()
        let app = try launch(xvfb, setup, manifest: "http://10.20.30.40:8080/files/private.json")
        defer { app.stop() }
        table.waitForEveryRow(app, timeout: 60)
        table.assertEnded(app)
        XCTAssertFalse(setup.requests.contains { $0.address == "127.0.0.1" }, "nothing reached loopback: \(setup.requests)")
        XCTAssertEqual(app.criticals, [])
    }
}
