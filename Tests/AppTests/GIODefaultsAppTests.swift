// Why this exists: the app froze before its first rows, now and then under load: GLib 2.74 deadlocks when a worker makes the default proxy resolver as the main thread makes the default settings backend (about 5 races in 100 here). The app makes both first, on the main thread (GIODefaults); raced that way in 100 fresh processes, none deadlocks.
import Foundation
import TestAndBenchSupport
import XCTest

final class GIODefaultsAppTests: XCTestCase {
    func testDefaultsMadeFirstNeverDeadlock() throws {
        let probe = URL(fileURLWithPath: AppProcess.binary).deletingLastPathComponent().appendingPathComponent("GIORaceProbe").path
        var stuck = 0
        for _ in 0..<100 {
            // A deadlocked probe is killed at the deadline and counted.
            let run = try Tool.run(probe, ["--defaults-first"], timeout: 10)
            if run.status != 0 { stuck += 1 }
        }
        XCTAssertEqual(stuck, 0, "races that did not finish")
    }
}
