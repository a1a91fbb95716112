// Why this exists: the pipeline's tests run its helper-side code in their own process, as the helper's program does: with the photo parsers' libraries linked (LinkedParsers), which the app's program never has.
import DecodeHelper
import XCTest

class PipelineTestCase: XCTestCase {
    override class func setUp() {
        super.setUp()
        LinkedParsers.link()
    }
}
