// Why this exists: a real WebDAV share for the tests: Apache's mod_dav on 127.0.0.1 serving a folder of the test's behind HTTP Basic authentication (user `ann`, password `secret`), so GVfs's dav backend asks for the password through the app's mount dialog.
import Foundation

public final class WebDAVServer {
    public static let user = "ann"
    public static let password = "secret"
    /// The folder served (readable by Apache's own user, `nobody`).
    public let folder: URL
    public let port: Int
    private let directory: URL
    private var apache: ChildProcess?

    public init() throws {
        directory = TemporaryFiles.url("dav-\(UUID().uuidString)")
        folder = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let lock = directory.appendingPathComponent("lock")
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: true)
        // Apache's workers run as nobody: its lock database is theirs to write.
        guard chown(lock.path, 65534, 65534) == 0,
              (try? Tool.run("/usr/bin/htpasswd", ["-bc", directory.appendingPathComponent("users").path, Self.user, Self.password], timeout: 30))?.status == 0 else {
            throw Self.failure("the WebDAV server's folders could not be made")
        }
        port = try LoopbackPorts.free()
        let modules = "/usr/lib/apache2/modules"
        let config = directory.appendingPathComponent("httpd.conf")
        try Data("""
        ServerRoot \(directory.path)
        Listen 127.0.0.1:\(port)
        ServerName 127.0.0.1
        LoadModule mpm_event_module \(modules)/mod_mpm_event.so
        LoadModule authn_core_module \(modules)/mod_authn_core.so
        LoadModule authn_file_module \(modules)/mod_authn_file.so
        LoadModule authz_core_module \(modules)/mod_authz_core.so
        LoadModule authz_user_module \(modules)/mod_authz_user.so
        LoadModule auth_basic_module \(modules)/mod_auth_basic.so
        LoadModule dav_module \(modules)/mod_dav.so
        LoadModule dav_fs_module \(modules)/mod_dav_fs.so
        LoadModule alias_module \(modules)/mod_alias.so
        PidFile \(directory.path)/httpd.pid
        ErrorLog \(directory.path)/error.log
        LogLevel info
        User nobody
        Group nogroup
        DavLockDB \(lock.path)/davlock
        Alias /dav \(folder.path)
        <Directory \(folder.path)>
          Dav On
          AuthType Basic
          AuthName "Classic Photos test"
          AuthUserFile \(directory.path)/users
          Require valid-user
        </Directory>

        """.utf8).write(to: config)
        apache = try ChildProcess("/usr/sbin/apache2", ["-f", config.path, "-DFOREGROUND"])
        guard poll(timeout: 20, { LoopbackPorts.accepts(self.port) }) else {
            close()
            throw Self.failure("Apache did not listen: \(log)")
        }
    }

    /// The share's address of its folder, with the user but not the password.
    public var uri: String { "dav://\(Self.user)@127.0.0.1:\(port)/dav/" }

    /// What Apache said.
    public var log: String { (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? "" }

    public func close() {
        apache?.stop()
        apache = nil
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { close() }

    private static func failure(_ text: String) -> NSError {
        NSError(domain: "WebDAVServer", code: 1, userInfo: [NSLocalizedDescriptionKey: text])
    }
}
