// Why this exists: a failing app test's state in one line (CI shows a failure's first line only): the trace's events since a point, what has the keyboard focus, and where the main thread is, so that a failure seen once in a loaded run can be read without running it again.
import Foundation
import PhotoTrace

extension AppProcess {
    /// The accessible object that has the focus, the time of the last event of any kind (a
    /// frame included), the main thread's innermost functions, and the events after the first
    /// `after` (the last `count`; frames, probes and each operation's queued, started, finished
    /// and image left out: a row's states say where it got), on one line.
    public func diagnosis(eventsAfter after: Int = 0, count: Int = 40) -> String {
        let left: Set<TraceEvent.Name> = [.frame, .phases, .stall, .queued, .started, .finished, .image]
        let all = trace.events
        let events = all.dropFirst(after).filter { !left.contains($0.name) }.suffix(count)
            .map { String(format: "%.3f ", $0.t) + Self.brief($0.event) }
        let focus = (try? AccessibleNames.focused(self))?.map { "\($0.role) “\($0.name)”" } ?? []
        let last = all.last.map { String(format: "%.3f (%@)", $0.t, $0.name.rawValue) } ?? "none"
        return "[focus: \(focus.isEmpty ? "nothing" : focus.joined(separator: ", "))] [last event of any kind: \(last)]"
            + " [main thread: \(mainThreadFrames())] [events: \(events.joined(separator: " | "))]"
    }

    /// An event without its module's prefixes, which make a line of them twice as long.
    static func brief(_ event: TraceEvent) -> String {
        if case .state(let row, let state, let reason, _) = event { return "row \(row) \(state.rawValue)" + (reason.map { " (\($0))" } ?? "") }
        return "\(event)".replacingOccurrences(of: "PhotoTrace.", with: "").replacingOccurrences(of: "PhotoFetching.", with: "")
    }

    /// The main thread's innermost functions, read by gdb, innermost first.
    func mainThreadFrames(_ count: Int = 10) -> String {
        let gdb = "/usr/bin/gdb"
        guard process.isRunning, FileManager.default.isExecutableFile(atPath: gdb) else { return "(not read: the app has ended, or gdb is not installed)" }
        guard let read = try? Tool.run(gdb, ["-p", String(process.processIdentifier), "-batch", "-nx", "-ex", "bt \(count)"], timeout: 60)
        else { return "(gdb could not read it)" }
        // "#3  0x… in g_main_context_iterate (…) at …", or "#0  poll (…)" with no address: the
        // function's name.
        let functions = read.output.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("#") else { return nil }
            let rest = line.range(of: " in ").map { line[$0.upperBound...] } ?? line.drop { $0 != " " }
            // (Swift's mangled names cut short: their start names the module and the type.)
            return rest.split(separator: " ").first.map { String($0.prefix(48)) }
        }
        return functions.isEmpty ? "(none read)" : functions.joined(separator: " < ")
    }
}
