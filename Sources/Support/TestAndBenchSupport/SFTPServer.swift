// Why this exists: a real SFTP share for the tests: OpenSSH's sshd on 127.0.0.1 with host and user keys of its own, serving a folder of the test's, and an ssh-agent holding the user key, which a session bus hands to GVfs's daemons (gvfsd-sftp runs OpenSSH's ssh, which takes the key from the agent; a host on loopback is not checked against known_hosts).
import Foundation

public final class SFTPServer {
    /// The folder served (its photos are the test's to put there).
    public let folder: URL
    public let port: Int
    /// The agent's socket: give it to the bus's services as `SSH_AUTH_SOCK`.
    public let agentSocket: String
    private let directory: URL
    private var sshd: ChildProcess?
    private let agent: ChildProcess

    public init() throws {
        directory = TemporaryFiles.url("sftp-\(UUID().uuidString)")
        folder = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // sshd's privilege separation needs its empty folder (a booted system makes it).
        try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        for key in ["host", "user"] {
            let made = try Tool.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", directory.appendingPathComponent(key).path], timeout: 30)
            guard made.status == 0 else { throw Self.failure("ssh-keygen failed") }
        }
        try FileManager.default.copyItem(at: directory.appendingPathComponent("user.pub"), to: directory.appendingPathComponent("authorized_keys"))
        let socket = directory.appendingPathComponent("agent").path
        agentSocket = socket
        agent = try ChildProcess("/usr/bin/ssh-agent", ["-D", "-a", socket])
        // The socket's file appears as the agent binds it, a moment before it listens (a busy
        // machine widens that moment: ssh-add then finds no one there): tried until it takes.
        let user = directory.appendingPathComponent("user").path
        guard poll(timeout: 20, {
            FileManager.default.fileExists(atPath: socket)
                && (try? Tool.run("/usr/bin/ssh-add", [user], environment: ["SSH_AUTH_SOCK": socket], timeout: 30))?.status == 0
        }) else {
            agent.stop()
            throw Self.failure("the ssh agent did not take the key")
        }
        port = try LoopbackPorts.free()
        do {
            try start()
        } catch {
            agent.stop()
            throw error
        }
    }

    /// A host key of its own again, another: what a server that changed its key (or another
    /// server at its address) shows. Takes effect at the next `start`.
    public func replaceHostKey() throws {
        for name in ["host", "host.pub"] { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
        let made = try Tool.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", directory.appendingPathComponent("host").path], timeout: 30)
        guard made.status == 0 else { throw Self.failure("ssh-keygen failed") }
    }

    /// The share's URI at an address ssh does not take for this machine's own (`::ffff:127.0.0.1`,
    /// the IPv4 loopback mapped into IPv6): GVfs lets ssh skip the host key check for a
    /// loopback address, not for this one, so the host key is asked about as a remote one's is.
    public func uriCheckingHostKey() -> String {
        "sftp://root@[::ffff:127.0.0.1]:\(port)\(folder.path)/"
    }

    /// The share's URI of `path` (a name in the folder, or nothing: the folder).
    public func uri(_ path: String = "") -> String {
        "sftp://root@127.0.0.1:\(port)\(folder.path)/\(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)"
    }

    /// Start sshd (again, after `stop`), on the same port, and wait until it listens.
    public func start() throws {
        let config = directory.appendingPathComponent("sshd_config")
        try Data("""
        Port \(port)
        ListenAddress 127.0.0.1
        HostKey \(directory.path)/host
        PidFile none
        AuthorizedKeysFile \(directory.path)/authorized_keys
        StrictModes no
        PasswordAuthentication no
        KbdInteractiveAuthentication no
        UsePAM no
        PermitRootLogin prohibit-password
        Subsystem sftp /usr/lib/openssh/sftp-server -e -l INFO 2>>\(directory.path)/sftp.log

        """.utf8).write(to: config)
        let log = open(directory.appendingPathComponent("sshd.log").path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer { if log >= 0 { Glibc.close(log) } }
        sshd = try ChildProcess("/usr/sbin/sshd", ["-f", config.path, "-D", "-e"], stderr: log >= 0 ? log : nil)
        guard poll(timeout: 20, { LoopbackPorts.accepts(self.port) }) else {
            throw Self.failure("sshd did not listen: \(self.log)")
        }
    }

    /// Stop sshd: its connections drop, and GVfs's sftp backend with them.
    public func stop() {
        guard let sshd else { return }
        // Its connections' processes start sessions of their own (outside its group): found by
        // their parents, and killed with it.
        let connections = ProcReaders.descendants(of: sshd.processIdentifier)
        sshd.stop()
        for pid in connections { kill(pid, SIGKILL) }
        self.sshd = nil
    }

    /// Each file read through the share, as sftp-server logs it as it closes: the file's name
    /// and the bytes read from it, in order. (sftp-server, not sshd's internal one: sshd sends
    /// no log of its connections to the stderr it was given.)
    public var reads: [(name: String, bytes: Int)] {
        // (Its lines end in "\r\n": one Character, split as a newline.)
        sftpLog.split(whereSeparator: \.isNewline).compactMap { line in
            guard let close = line.range(of: "close \""), let end = line.range(of: "\" bytes read ", range: close.upperBound..<line.endIndex) else { return nil }
            let path = line[close.upperBound..<end.lowerBound]
            let bytes = line[end.upperBound...].prefix { $0.isNumber }
            return (String(path.split(separator: "/").last ?? ""), Int(bytes) ?? 0)
        }
    }

    /// What sftp-server said.
    public var sftpLog: String { (try? String(contentsOf: directory.appendingPathComponent("sftp.log"), encoding: .utf8)) ?? "" }

    /// What sshd said.
    public var log: String { (try? String(contentsOf: directory.appendingPathComponent("sshd.log"), encoding: .utf8)) ?? "" }

    public func close() {
        stop()
        agent.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { close() }

    private static func failure(_ text: String) -> NSError {
        NSError(domain: "SFTPServer", code: 1, userInfo: [NSLocalizedDescriptionKey: text])
    }
}
