// Why this exists: a helper's limits watched and set from outside, since its filter lets it touch none of its own: the processor time it has used and may still use, and the memfds it holds.
import Foundation
import HelperIPC

extension HelperProcess {
    /// Processor seconds the helper has used (user and system, from /proc), rounded up.
    var processorSecondsUsed: Int? { ChildSpawn.processorSeconds(of: helperPID) }

    /// Whether it has `seconds` of processor time left for another image, under the hard limit it
    /// started with (`processorBudget`).
    func hasProcessorTime(_ seconds: Int, budget: Int) -> Bool {
        guard let used = processorSecondsUsed else { return false }
        return used + seconds + 1 <= budget
    }

    /// Let it spend `seconds` more of processor time (SIGXCPU past it): set from outside, since the
    /// filter lets no helper touch its own limits. False when it cannot be.
    func limitProcessor(to seconds: Int) -> Bool {
        guard let used = processorSecondsUsed, let hard = ChildSpawn.limitProcessor(of: helperPID, toSeconds: UInt64(used + seconds + 1)) else { return false }
        return UInt64(used + seconds + 1) <= hard
    }

    /// How many memfds it holds open (a helper keeps none between requests: more is an overrun).
    var openMemfds: Int { ChildSpawn.memfds(of: helperPID) ?? Int.max }
}
