// Why this exists: what a stage's work sees while it runs: its cancellable, which reaches the I/O.
import Foundation
import GLibRuntime

/// What the work of a stage sees while it runs.
public struct WorkContext: Sendable {
    /// Passed to libsoup or GIO: cancelling the operation aborts the transfer in flight.
    public let cancellable: Cancellable
    public var isCancelled: Bool { cancellable.isCancelled }
    public init(cancellable: Cancellable) { self.cancellable = cancellable }
}
