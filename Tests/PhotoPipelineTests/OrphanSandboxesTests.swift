// Why this exists: sandboxes left behind by a killed app are ended at the next launch, and nothing else is: a real bubblewrap sandbox orphaned (its outer process killed) is ended with what runs in it, while one at work beside it, and every process the rule does not name, is left alone.
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class OrphanSandboxesTests: XCTestCase {
    func process(name: String = "bwrap", uid: uid_t = 1000, namespacePids: [pid_t] = [4242, 1], arguments: [String] = ["bwrap", "--ro-bind", "/h", "/h", "/h"]) -> OrphanSandboxes.Process {
        OrphanSandboxes.Process(pid: 4242, name: name, uid: uid, parent: 1, namespacePids: namespacePids, arguments: arguments)
    }

    func testOnlyOurOwnSandboxesWhoseOuterProcessIsGoneAreLeftBehind() {
        XCTAssertTrue(OrphanSandboxes.isLeftBehind(process(), parentName: "systemd", helper: "/h", uid: 1000))
        XCTAssertTrue(OrphanSandboxes.isLeftBehind(process(), parentName: nil, helper: "/h", uid: 1000), "its parent gone as it was read")
        XCTAssertFalse(OrphanSandboxes.isLeftBehind(process(), parentName: "bwrap", helper: "/h", uid: 1000), "a sandbox at work")
        XCTAssertFalse(OrphanSandboxes.isLeftBehind(process(namespacePids: [4242]), parentName: "systemd", helper: "/h", uid: 1000),
                       "bubblewrap's outer process (not the first of a PID namespace)")
        XCTAssertFalse(OrphanSandboxes.isLeftBehind(process(namespacePids: [4242, 7]), parentName: "systemd", helper: "/h", uid: 1000))
        XCTAssertFalse(OrphanSandboxes.isLeftBehind(process(uid: 0), parentName: "systemd", helper: "/h", uid: 1000), "another user's")
        XCTAssertFalse(OrphanSandboxes.isLeftBehind(process(name: "flatpak-bwrap"), parentName: "systemd", helper: "/h", uid: 1000))
        XCTAssertFalse(OrphanSandboxes.isLeftBehind(process(arguments: ["bwrap", "/h2"]), parentName: "systemd", helper: "/h", uid: 1000),
                       "another program's sandbox (only whole arguments match)")
    }

    /// The first child of `pid`, once it has one (within 10 s).
    func firstChild(of pid: pid_t) -> pid_t? {
        var found: pid_t?
        _ = poll(timeout: 10) {
            found = ProcReaders.children(of: pid).first
            return found != nil
        }
        return found
    }

    func testARealSandboxLeftBehindIsEndedWithWhatRunsInItAndOneAtWorkIsNot() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap") else { throw XCTSkip("no bubblewrap") }
        let helper = TemporaryFiles.url("orphan-helper-\(UUID().uuidString)")
        try Data("not a program".utf8).write(to: helper)
        defer { try? FileManager.default.removeItem(at: helper) }
        let arguments = ["--unshare-pid", "--ro-bind", "/", "/", "--ro-bind", helper.path, helper.path, "--", "/bin/sleep", "120"]

        let atWork = try ChildProcess("/usr/bin/bwrap", arguments)
        defer { atWork.stop(grace: 1) }
        let leftBehindOuter = try ChildProcess("/usr/bin/bwrap", arguments)
        defer { leftBehindOuter.stop(grace: 1) }
        let working = try XCTUnwrap(firstChild(of: atWork.processIdentifier), "the working sandbox's first process")
        let orphan = try XCTUnwrap(firstChild(of: leftBehindOuter.processIdentifier), "the other sandbox's first process")
        let inside = try XCTUnwrap(firstChild(of: orphan), "what runs in it")
        // The outer process killed as the app's would be, before its sandbox asked to die with it.
        leftBehindOuter.signal(SIGKILL)
        XCTAssertTrue(leftBehindOuter.wait(timeout: 10))
        XCTAssertFalse(ProcReaders.hasEnded(orphan), "the sandbox is left behind")

        let gone = OrphanSandboxes.end(helper: helper.path)
        XCTAssertEqual(gone, [orphan], "only the sandbox left behind is ended")
        XCTAssertTrue(poll(timeout: 10) { ProcReaders.hasEnded(orphan) && ProcReaders.hasEnded(inside) }, "it ended, and what ran in it with it")
        XCTAssertFalse(ProcReaders.hasEnded(working), "the sandbox at work runs on")
        XCTAssertTrue(atWork.isRunning)
        XCTAssertEqual(OrphanSandboxes.end(helper: helper.path), [], "a second sweep finds nothing")
    }
}
