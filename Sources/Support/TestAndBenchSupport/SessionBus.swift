// Why this exists: a private D-Bus session bus per test, so the app's GApplication and accessibility have a bus (CI has none).
import Foundation

public final class SessionBus {
    public let address: String
    private let process: ChildProcess

    /// A runtime folder of its own: the accessibility services the bus starts keep their sockets
    /// there (by default all sessions would share ~/.cache/at-spi/bus).
    public let runtimeDirectory: String

    /// The desktop's portals and their backends, by their D-Bus names' prefixes.
    public static let portalServices = ["org.freedesktop.portal", "org.freedesktop.impl.portal"]

    /// `withoutServices`: D-Bus services (by name prefix, "org.freedesktop.portal") this bus cannot
    /// start: a session with no portal, where the installed services would start one on demand.
    /// `services`: D-Bus service files of the test's own (file name → contents) the bus can start
    /// too (an app activated as a service).
    /// `shortPath`: a runtime folder with a short path, directly under /tmp (GVfs's sftp backend
    /// keeps OpenSSH's control socket there, whose path may not be 108 bytes or more).
    /// `privateRoot`: the bus, and every service it starts (GVfs's daemons, and the ssh they
    /// run), see an empty home folder of root's of their own (a tmpfs in a mount namespace of
    /// theirs, gone with them): ssh's known_hosts, which it finds from the user's entry and not
    /// from HOME, is the test's and not the machine's.
    public init(withoutServices excluded: [String] = [], services extra: [String: String] = [:], shortPath: Bool = false,
                privateRoot: Bool = false) throws {
        if shortPath {
            var template = Array("/tmp/cpbus-XXXXXX".utf8CString)
            guard mkdtemp(&template) != nil else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
            runtimeDirectory = String(cString: template)
        } else {
            runtimeDirectory = TemporaryFiles.url("bus-\(UUID().uuidString)").path
        }
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var configuration = ["--session"]
        if !excluded.isEmpty || !extra.isEmpty {
            // The session bus's own rules, with a services folder of its own: the installed
            // services but the excluded ones.
            let services = runtimeDirectory + "/services"
            try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
            let installed = "/usr/share/dbus-1/services"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: installed)) ?? []
            where !excluded.contains(where: { name.hasPrefix($0) }) {
                try? FileManager.default.copyItem(atPath: "\(installed)/\(name)", toPath: "\(services)/\(name)")
            }
            for (name, contents) in extra { try Data(contents.utf8).write(to: URL(fileURLWithPath: "\(services)/\(name)")) }
            let config = runtimeDirectory + "/bus.conf"
            try Data("""
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <keep_umask/>
              <listen>unix:dir=\(runtimeDirectory)</listen>
              <servicedir>\(services)</servicedir>
              <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
            </busconfig>
            """.utf8).write(to: URL(fileURLWithPath: config))
            configuration = ["--config-file=\(config)"]
        }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
        do {
            // (unshare and sh each exec the next: the bus keeps the pid that is stopped.)
            let wrapper = privateRoot ? ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c",
                                         "mount -t tmpfs -o mode=0700 classic-photos-root /root && exec \"$@\"", "sh", "/usr/bin/dbus-daemon"] : []
            process = try ChildProcess(wrapper.first ?? "/usr/bin/dbus-daemon", Array(wrapper.dropFirst()) + configuration + ["--nofork", "--print-address=1",
                                                                   // A socket with a path (not an abstract one), so an app in a
                                                                   // network namespace of its own reaches the bus too.
                                                                   "--address=unix:dir=\(runtimeDirectory)"],
                                   environment: environment, stdout: fds[1])
        } catch {
            close(fds[0]); close(fds[1])
            throw error
        }
        close(fds[1])
        // The first line is the address.
        let handle = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else {
            process.stop()
            throw NSError(domain: "SessionBus", code: 1, userInfo: [NSLocalizedDescriptionKey: "dbus-daemon printed no address"])
        }
    }

    /// Start D-Bus services by name and wait until each owns it, as a desktop session has them
    /// running before an app starts (GTK asks for the portal and the accessibility bus at start).
    /// `environment` is what the services start with (a GTK backend needs the display).
    /// Returns the names that could not be started.
    @discardableResult
    public func startServices(_ names: [String], environment: [String: String] = [:]) -> [String] {
        if !environment.isEmpty {
            let variables = environment.map { "'\($0.key)': '\($0.value)'" }.joined(separator: ", ")
            _ = try? Tool.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                                 "--method", "org.freedesktop.DBus.UpdateActivationEnvironment", "{\(variables)}"],
                              environment: ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": runtimeDirectory], timeout: 30)
        }
        return names.filter { name in
            let started = try? Tool.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                                           "--method", "org.freedesktop.DBus.StartServiceByName", name, "0"],
                                        environment: ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_RUNTIME_DIR": runtimeDirectory], timeout: 30)
            return started?.status != 0
        }
    }

    /// What a GNOME session runs before any app starts, of what the app asks for as it starts.
    public static let desktopServices = ["org.a11y.Bus", "org.freedesktop.portal.Desktop", "org.freedesktop.impl.portal.desktop.gtk"]

    /// Stop the bus and whatever it started (accessibility services).
    public func stop() {
        process.stop()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    deinit { stop() }
}
