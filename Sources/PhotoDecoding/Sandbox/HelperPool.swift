// Why this exists: the app's decoding helpers, a few kept warm: lent one photo at a time, each to one origin for its life (photos of different origins never share a helper), replaced when one dies, spends its processor budget or keeps memfds it should not. How each is started, and what happens where bubblewrap cannot run, is HelperPool+Starting.swift.
import PhotoFormats
import Foundation
import GLibRuntime
import HelperIPC

/// Its helpers, counts and sandbox state are in `state`, read and changed under its lock, which
/// a lease that must wait sleeps on.
public final class HelperPool: Sendable {
    public let launch: HelperLaunch
    /// How many helpers decode for the list at once: about the number of cores (one more is
    /// kept for the viewer).
    public let size: Int
    /// Told each time a helper has started: in bubblewrap or without it (and why), and how
    /// many have started in all; `first` for the first.
    public var onStarted: (@Sendable (_ sandbox: Sandbox, _ started: Int) -> Void)? {
        get { state.withLock { $0.onStarted } }
        set { state.withLock { $0.onStarted = newValue } }
    }

    /// Whether bubblewrap runs here: unknown until the first helper starts.
    public enum Sandbox: Equatable, Sendable {
        case unknown, bubblewrap
        /// It cannot run here, and why (not installed, user namespaces refused): a lasting
        /// condition, never a start that was only slow.
        case unavailable(Words)
    }

    /// Told once, when bubblewrap is found unable to run here (on the thread that found it).
    public var onUnavailable: (@Sendable (Words) -> Void)? {
        get { state.withLock { $0.onUnavailable } }
        set { state.withLock { $0.onUnavailable = newValue } }
    }

    struct State {
        /// Whether the user allowed helpers without bubblewrap (`allowsUnsandboxed`).
        var allowed: Bool
        /// The 0700 folder that helpers without bubblewrap use as their home, made when first needed.
        var privateHome: String?
        var idle: [HelperProcess] = []
        /// Helpers lent out or starting, by lane.
        var out: [Lane: Int] = [.gallery: 0, .export: 0]
        var sandbox = Sandbox.unknown
        /// Leases for the list or the viewer waiting now: a background one waits while any does.
        var waitingAhead = 0
        var started = 0
        var onStarted: (@Sendable (_ sandbox: Sandbox, _ started: Int) -> Void)?
        var onUnavailable: (@Sendable (Words) -> Void)?
    }
    let state: Waitable<State>

    public init(launch: HelperLaunch = HelperLaunch(), size: Int = max(2, ProcessInfo.processInfo.activeProcessorCount),
                allowsUnsandboxed: Bool = HelperPool.consentFromEnvironment) {
        self.launch = launch
        self.size = size
        state = Waitable(State(allowed: allowsUnsandboxed))
    }

    /// How helpers run, once one has started.
    public var sandboxState: Sandbox { state.withLock { $0.sandbox } }
    /// How many helpers were started in all (tests: a dead one is replaced).
    public var startedCount: Int { state.withLock { $0.started } }

    /// Start every helper now (the list's and the viewer's), on workers, so that the first
    /// screen's photos wait for none (a start takes about 20 ms in bubblewrap: the sandbox 6, the
    /// program 13; each format's loader is loaded by its first photo).
    public func warm() {
        for _ in 0...size { DispatchQueue.global(qos: .utility).async { _ = self.startOne() } }
    }

    /// Start one helper (if fewer than `size` + 1 run) and keep it idle; false if none could start.
    @discardableResult
    public func startOne() -> Bool {
        guard case .success(let helper) = lease(origin: nil, urgent: true, cancellable: nil) else { return false }
        giveBack(helper, reusable: true)
        return true
    }

    /// A helper for a photo of `origin`: an idle one already serving it, a new one while there
    /// are fewer than `size`, else an idle one of another origin replaced by a new one; or wait.
    /// At most `size` helpers decode for the list at once; one more is kept for `urgent` work
    /// (the viewer's photo, which the user is looking at), so that never waits behind the list.
    /// A `background` lease (dates read for a sort) takes a helper only while no other lease
    /// waits: a thumbnail on screen waits for no more than the batch already running.
    ///
    /// An export's photos (`exportOrigin`) are a lane of their own, with `size` helpers beside
    /// the list's: neither lane replaces the other's idle helpers, so a list at rest and an export
    /// running at once do not stop and start each other's helpers at every rest.
    package func lease(origin: String?, urgent: Bool = false, background: Bool = false, cancellable: Cancellable?) -> Result<HelperProcess, DecodeError> {
        let lane = Lane(origin: origin)
        let lendable = lane == .export ? size : size + (urgent ? 1 : 0), alive = lane == .export ? size : size + 1
        let wake = cancellable?.onCancel { [state] in state.wakeAll() }
        defer { if let wake { cancellable?.disconnect(wake) } }
        /// Whether this lease is counted among those waiting (a background one never is).
        var waiting = false
        defer {
            if waiting { state.withLock(wakingAll: true) { $0.waitingAhead -= 1 } }
        }
        enum Take { case lent(HelperProcess), start(replacing: HelperProcess?), cancelled }
        while true {
            let take = state.wait { state -> Waitable<State>.Step<Take> in
                func sleep() -> Waitable<State>.Step<Take> {
                    if !background, !waiting { waiting = true; state.waitingAhead += 1 }
                    return .sleep()
                }
                if cancellable?.isCancelled == true { return .done(.cancelled) }
                guard state.out[lane, default: 0] < lendable, !background || state.waitingAhead == 0 else { return sleep() }
                if let index = state.idle.firstIndex(where: { $0.origin == origin }) ?? state.idle.firstIndex(where: { $0.origin == nil }) {
                    state.out[lane, default: 0] += 1
                    return .done(.lent(state.idle.remove(at: index)))
                }
                let laneIdle = state.idle.indices.filter { Lane(origin: state.idle[$0].origin) == lane }
                guard laneIdle.count + state.out[lane, default: 0] < alive || !laneIdle.isEmpty else { return sleep() }
                // Room for one more: start it; a full lane: replace its idle one of another origin.
                let replaced = laneIdle.count + state.out[lane, default: 0] < alive ? nil : state.idle.remove(at: laneIdle[0])
                state.out[lane, default: 0] += 1
                return .done(.start(replacing: replaced))
            }
            switch take {
            case .cancelled:
                return .failure(.cancelled)
            case .lent(let helper):
                // A helper whose processor budget is nearly spent is replaced, never lent: its
                // hard limit would stop it in the middle of a photo.
                guard helper.hasProcessorTime(launch.processorSeconds, budget: launch.processorBudget) else {
                    helper.stop()
                    state.withLock { $0.out[lane, default: 0] -= 1 }
                    continue
                }
                helper.origin = helper.origin ?? origin
                return .success(helper)
            case .start(let replaced):
                replaced?.stop()
                switch startHelper() {
                case .success(let helper):
                    helper.origin = origin
                    return .success(helper)
                case .failure(let death):
                    state.withLock(wakingAll: true) { $0.out[lane, default: 0] -= 1 }
                    return .failure(death.decodeError)
                }
            }
        }
    }

    /// Take a helper back: kept for its origin's next photo, or stopped (it died, or its state
    /// cannot be trusted any more).
    package func giveBack(_ helper: HelperProcess, reusable: Bool) {
        // A helper that keeps memfds after answering is over what it may hold: it is restarted.
        // One without the sandbox is not kept once the user has withdrawn their consent.
        let keep = reusable && helper.openMemfds <= Self.memfdsKept && (helper.sandboxed || allowsUnsandboxed)
        if !keep { helper.stop() }
        let lane = Lane(origin: helper.origin)
        state.withLock(wakingAll: true) { state in
            state.out[lane, default: 0] -= 1
            if keep { state.idle.append(helper) }
        }
    }

    /// Memfds a helper may hold once it has answered: the one it sent beside the reply, which it
    /// closes just after sending (the app may look before it has); any more, kept, is an overrun.
    static let memfdsKept = 1

    /// Stop every idle helper (the app quits; lent ones stop as they come back).
    public func stopAll() {
        let (stopping, home) = state.withLock { state -> ([HelperProcess], String?) in
            defer { state.idle = []; state.privateHome = nil }
            return (state.idle, state.privateHome)
        }
        stopping.forEach { $0.stop() }
        if let home { rmdir(home) }
    }

    func counted(_ result: Result<HelperProcess, HelperDeath>) -> Result<HelperProcess, HelperDeath> {
        guard case .success = result else { return result }
        let (sandbox, count, onStarted) = state.withLock { state -> (Sandbox, Int, (@Sendable (Sandbox, Int) -> Void)?) in
            state.started += 1
            return (state.sandbox, state.started, state.onStarted)
        }
        onStarted?(sandbox, count)
        return result
    }
}
