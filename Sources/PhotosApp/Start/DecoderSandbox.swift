// Why this exists: the app's decoding helpers set up at launch (photos are never decoded in the app's own process; sandboxes an earlier run left behind ended), the trace told how they are sandboxed, and, where bubblewrap cannot run, the fail-closed choice: no photo is decoded until the user allows it (in the window's question or the main menu, remembered, and withdrawn there too), or CLASSIC_PHOTOS_UNSANDBOXED_DECODING=1 did beforehand.
import Foundation
import GLibRuntime
import PhotoDecoding
import PhotoPipeline
import PhotoTrace

@MainActor
enum DecoderSandbox {
    /// Why bubblewrap cannot run here, once that is known; nil while it can (or before a helper started).
    private(set) static var lost: Words?
    /// Where decoding without it runs, whether Landlock confines the helpers (nil: not known yet).
    private(set) static var landlock: Bool?
    /// Told when the sandbox is found unable to run, and when the user's choice changes.
    private static var listeners: [() -> Void] = []
    /// Asks the user (the window's dialog); set by the app once it has a window.
    static var ask: ((Words) -> Void)?
    /// Called when photos may now be decoded or may no longer be: the galleries load again.
    static var onChoiceChanged: (() -> Void)?
    /// The app's helpers, whose consent this keeps (the app hands them on as `Decoders`).
    private static var pool: HelperPool?

    /// Start the pool, one helper warm, before the first window; the app itself made non-dumpable.
    /// Returns where the app decodes: these helpers, and nowhere else.
    static func start() -> Decoders {
        _ = HelperPool.protectTheApp()
        let pool = HelperPool()
        pool.onStarted = { state, started in
            switch state {
            case .bubblewrap:
                Trace.shared.emit(.decoders(sandbox: "bubblewrap", reason: nil, started: started))
            case .unavailable(let why):
                Trace.shared.emit(.decoders(sandbox: "none", reason: why.description, started: started))
            case .unknown:
                break
            }
        }
        pool.onUnavailable = { why in
            let confined = HelperPool.landlockAvailable
            MainLoop.invoke { found(why, landlock: confined) }
        }
        self.pool = pool
        pool.warm()
        // Sandboxes an earlier run left behind, killed as a helper started, are ended: a few
        // seconds in, clear of the start (run at once, it put 13 ms on the first frame, measured).
        let helper = pool.launch.executable
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 3) {
            let ended = OrphanSandboxes.end(helper: helper)
            if !ended.isEmpty { Trace.shared.emit(.sandboxesEnded(count: ended.count)) }
        }
        return .helpers(pool)
    }

    /// The user's remembered choice, once the preferences are there (before any question).
    static func remember(_ allowed: Bool) {
        if allowed { pool?.allowsUnsandboxed = true }
    }

    /// Whether the user allowed decoding without bubblewrap (remembered, or chosen since).
    static var allowsUnsandboxed: Bool { pool?.allowsUnsandboxed == true }

    /// Whether photos are decoded without bubblewrap here (it cannot run, and that is allowed).
    static var decodesUnsandboxed: Bool { lost != nil && pool?.allowsUnsandboxed == true }

    /// Call `changed` now and whenever the sandbox's state or the user's choice changes.
    static func observe(_ changed: @escaping () -> Void) {
        listeners.append(changed)
        changed()
    }

    private static func found(_ why: Words, landlock confined: Bool) {
        lost = why
        landlock = confined
        listeners.forEach { $0() }
        guard pool?.allowsUnsandboxed != true else { return }
        Trace.shared.emit(.sandboxConsent(action: .asked))
        ask?(why)
    }

    /// The user's answer (the dialog's, or the menu's).
    static func choose(_ allowed: Bool, preferences: AppSettings) {
        guard let pool else { return }
        let before = pool.allowsUnsandboxed
        pool.allowsUnsandboxed = allowed
        preferences.decodesWithoutSandbox = allowed
        Trace.shared.emit(.sandboxConsent(action: allowed ? .allowed : before ? .withdrawn : .refused))
        listeners.forEach { $0() }
        if allowed != before { onChoiceChanged?() }
    }

    /// Stop the idle helpers as the app ends.
    static func stop() { pool?.stopAll() }
}
