// Why this exists: nothing the tests or benchmarks start outlives them: a probe starts Xvfb, D-Bus, a server, the app and a script, and afterwards no process it started is alive, whether it ended normally, threw, got SIGTERM or SIGINT, or was killed with SIGKILL.
import Foundation
import TestAndBenchSupport
import XCTest

final class ProcessLifetimeAppTests: XCTestCase {
    static var probe: String {
        URL(fileURLWithPath: AppProcess.binary).deletingLastPathComponent().appendingPathComponent("ChildLifetimeProbe").path
    }

    /// Processes whose environment carries `marker`, except `excluding`.
    static func processes(marked marker: String, excluding: Int32? = nil) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> String? in
            guard let pid = Int32(entry), pid != excluding,
                  let environ = Self.read("/proc/\(pid)/environ"),
                  environ.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == "\(ChildProcess.ownerVariable)=\(marker)" })
            else { return nil }
            // A zombie waiting to be reaped is not running.
            if let stat = Self.read("/proc/\(pid)/stat").map({ String(decoding: $0, as: UTF8.self) }),
               let state = stat.split(separator: ")").last?.split(separator: " ").first, state == "Z" { return nil }
            let command = Self.read("/proc/\(pid)/cmdline")
                .map { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\0", with: " ") } ?? "?"
            return "\(pid): \(command)"
        }
    }

    /// A /proc file (they report a size of 0, so read until the end).
    static func read(_ path: String) -> Data? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Foundation.read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    /// Run the probe in `mode`; `ending` ends it once everything runs (nil: it ends by itself).
    func check(_ mode: String, ending: ((ChildProcess) -> Void)?, file: StaticString = #filePath, line: UInt = #line) throws {
        let marker = "lifetime-\(mode)-\(UUID().uuidString.prefix(8))"
        var environment = ProcessInfo.processInfo.environment
        environment[ChildProcess.ownerVariable] = marker
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let probe = try ChildProcess(Self.probe, [mode], environment: environment, stdout: fds[1])
        close(fds[1])
        let output = FileHandle(fileDescriptor: fds[0], closeOnDealloc: true)
        if let ending {
            let ready = output.availableData // blocks until the probe prints "ready"
            XCTAssertTrue(String(decoding: ready, as: UTF8.self).hasPrefix("ready"), "the probe started everything", file: file, line: line)
            let started = Self.processes(marked: marker, excluding: probe.processIdentifier)
            XCTAssertGreaterThanOrEqual(started.count, 4, "Xvfb, dbus-daemon, the app and the script run: \(started)", file: file, line: line)
            ending(probe)
        }
        XCTAssertTrue(probe.wait(timeout: 90), "the probe ended", file: file, line: line)
        let left = poll(timeout: 10) { Self.processes(marked: marker).isEmpty }
        XCTAssertTrue(left, "\(mode): still alive: \(Self.processes(marked: marker))", file: file, line: line)
    }

    func testNothingOutlivesANormalEnd() throws { try check("end", ending: nil) }
    func testNothingOutlivesAThrownError() throws { try check("throw", ending: nil) }
    func testNothingOutlivesSIGTERM() throws { try check("wait", ending: { $0.signal(SIGTERM) }) }
    func testNothingOutlivesSIGINT() throws { try check("wait", ending: { $0.signal(SIGINT) }) }
    func testNothingOutlivesSIGKILL() throws { try check("wait", ending: { $0.signal(SIGKILL) }) }
}
