// Why this exists: the filter bar's text read as a filter: plain words find names, and `tag:`, `camera:`, `lens:`, `from:` and `to:` (a value in quotes may hold spaces) find metadata; a term that cannot be read is said, never guessed at.
import Foundation

extension PhotoFilter {
    /// The keys a term may start with.
    public static let keys = ["tag", "camera", "lens", "from", "to"]

    /// The filter `text` asks for, and the terms that could not be read (a date that is not one).
    public static func parse(_ text: String) -> (filter: PhotoFilter, unreadable: [String]) {
        var filter = PhotoFilter(), unreadable: [String] = []
        for term in terms(text) {
            let parts = term.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, keys.contains(parts[0].lowercased()) else {
                filter.words.append(term.lowercased())
                continue
            }
            let value = parts[1].lowercased()
            guard !value.isEmpty else { continue }
            switch parts[0].lowercased() {
            case "tag": filter.tags.append(value.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "/"))
            case "camera": filter.camera.append(value)
            case "lens": filter.lens.append(value)
            case "from":
                if let day = day(value) { filter.from = day.start } else { unreadable.append(term) }
            default:
                if let day = day(value) { filter.to = day.end } else { unreadable.append(term) }
            }
        }
        return (filter, unreadable)
    }

    /// What it asks, in the text's own terms, with the bar's choices (for the trace).
    public var summary: String {
        var terms = words + tags.map { "tag:" + $0 } + camera.map { "camera:" + $0 } + lens.map { "lens:" + $0 }
        if let from { terms.append("from:\(Int(from))") }
        if let to { terms.append("to:\(Int(to))") }
        if minimumRating > 0 { terms.append("rating>=\(minimumRating)") }
        if flags != .any { terms.append(flags.rawValue) }
        if located { terms.append("located") }
        return terms.joined(separator: " ")
    }

    /// The text's terms: split at spaces, but not inside quotes ("camera:\"X100 V\"").
    static func terms(_ text: String) -> [String] {
        var terms: [String] = [], current = "", quoted = false
        for character in text {
            if character == "\"" { quoted.toggle(); continue }
            if character.isWhitespace && !quoted {
                if !current.isEmpty { terms.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { terms.append(current) }
        return terms
    }

    /// A year ("2024"), a month ("2024-05") or a day ("2024-05-01") here: its first and last second.
    package static func day(_ text: String) -> (start: Double, end: Double)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        let year = parts[0]!, month = parts.count > 1 ? parts[1]! : nil, day = parts.count > 2 ? parts[2]! : nil
        guard (1800...2199).contains(year), month.map({ (1...12).contains($0) }) ?? true, day.map({ (1...31).contains($0) }) ?? true else { return nil }
        func local(_ year: Int, _ month: Int, _ day: Int) -> Double? {
            var tm = tm()
            tm.tm_year = Int32(year - 1900)
            tm.tm_mon = Int32(month - 1)
            tm.tm_mday = Int32(day)
            tm.tm_isdst = -1
            let seconds = mktime(&tm)
            return seconds == -1 ? nil : Double(seconds)
        }
        // The next day, month or year's start, less a second (mktime carries an overflowing field).
        let start = local(year, month ?? 1, day ?? 1)
        let next = day != nil ? local(year, month!, day! + 1) : month != nil ? local(year, month! + 1, 1) : local(year + 1, 1, 1)
        guard let start, let next, next > start else { return nil }
        return (start, next - 1)
    }
}
