// Why this exists: what the gallery asks of whoever schedules it (the app's scroll rules): whether a row is still wanted when its download lands, and at what priority a row's work starts. Handed to the gallery when it is made, so no later consumer can silently replace it.
import Foundation

@MainActor
public protocol RowDemand: AnyObject {
    /// Asked after a download lands: should the row go straight on to filtering?
    func isWanted(_ row: Int) -> Bool
    /// Priority for a row's new operations (visible rows first).
    func priority(of row: Int) -> Operation.QueuePriority
}

/// Every row is wanted, at normal priority: a gallery nothing schedules (tests, `--naive`).
@MainActor
public final class EveryRow: RowDemand {
    public init() {}
    public func isWanted(_ row: Int) -> Bool { true }
    public func priority(of row: Int) -> Operation.QueuePriority { .normal }
}
