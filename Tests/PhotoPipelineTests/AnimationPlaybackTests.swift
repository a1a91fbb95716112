// Why this exists: an animation's frame delays as browsers treat them: under 20 ms is "as fast as you can", played at 100 ms; a frame shown for ever ends the playback.
import Foundation
@testable import PhotoPipeline
import XCTest

final class AnimationPlaybackTests: XCTestCase {
    func testShortDelaysPlayAt100MillisecondsAndTheLastFrameEndsIt() {
        XCTAssertEqual(AnimationPlayback.wait(0), 100)
        XCTAssertEqual(AnimationPlayback.wait(19), 100)
        XCTAssertEqual(AnimationPlayback.wait(20), 20)
        XCTAssertEqual(AnimationPlayback.wait(250), 250)
        XCTAssertNil(AnimationPlayback.wait(nil), "a frame shown for ever: no timer")
    }
}
