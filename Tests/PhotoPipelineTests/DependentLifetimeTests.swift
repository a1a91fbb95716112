// Why this exists: a viewer's load waits on its row's download; cancelled while the download still runs, it ends at once, and the download must hold it until the download ends: Foundation on Linux reads its dependents, unretained, as it finishes (a freed one crashed the app under load).
import Foundation
import XCTest
@testable import PhotoPipeline
@testable import PhotoFetching
@testable import PhotoTrace

final class DependentLifetimeTests: XCTestCase {
    /// Runs until it is let go.
    final class Held: StageWork, @unchecked Sendable {
        let stage = Stage.download
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        func run(_ context: WorkContext) -> StageOutcome {
            started.signal()
            release.wait()
            return .failed("done")
        }
    }

    final class Quick: StageWork, @unchecked Sendable {
        let stage = Stage.filtration
        func run(_ context: WorkContext) -> StageOutcome { .failed("done") }
    }

    func testACancelledDependentLivesUntilItsDependencyFinishes() {
        let held = Held()
        let download = PhotoOperation(row: 0, key: ImageKey(url: "held:", pixels: 1, variant: .original), work: held, trace: Trace())
        let downloads = OperationQueue(), viewers = OperationQueue()
        downloads.addOperation(download)
        XCTAssertEqual(held.started.wait(timeout: .now() + 30), .success, "the download runs")

        weak var weakDependent: PhotoOperation?
        do {
            let dependent = PhotoOperation(row: 0, key: ImageKey(url: "held:", pixels: 1, variant: .sepia(milli: 800)), work: Quick(), trace: Trace())
            dependent.waitFor(download)
            weakDependent = dependent
            viewers.addOperation(dependent)
            dependent.cancel()
        }
        // Cancelled, it is ready at once: the queue ends it and lets it go.
        viewers.waitUntilAllOperationsAreFinished()
        XCTAssertNotNil(weakDependent, "the running download still holds its cancelled dependent")

        held.release.signal()
        downloads.waitUntilAllOperationsAreFinished()
        XCTAssertTrue(download.isFinished)
        // Held no longer than that: let go once the download has told its queue (on the
        // download's thread, just after the queue hears of it).
        let deadline = Date().addingTimeInterval(30)
        while weakDependent != nil, Date() < deadline { usleep(1000) }
        XCTAssertNil(weakDependent, "the finished download let its dependent go")
    }
}
