// Why this exists: a real SMB server for the tests: Samba's smbd on 127.0.0.1, on a port of the test's, with a guest share (`photos`, anyone may read it) and a password share (`private`, user `ann`, password `secret`), so GVfs's smb backend asks through the app's mount dialog as a NAS makes it ask.
import Foundation

public final class SMBServer {
    public static let user = "ann"
    public static let password = "secret"
    /// The guest share's folder and the password share's (the test's to fill).
    public let guestFolder: URL
    public let privateFolder: URL
    public let port: Int
    private let directory: URL
    private var smbd: ChildProcess?

    public init() throws {
        let directory = TemporaryFiles.url("smb-\(UUID().uuidString)")
        self.directory = directory
        guestFolder = directory.appendingPathComponent("photos")
        privateFolder = directory.appendingPathComponent("private")
        for folder in [guestFolder, privateFolder] + ["state", "run", "log"].map({ directory.appendingPathComponent($0) }) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        // Samba serves a share as a Unix user: a guest as `nobody`, `ann` as `daemon` (an account
        // every Debian system has, named `ann` for the client through the user map), so the
        // test's folders must be theirs to read.
        _ = chmod(directory.path, 0o755)
        port = try LoopbackPorts.free()
        let config = directory.appendingPathComponent("smb.conf")
        let state = directory.appendingPathComponent("state").path
        try Data("""
        [global]
          server role = standalone server
          smb ports = \(port)
          interfaces = 127.0.0.1
          bind interfaces only = yes
          disable netbios = yes
          private dir = \(state)
          lock directory = \(state)
          state directory = \(state)
          cache directory = \(state)
          pid directory = \(directory.path)/run
          ncalrpc dir = \(directory.path)/run/ncalrpc
          log file = \(directory.path)/log/smbd.log
          passdb backend = tdbsam
          map to guest = Bad User
          guest account = nobody
          username map = \(directory.path)/users.map
          load printers = no
          printcap name = /dev/null
          disable spoolss = yes
        [photos]
          path = \(guestFolder.path)
          guest ok = yes
          read only = yes
        [private]
          path = \(privateFolder.path)
          guest ok = no
          valid users = daemon
          read only = no

        """.utf8).write(to: config)
        try Data("daemon = \(Self.user)\n".utf8).write(to: directory.appendingPathComponent("users.map"))
        let added = try Tool.run("/bin/sh", ["-c", "printf '%s\\n%s\\n' \"$1\" \"$1\" | /usr/bin/smbpasswd -c \"$2\" -a -s daemon",
                                             "sh", Self.password, config.path], timeout: 30)
        guard added.status == 0 else { throw Self.failure("smbpasswd failed: \(added.output)") }
        smbd = try ChildProcess("/usr/sbin/smbd", ["--foreground", "--no-process-group", "--configfile=\(config.path)", "--debuglevel=1"])
        guard poll(timeout: 20, { LoopbackPorts.accepts(self.port) }) else {
            close()
            throw Self.failure("smbd did not listen: \(log)")
        }
    }

    /// The address of a share's folder (`photos` or `private`), with a user or without one.
    public func uri(share: String, user: String? = nil) -> String {
        "smb://\(user.map { "\($0)@" } ?? "")127.0.0.1:\(port)/\(share)/"
    }

    /// What smbd said.
    public var log: String {
        (try? String(contentsOf: directory.appendingPathComponent("log/smbd.log"), encoding: .utf8)) ?? ""
    }

    public func close() {
        if let smbd {
            // Each connection is served by a child of smbd's.
            let connections = ProcReaders.descendants(of: smbd.processIdentifier)
            smbd.stop()
            for pid in connections { kill(pid, SIGKILL) }
        }
        smbd = nil
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { close() }

    private static func failure(_ text: String) -> NSError {
        NSError(domain: "SMBServer", code: 1, userInfo: [NSLocalizedDescriptionKey: text])
    }
}
