// Why this exists: every process the tests and benchmarks start (Xvfb, the app, D-Bus, helper scripts, tools) starts here, so none can outlive them: killed at exit, on SIGINT/SIGTERM/SIGHUP, and by the kernel if we are killed outright.
import CChildProcess
import Foundation

/// A child process started with `cp_spawn` (see Sources/Support/CChildProcess): it receives SIGKILL
/// when this process dies (PR_SET_PDEATHSIG, so even `kill -9` leaves nothing), and it leads a
/// process group of its own, which is killed as a whole by `stop()`, at exit and on SIGINT,
/// SIGTERM and SIGHUP. Don't rely on `deinit`: globals are never deinitialised at exit.
public final class ChildProcess: @unchecked Sendable {
    public let processIdentifier: Int32
    public let executable: String
    private let lock = NSLock()
    private var exitStatus: Int32?

    /// Every child carries this in its environment (so do its descendants): tests find any
    /// process this one started, wherever it was reparented to.
    public static let ownerVariable = "CLASSIC_PHOTOS_TEST_OWNER"
    public static let owner: String = ProcessInfo.processInfo.environment[ownerVariable]
        ?? "\(getpid())-\(UUID().uuidString.prefix(8))"

    /// `stdout`/`stderr`: file descriptors to write to (nil: /dev/null). `executable` may be a
    /// bare name, looked up on PATH.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                stdout: Int32? = nil, stderr: Int32? = nil) throws {
        let path = try Self.resolve(executable)
        self.executable = path
        var environment = environment ?? ProcessInfo.processInfo.environment
        if environment[Self.ownerVariable] == nil { environment[Self.ownerVariable] = Self.owner }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let pid = argv.withUnsafeBufferPointer { a in
            envp.withUnsafeBufferPointer { e in
                cp_spawn(path, a.baseAddress, e.baseAddress, -1, stdout ?? -1, stderr ?? -1)
            }
        }
        guard pid > 0 else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(-pid),
                          userInfo: [NSLocalizedDescriptionKey: "cannot start \(path): \(String(cString: strerror(-pid)))"])
        }
        processIdentifier = pid
    }

    static func resolve(_ name: String) throws -> String {
        if name.contains("/") { return name }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw NSError(domain: "ChildProcess", code: 2, userInfo: [NSLocalizedDescriptionKey: "\(name) is not on PATH"])
    }

    /// Whether it is still running (reaps it once it has exited).
    public var isRunning: Bool {
        lock.withLock {
            guard exitStatus == nil else { return false }
            var status: Int32 = 0
            let result = waitpid(processIdentifier, &status, WNOHANG)
            if result == processIdentifier || (result < 0 && errno == ECHILD) {
                exitStatus = result == processIdentifier ? status : -1
                cp_unregister(processIdentifier)
                return false
            }
            return true
        }
    }

    /// The exit code (or 128 + the signal that killed it); nil while it runs.
    public var terminationStatus: Int32? {
        guard !isRunning, let status = lock.withLock({ exitStatus }) else { return nil }
        if status < 0 { return status }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    public func signal(_ signal: Int32) {
        if isRunning { kill(processIdentifier, signal) }
    }

    /// Wait for it to exit, up to `timeout`; true if it did. The result must be used: a wait
    /// that timed out is something the caller has to report.
    public func wait(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning {
            if Date() > deadline { return false }
            usleep(10_000)
        }
        return true
    }

    /// SIGTERM to its whole process group (so what it started, such as the accessibility
    /// services a D-Bus daemon launched, can clean up), then SIGKILL to the group after `grace`.
    public func stop(grace: TimeInterval = 5) {
        kill(-processIdentifier, SIGTERM)
        if isRunning { kill(processIdentifier, SIGTERM) }
        if !wait(timeout: grace) { kill(processIdentifier, SIGKILL) }
        // What is left of the group gets a moment to exit on its own, then SIGKILL.
        let deadline = Date().addingTimeInterval(min(grace, 1))
        while kill(-processIdentifier, 0) == 0 && Date() < deadline { usleep(10_000) }
        kill(-processIdentifier, SIGKILL)
        // After SIGKILL there is nothing more to do: a child that is still not reaped is a zombie
        // the reaper thread collects.
        _ = wait(timeout: 2)
    }

    deinit { stop(grace: 1) }

    /// Kill every child this process started (their groups), at once.
    public static func stopAll() { cp_stop_all() }
}

/// Runs a command-line tool, waits for it and returns its output (stdout).
public enum Tool {
    public static func run(_ tool: String, _ arguments: [String], environment extra: [String: String] = [:],
                           timeout: TimeInterval = 60) throws -> (output: String, status: Int32) {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
        let child: ChildProcess
        do {
            child = try ChildProcess(tool, arguments, environment: environment, stdout: fds[1])
        } catch {
            close(fds[0]); close(fds[1])
            throw error
        }
        close(fds[1])
        let reader = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
        // The tool is killed at the deadline, which ends the read.
        let watchdog = DispatchWorkItem { child.signal(SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let output = reader.readDataToEndOfFile()
        watchdog.cancel()
        // A tool that closed its output but did not exit in time reports status -1.
        let exited = child.wait(timeout: timeout)
        return (String(decoding: output, as: UTF8.self), exited ? child.terminationStatus ?? -1 : -1)
    }
}
