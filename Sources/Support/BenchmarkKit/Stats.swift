// Why this exists: the figures every benchmark reports: median, minimum and maximum over repetitions.
import Foundation

public struct Result: Codable, Sendable {
    public var name: String
    public var unit: String
    public var median: Double
    public var min: Double
    public var max: Double
    public var repetitions: Int
    /// What the target says, e.g. "≤ 17" or "≥ 0.9", and whether the median meets it (or,
    /// for a target every repetition must meet, whether each one does).
    public var target: String?
    public var met: Bool?
    public var note: String?

    public init(name: String, unit: String, values: [Double], target: String? = nil, met: ((Double) -> Bool)? = nil,
                everyRepetition: Bool = false, note: String? = nil) {
        let sorted = values.sorted()
        self.name = name
        self.unit = unit
        median = sorted.isEmpty ? .nan : (sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2)
        min = sorted.first ?? .nan
        max = sorted.last ?? .nan
        repetitions = values.count
        self.target = target.map { everyRepetition ? "\($0), every repetition" : $0 }
        self.met = met.map { rule in everyRepetition ? !values.isEmpty && values.allSatisfy(rule) : rule(median) }
        self.note = note
    }
}

/// Percentile (0…100) of a sample, by nearest rank.
public func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank))]
}

/// Time `body` `repetitions` times; seconds each.
public func timeIt(_ repetitions: Int, _ body: () throws -> Void) rethrows -> [Double] {
    var times: [Double] = []
    for _ in 0..<repetitions {
        let start = ProcessInfo.processInfo.systemUptime
        try body()
        times.append(ProcessInfo.processInfo.systemUptime - start)
    }
    return times
}
