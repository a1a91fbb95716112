// Why this exists: names the frames of the app's `stall-stack` events ("module+0xoffset") with llvm-symbolizer and swift-demangle, so a benchmark's stall says which code made it.
import Foundation
import TestAndBenchSupport

enum StackNames {
    /// Each frame's function name (Swift names demangled, short), or the frame as given when it cannot be named.
    static func name(_ frames: [String]) -> [String: String] {
        var byModule: [String: [String]] = [:]
        for frame in Set(frames) {
            guard let plus = frame.range(of: "+0x", options: .backwards) else { continue }
            byModule[String(frame[..<plus.lowerBound]), default: []].append(String(frame[plus.upperBound...]))
        }
        var names: [String: String] = [:]
        for (module, offsets) in byModule {
            guard let output = try? Tool.run("/usr/bin/llvm-symbolizer", ["--obj=\(module)", "--no-inlines"] + offsets.map { "0x" + $0 }, timeout: 60).output
            else { continue }
            // Two lines per address (function, file:line), then a blank line.
            let functions = output.components(separatedBy: "\n\n").map { $0.split(separator: "\n").first.map(String.init) ?? "??" }
            for (offset, function) in zip(offsets, functions) where function != "??" {
                names["\(module)+0x\(offset)"] = function
            }
        }
        let mangled = Array(Set(names.values.filter { $0.hasPrefix("$s") }))
        if !mangled.isEmpty, let output = try? Tool.run("/opt/swift/usr/bin/swift-demangle", ["--simplified", "--compact"] + mangled, timeout: 60).output {
            let demangled = Dictionary(zip(mangled, output.split(separator: "\n").map(String.init)), uniquingKeysWith: { first, _ in first })
            for (frame, function) in names { names[frame] = demangled[function] ?? function }
        }
        return names
    }

    /// A stall's first sample as a line: its innermost frames of interest, named, innermost
    /// first (the sampler's own signal frames left out).
    static func describe(_ stacks: String, depth: Int = 10) -> String {
        let samples = stacks.split(separator: ";").map { $0.split(separator: " ").map(String.init) }
        guard let first = samples.first else { return "no sample" }
        let names = name(samples.flatMap { $0 })
        let named = first.map { names[$0] ?? ($0.split(separator: "/").last.map(String.init) ?? $0) }
        // The handler, then the kernel's return trampoline; what was interrupted comes after.
        let interrupted = named.drop { !$0.contains("__restore_rt") && !$0.contains("libc.so") }.dropFirst()
        let shown = (interrupted.isEmpty ? named[...] : interrupted).prefix(depth)
        return "\(samples.count) sample(s), the first: " + shown.joined(separator: " ← ")
    }
}
