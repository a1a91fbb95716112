// Why this exists: the scrolling rules checked on the app's trace: no work starts while scrolling, only visible or prefetched rows start after, off-screen work is cancelled.
import Foundation
import TestAndBenchSupport
import XCTest

struct ScrollTraceChecks {
    let events: [TraceRecord]

    /// Rows visible at each scroll-end, and the rows of each prefetch band.
    var restingVisible: [(t: Double, rows: ClosedRange<Int>)] {
        events.filter { $0.name == .scrollEnd }.compactMap { event in
            guard let range = event.event.range else { return nil }
            return (event.t, range)
        }
    }

    func assertNoWorkStartsWhileScrolling(file: StaticString = #filePath, line: UInt = #line) {
        var scrolling = false
        var begins = 0
        for event in events {
            switch event.name {
            case .scrollBegin: scrolling = true; begins += 1
            case .scrollEnd: scrolling = false
            case .started where scrolling:
                XCTFail("\(event.queue?.rawValue ?? "?") row \(event.row ?? -1) started at \(event.t) while scrolling", file: file, line: line)
            default: break
            }
        }
        XCTAssertGreaterThan(begins, 0, "the input must have produced a scroll", file: file, line: line)
    }

    /// After each scroll-end, work starts only for rows visible then or in the prefetch band that follows,
    /// and every operation of a row now off-screen is cancelled.
    func assertWorkFollowsTheScreen(file: StaticString = #filePath, line: UInt = #line) {
        let ends = events.indices.filter { events[$0].name == .scrollEnd }
        XCTAssertFalse(ends.isEmpty, "no scroll-end", file: file, line: line)
        for (n, index) in ends.enumerated() {
            guard let visible = events[index].event.range else {
                XCTFail("scroll-end without visible rows", file: file, line: line); continue
            }
            let nextBegin = events[(index + 1)...].firstIndex { $0.name == .scrollBegin } ?? events.endIndex
            let window = events[(index + 1)..<nextBegin]
            var allowed = Set(visible)
            for event in window {
                if case .prefetch(let rows) = event.event { allowed.formUnion(rows) }
                // Rows that came on screen a frame or more after the rest, scheduled as they showed.
                if event.name == .visible, let rows = event.event.range { allowed.formUnion(rows) }
                if event.name == .started, let row = event.row, !allowed.contains(row) {
                    XCTFail("after scroll-end #\(n) (visible \(visible)), row \(row) started though neither visible nor prefetched",
                            file: file, line: line)
                }
            }
            // Operations still open at this scroll-end for off-screen rows must be cancelled right away.
            var open: [String: Int] = [:]
            for event in events[..<index] {
                guard let queue = event.queue, let row = event.row else { continue }
                let key = "\(queue.rawValue)/\(row)"
                if event.name == .queued { open[key] = row }
                if event.name == .finished || event.name == .cancelled { open[key] = nil }
            }
            for (key, row) in open where !visible.contains(row) {
                let cancelled = window.contains { $0.name == .cancelled && "\($0.queue?.rawValue ?? "")/\($0.row ?? -1)" == key }
                XCTAssertTrue(cancelled, "\(key) was in progress off-screen at scroll-end #\(n) and was not cancelled", file: file, line: line)
            }
        }
    }

    /// Downloads that completed for rows never visible at rest (initially or at any scroll-end).
    func wastedDownloads(initiallyVisible: ClosedRange<Int>) -> [Int] {
        var seen = Set(initiallyVisible)
        for rest in restingVisible { seen.formUnion(rest.rows) }
        for event in events where event.name == .visible { if let rows = event.event.range { seen.formUnion(rows) } }
        return events.filter { $0.name == .finished && $0.queue == .download }.compactMap(\.row).filter { !seen.contains($0) }
    }
}

extension ScrollTraceChecks {
    /// The rows on screen at launch: those whose downloads started first.
    static func initiallyVisible(_ events: [TraceRecord]) -> ClosedRange<Int> {
        let firstStarted = events.filter { $0.name == .started && $0.queue == .download }.compactMap(\.row)
        let rows = firstStarted.prefix(while: { $0 < 20 })
        return 0...(rows.max() ?? 0)
    }
}

extension AppProcess {
    /// Fling down in bursts of quick wheel clicks until a burst comes to rest at `row` or past it
    /// (at most `bursts`); returns how many it took. GTK speeds wheel scrolling up when clicks come
    /// fast, by an amount that varies run to run, so each burst's rest is looked at.
    @discardableResult
    func fling(_ xvfb: Xvfb, to row: Int, bursts limit: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        try xvfb.run("xdotool", ["mousemove", "360", "300"])
        var bursts = 0, unheard = 0
        while bursts < limit {
            bursts += 1
            let rests = ScrollTraceChecks(events: trace.events).restingVisible.count
            let before = trace.events.count
            try xvfb.run("xdotool", ["click", "--repeat", "6", "--delay", "15", "5"])
            if !trace.wait(timeout: 10, until: { ScrollTraceChecks(events: $0).restingVisible.count > rests }) {
                // What the app did since the burst (whether the wheel reached it: scroll-begin;
                // what it loaded meanwhile), for a rest that never came (1 run in about 40 loaded).
                let since = trace.events.dropFirst(before).filter { $0.name != .frame && $0.name != .phases }
                // A burst the app never heard of (no scroll began: the clicks were lost before
                // GTK, twice in a row in one idle run; in a loaded run the first burst's, while
                // the first rows were still loading, so its trace was not empty) is sent again,
                // at most twice; a scroll that began and never came to rest fails.
                if !since.contains(where: { $0.name == .scrollBegin }), unheard < 2 {
                    unheard += 1
                    continue
                }
                let told = since.suffix(30).map { String(format: "%.3f ", $0.t) + "\($0.event)" }.joined(separator: "\n")
                XCTFail("burst \(bursts) never came to rest; the app's trace since it:\n\(told)", file: file, line: line)
            }
            if let rest = ScrollTraceChecks(events: trace.events).restingVisible.last, rest.rows.lowerBound >= row { break }
        }
        return bursts
    }

    /// The trace's scroll rules after a scroll: no work started while scrolling, work only for
    /// what was on screen (or prefetched) after, at most `width` downloads wasted.
    @discardableResult
    func assertScrollTraceRules(wastingAtMost width: Int, file: StaticString = #filePath, line: UInt = #line) -> [Int] {
        let checks = ScrollTraceChecks(events: trace.events)
        checks.assertNoWorkStartsWhileScrolling(file: file, line: line)
        checks.assertWorkFollowsTheScreen(file: file, line: line)
        let wasted = checks.wastedDownloads(initiallyVisible: ScrollTraceChecks.initiallyVisible(trace.events))
        XCTAssertLessThanOrEqual(wasted.count, width, "wasted downloads \(wasted)", file: file, line: line)
        return wasted
    }

    /// The scroll settled: a scroll-end after the last scroll-begin, and (`filtered`) the rows on
    /// screen since then filtered. Returns the rows on screen: the last rows the app saw there (a
    /// rest's rows can change a frame later, as when a blank screen below them is repaired, and
    /// the app schedules them then).
    func waitForScrollRest(filtered: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws -> ClosedRange<Int> {
        XCTAssertTrue(trace.wait(timeout: 30) { events in
            guard let lastBegin = events.lastIndex(where: { $0.name == .scrollBegin }) else { return false }
            return events[lastBegin...].contains { $0.name == .scrollEnd }
        }, "scrolling ended", file: file, line: line)
        func onScreen() -> ClosedRange<Int>? { trace.events.last { $0.name == .visible || $0.name == .scrollEnd }?.event.range }
        guard filtered else { return try XCTUnwrap(onScreen(), file: file, line: line) }
        XCTAssertTrue(trace.wait(timeout: 60) { _ in
            let states = self.trace.finalStates
            return onScreen()?.allSatisfy { states[$0]?.state == .filtered } ?? false
        }, "visible rows \(String(describing: onScreen())) filtered", file: file, line: line)
        return try XCTUnwrap(onScreen(), file: file, line: line)
    }
}
