// Why this exists: a shaped link to a server on this machine for the share benchmarks (slow-link.py: each byte delayed half the round trip each way, each direction paced to a rate), since this kernel has no `tc netem`.
import Foundation

public final class SlowLink {
    /// Where to connect to reach the server through the link.
    public let port: Int
    private let proxy: ChildProcess

    public init(to target: Int, roundTripMs: Int, megabits: Int) throws {
        port = try LoopbackPorts.free()
        let script = SamplePhotos.repositoryRoot.appendingPathComponent("Sources/Support/TestAndBenchSupport/Scripts/slow-link.py").path
        proxy = try ChildProcess("/usr/bin/python3", [script, String(port), String(target), String(roundTripMs), String(megabits)])
        guard poll(timeout: 10, { LoopbackPorts.accepts(self.port) }) else {
            proxy.stop()
            throw NSError(domain: "SlowLink", code: 1, userInfo: [NSLocalizedDescriptionKey: "the link's proxy did not listen"])
        }
    }

    public func close() { proxy.stop() }
    deinit { close() }
}
