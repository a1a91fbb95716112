// Why this exists: a private D-Bus session bus per test, so the app's GApplication and accessibility have a bus (CI has none).
import Foundation

public final class SessionBus {
    public let address: String
    private let process: ChildProcess

    /// A runtime folder of its own: the accessibility services the bus starts keep their sockets
    /// there (by default all sessions would share ~/.cache/at-spi/bus).
    public let runtimeDirectory: String

    public init() throws {
        runtimeDirectory = TemporaryFiles.url("bus-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: runtimeDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
        do {
            process = try ChildProcess("/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1",
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

    /// Stop the bus and whatever it started (accessibility services).
    public func stop() {
        process.stop()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    deinit { stop() }
}
