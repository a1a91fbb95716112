// Why this exists: reads what a screen reader sees of the running app (every accessible role and name, over AT-SPI on the app's own session bus).
import Foundation

public enum AccessibleNames {
    public struct Entry: Sendable, Equatable {
        public let role: String
        public let name: String
    }

    /// Wait until some accessible name the app shows contains `text`; false at the timeout.
    public static func wait(_ app: AppProcess, forNameContaining text: String, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if ((try? read(app)) ?? []).contains(where: { $0.name.contains(text) }) { return true }
            usleep(200_000)
        } while Date() < deadline
        return false
    }

    /// What has the keyboard focus: its role, name and, for text fields, the text typed in it.
    public struct Focused: Sendable, Equatable {
        public let role: String
        public let name: String
        public let text: String
    }

    /// Every accessible object's role and name the app exposes now.
    public static func read(_ app: AppProcess) throws -> [Entry] {
        try lines(app, []).compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            return parts.count == 2 ? Entry(role: parts[0], name: parts[1]) : nil
        }
    }

    /// The accessible objects that have the keyboard focus now (one, or none while a window
    /// is still being mapped).
    public static func focused(_ app: AppProcess) throws -> [Focused] {
        try lines(app, ["--focused"]).compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            return parts.count == 3 ? Focused(role: parts[0], name: parts[1], text: parts[2]) : nil
        }
    }

    /// Each accessible object's name and description, for those that have one (a failed row's
    /// description is its reason, as a screen reader reads it).
    public static func descriptions(_ app: AppProcess) throws -> [(name: String, description: String)] {
        try lines(app, ["--descriptions"]).compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }

    /// Each label's accessible name and its text (the Details panel names each value by its heading).
    public static func labelTexts(_ app: AppProcess) throws -> [(name: String, text: String)] {
        try lines(app, ["--texts"]).compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }

    /// Click the showing button called `name` through its AT-SPI action; false if there is none.
    public static func press(_ app: AppProcess, _ name: String) throws -> Bool {
        do {
            _ = try lines(app, ["--press", name])
            return true
        } catch let error as NSError where error.domain == "AccessibleNames" && error.code == 4 {
            return false
        }
    }

    /// Put `text` in the showing text field called `name` (a dialog's "Password"), as assistive
    /// technology does; false if there is none.
    public static func fill(_ app: AppProcess, _ name: String, with text: String) throws -> Bool {
        do {
            _ = try lines(app, ["--fill", name, text])
            return true
        } catch let error as NSError where error.domain == "AccessibleNames" && error.code == 4 {
            return false
        }
    }

    /// Where the first object whose name starts with `prefix` is, in its window's coordinates
    /// (Xvfb has no window manager: the window is at the screen's origin); nil if there is none.
    /// `item`: the extents of its parent instead (a row's whole list item, the theme's padding
    /// around the row's own box included).
    public static func extents(_ app: AppProcess, ofNameStartingWith prefix: String, item: Bool = false) throws -> (x: Int, y: Int, width: Int, height: Int)? {
        do {
            let numbers = try lines(app, [item ? "--item-extents" : "--extents", prefix]).first?.split(separator: " ").compactMap { Int($0) } ?? []
            return numbers.count == 4 ? (numbers[0], numbers[1], numbers[2], numbers[3]) : nil
        } catch let error as NSError where error.domain == "AccessibleNames" && error.code == 4 {
            return nil
        }
    }

    private static func lines(_ app: AppProcess, _ arguments: [String]) throws -> [Substring] {
        let script = SamplePhotos.repositoryRoot.appendingPathComponent("Sources/Support/TestAndBenchSupport/Scripts/atspi-names.py").path
        // A freshly started app registers with the AT-SPI registry a moment after its window
        // shows (later still on a loaded machine): not found (status 3) is asked again for 3 s.
        var result = try Tool.run("/usr/bin/python3", [script] + arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": app.busAddress])
        let deadline = Date().addingTimeInterval(3)
        while result.status == 3, Date() < deadline {
            usleep(250_000)
            result = try Tool.run("/usr/bin/python3", [script] + arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": app.busAddress])
        }
        guard result.status == 0 else {
            throw NSError(domain: "AccessibleNames", code: Int(result.status),
                          userInfo: [NSLocalizedDescriptionKey: "the AT-SPI reader did not find the app (status \(result.status))"])
        }
        return result.output.split(separator: "\n")
    }
}
