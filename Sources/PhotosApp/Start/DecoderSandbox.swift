// Why this exists: the app's decoding helpers set up at launch (photos are never decoded in the app's own process), the trace told how they are sandboxed, and the windows told once when they run without bubblewrap.
import Foundation
import PhotoPipeline

@MainActor
enum DecoderSandbox {
    /// Why helpers run without bubblewrap, once that is known; nil while they are sandboxed (or not started).
    private(set) static var lost: Words?
    /// Windows showing the notice, told when it becomes known.
    private static var listeners: [(Words) -> Void] = []

    /// Start the pool, one helper warm, before the first window.
    static func start() {
        // No helper (nor anything else of the user's) may read the app's memory.
        _ = HelperPool.protectTheApp()
        let pool = HelperPool()
        pool.onStarted = { state, started in
            switch state {
            case .bubblewrap:
                Trace.shared.emit(.decoders(sandbox: "bubblewrap", reason: nil, started: started))
            case .unavailable(let why):
                Trace.shared.emit(.decoders(sandbox: "none", reason: why.description, started: started))
                if started == 1 { DispatchQueue.main.async { MainActor.assumeIsolated { tell(why) } } }
            case .unknown:
                break
            }
        }
        HelperPool.shared = pool
        pool.warm()
    }

    /// Call `show` with the reason helpers are not sandboxed, now or when it becomes known.
    static func observe(_ show: @escaping (Words) -> Void) {
        if let lost { show(lost) } else { listeners.append(show) }
    }

    private static func tell(_ why: Words) {
        lost = why
        listeners.forEach { $0(why) }
        listeners = []
    }

    /// Stop the idle helpers as the app ends.
    static func stop() { HelperPool.shared?.stopAll() }
}
