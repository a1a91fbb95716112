// Why this exists: prints the benchmark table and writes the JSON (the machine, then one object per benchmark).
import Foundation

public enum Report {
    public static func table(_ results: [Result]) -> String {
        var lines = ["| benchmark | median | min | max | reps | target | met |", "|---|---:|---:|---:|---:|---|---|"]
        for r in results {
            let met = r.met.map { $0 ? "yes" : "**no**" } ?? ""
            lines.append("| \(r.name) | \(format(r.median)) \(r.unit) | \(format(r.min)) | \(format(r.max)) | \(r.repetitions) | \(r.target ?? "") | \(met) |")
        }
        return lines.joined(separator: "\n")
    }

    /// `{"machine": {…}, "results": [{…}, …]}`.
    public static func json(_ results: [Result], machine: Machine = .current()) throws -> Data {
        struct Run: Encodable { let machine: Machine; let results: [Result] }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(Run(machine: machine, results: results))
    }

    public static func format(_ value: Double) -> String {
        if value.isNaN { return "–" }
        if abs(value) >= 100 { return String(format: "%.0f", value) }
        if abs(value) >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }
}
