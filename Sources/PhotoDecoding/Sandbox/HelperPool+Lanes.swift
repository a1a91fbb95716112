// Why this exists: an export's helpers are a lane of their own beside the list's, so that an export and a list at rest never stop and start each other's helpers; and they are stopped when the export ends.
import Foundation

extension HelperPool {
    /// Whose photos a helper decodes: the list's and the viewer's, or an export's. An export's
    /// helper lowers its own priority for the rest of its life (it cannot raise it back), so it
    /// serves exports only.
    package enum Lane: Hashable, Sendable {
        case gallery, export

        init(origin: String?) {
            self = origin?.hasPrefix(HelperPool.exportPrefix) == true ? .export : .gallery
        }
    }

    private static let exportPrefix = "export "

    /// The origin an export's photos of `origin` are decoded under: a helper of the export lane.
    package static func exportOrigin(_ origin: String?) -> String { exportPrefix + (origin ?? "") }

    /// Stop the export lane's idle helpers (an export has ended; lent ones stop as they come back
    /// only if they must, and are otherwise kept for the next export). They leave the pool at
    /// once; each is killed and reaped on a worker, since the caller is the main loop and a
    /// sandbox's teardown can take the kernel some milliseconds.
    public func stopIdleExportHelpers() {
        let stopping = state.withLock { state -> [HelperProcess] in
            let exports = state.idle.filter { Lane(origin: $0.origin) == .export }
            state.idle.removeAll { Lane(origin: $0.origin) == .export }
            return exports
        }
        guard !stopping.isEmpty else { return }
        DispatchQueue.global(qos: .utility).async { stopping.forEach { $0.stop() } }
    }
}
