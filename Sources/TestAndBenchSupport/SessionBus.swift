// Why this exists: a private D-Bus session bus per test, so the app's GApplication and accessibility have a bus (CI has none).
import Foundation

public final class SessionBus {
    public let address: String
    private let process = Process()

    public init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--print-address=1"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is the address.
        var line = Data()
        let handle = pipe.fileHandleForReading
        while !line.contains(0x0A) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else {
            throw NSError(domain: "SessionBus", code: 1, userInfo: [NSLocalizedDescriptionKey: "dbus-daemon printed no address"])
        }
    }

    deinit {
        process.terminate()
        ProcessReaper.wait(process, timeout: 5)
    }
}

/// Waiting for a child without Process.waitUntilExit, which can hang on this Foundation.
public enum ProcessReaper {
    public static func wait(_ process: Process, timeout: TimeInterval) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        let kill = Date().addingTimeInterval(2)
        while process.isRunning && Date() < kill { usleep(20_000) }
    }
}
