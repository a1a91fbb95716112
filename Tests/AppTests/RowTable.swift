// Why this exists: the app tests' galleries of rows that must each end a given way ("filtered", or failed with a reason): written as a manifest, waited for, and checked row by row, in one place.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

struct RowTable {
    /// A row's name, its URL, and how it must end: "filtered", the reason it fails with, or
    /// "code:NAME", its failure's code (`StageFailure.Code`), whatever the words.
    typealias Row = (name: String, url: String, expect: String)
    let rows: [Row]
    /// Whether a failure's reason must only contain `expect` (it adds details that vary).
    var reasonsContain = false

    init(_ rows: [Row], reasonsContain: Bool = false) {
        self.rows = rows
        self.reasonsContain = reasonsContain
    }

    /// The rows as a JSON manifest, in order.
    var json: String {
        "[" + rows.map { "{\"name\": \"\($0.name)\", \"url\": \"\($0.url)\"}" }.joined(separator: ",\n") + "]"
    }

    /// Wait until every row has ended (filtered or failed), within `timeout`.
    func waitForEveryRow(_ app: AppProcess, timeout: TimeInterval, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(app.trace.wait(timeout: timeout) { _ in
            let states = app.trace.finalStates
            return rows.indices.allSatisfy { [PhotoState.filtered, .failed].contains(states[$0]?.state) }
        }, "every row ended; states: \(app.trace.finalStates.mapValues { "\($0.state?.rawValue ?? "") \($0.reason ?? "")" }); stderr: \(app.stderr.suffix(500))",
        file: file, line: line)
    }

    /// Each row ended as it must.
    func assertEnded(_ app: AppProcess, file: StaticString = #filePath, line: UInt = #line) {
        let states = app.trace.finalStates
        for (index, row) in rows.enumerated() {
            if row.expect == "filtered" {
                XCTAssertEqual(states[index]?.state, .filtered, row.name, file: file, line: line)
                continue
            }
            XCTAssertEqual(states[index]?.state, .failed, row.name, file: file, line: line)
            if row.expect.hasPrefix("code:") {
                // By the failure's stable code, whatever its words say.
                XCTAssertEqual(states[index]?.code?.rawValue, String(row.expect.dropFirst(5)), "\(row.name): \(states[index]?.reason ?? "no reason")",
                               file: file, line: line)
            } else if reasonsContain {
                XCTAssertTrue(states[index]?.reason?.contains(row.expect) == true, "\(row.name): \(states[index]?.reason ?? "no reason")",
                              file: file, line: line)
            } else {
                XCTAssertEqual(states[index]?.reason, row.expect, row.name, file: file, line: line)
            }
        }
    }
}
