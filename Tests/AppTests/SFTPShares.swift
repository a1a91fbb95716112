// Why this exists: an SFTP share for the app tests (sshd on 127.0.0.1 serving the test's photos beside a text file and a hidden photo), with a session bus whose GVfs daemons reach it.
import Foundation
import TestAndBenchSupport

enum SFTPShares {
    /// An SFTP share serving `photos` (name → sample) beside a text file and a hidden photo, and
    /// a bus whose services (GVfs's daemons) reach the share's key through its agent.
    static func serve(_ photos: [(String, String)]) throws -> (SFTPServer, SessionBus) {
        let server = try SFTPServer()
        for (name, sample) in photos { try SamplePhotos.data(sample).write(to: server.folder.appendingPathComponent(name)) }
        try Data("not a photo".utf8).write(to: server.folder.appendingPathComponent("notes.txt"))
        try SamplePhotos.data("coffee.png").write(to: server.folder.appendingPathComponent(".hidden.png"))
        return (server, try bus(reaching: server))
    }

    /// A bus whose services (GVfs's daemons) reach `server`'s key through its agent.
    static func bus(reaching server: SFTPServer) throws -> SessionBus {
        let bus = try SessionBus(withoutServices: SessionBus.portalServices, shortPath: true)
        bus.startServices([], environment: ["SSH_AUTH_SOCK": server.agentSocket])
        return bus
    }
}
