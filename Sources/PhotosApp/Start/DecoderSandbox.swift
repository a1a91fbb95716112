// Why this exists: the app's decoding helpers set up at launch (photos are never decoded in the app's own process; sandboxes an earlier run left behind ended), the trace told how they are sandboxed, and, where bubblewrap cannot run, the fail-closed choice: no photo is decoded until the user allows it (in the window's question or the main menu, remembered, and withdrawn there too), or CLASSIC_PHOTOS_UNSANDBOXED_DECODING=1 did beforehand.
import GalleryViews
import PhotoFormats
import Foundation
import GLibRuntime
import PhotoDecoding
import PhotoPipeline
import PhotoTrace

/// One per process, made by `Launch` and held by the app's services.
@MainActor
final class DecoderSandbox {
    /// Why bubblewrap cannot run here, once that is known; nil while it can (or before a helper started).
    private(set) var lost: Words?
    /// Where decoding without it runs, whether Landlock confines the helpers (nil: not known yet).
    private(set) var landlock: Bool?
    /// Told when the sandbox is found unable to run, and when the user's choice changes.
    private var listeners: [() -> Void] = []
    /// Asks the user (the window's dialog); set by the app once it has a window.
    var ask: ((Words) -> Void)?
    /// Called when photos may now be decoded or may no longer be: the galleries load again.
    var onChoiceChanged: (() -> Void)?
    /// The app's helpers, whose consent this keeps.
    private let pool = HelperPool()
    /// Where the app decodes: these helpers, and nowhere else, with the app's one decode budget.
    let decoders: Decoders
    /// Where how they are sandboxed, and the user's choice, is said.
    private let trace: Trace

    private init(trace: Trace) {
        self.trace = trace
        decoders = .helpers(pool, budget: DecodeBudget(bytes: DecodeBudget.processBytes))
    }

    /// Start the pool, one helper warm, before the first window; the app itself made non-dumpable.
    static func start(trace: Trace) -> DecoderSandbox {
        _ = HelperPool.protectTheApp()
        let sandbox = DecoderSandbox(trace: trace)
        let pool = sandbox.pool
        pool.onStarted = { state, started in
            switch state {
            case .bubblewrap:
                trace.emit(.decoders(sandbox: "bubblewrap", reason: nil, started: started))
            case .unavailable(let why):
                trace.emit(.decoders(sandbox: "none", reason: why.description, started: started))
            case .unknown:
                break
            }
        }
        pool.onUnavailable = { [weak sandbox] why in
            let confined = HelperPool.landlockAvailable
            MainLoop.invoke { sandbox?.found(why, landlock: confined) }
        }
        pool.warm()
        // Sandboxes an earlier run left behind, killed as a helper started, are ended: a few
        // seconds in, clear of the start (run at once, it put 13 ms on the first frame, measured).
        let helper = pool.launch.executable
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 3) {
            let ended = OrphanSandboxes.end(helper: helper)
            if !ended.isEmpty { trace.emit(.sandboxesEnded(count: ended.count)) }
        }
        return sandbox
    }

    /// The user's remembered choice, once the preferences are there (before any question).
    func remember(_ allowed: Bool) {
        if allowed { pool.allowsUnsandboxed = true }
    }

    /// Whether the user allowed decoding without bubblewrap (remembered, or chosen since).
    var allowsUnsandboxed: Bool { pool.allowsUnsandboxed }

    /// Whether photos are decoded without bubblewrap here (it cannot run, and that is allowed).
    var decodesUnsandboxed: Bool { lost != nil && pool.allowsUnsandboxed }

    /// Call `changed` now and whenever the sandbox's state or the user's choice changes.
    func observe(_ changed: @escaping () -> Void) {
        listeners.append(changed)
        changed()
    }

    private func found(_ why: Words, landlock confined: Bool) {
        lost = why
        landlock = confined
        listeners.forEach { $0() }
        guard !pool.allowsUnsandboxed else { return }
        trace.emit(.sandboxConsent(action: .asked))
        ask?(why)
    }

    /// The user's answer (the dialog's, or the menu's).
    func choose(_ allowed: Bool, preferences: AppSettings) {
        let before = pool.allowsUnsandboxed
        pool.allowsUnsandboxed = allowed
        preferences.decodesWithoutSandbox = allowed
        trace.emit(.sandboxConsent(action: allowed ? .allowed : before ? .withdrawn : .refused))
        listeners.forEach { $0() }
        if allowed != before { onChoiceChanged?() }
    }

    /// Stop the idle helpers as the app ends.
    func stop() { pool.stopAll() }
}
