// Why this exists: the app's decoding helpers, a few kept warm: lent one photo at a time, each to one origin for its life (photos of different origins never share a helper), replaced when one dies, and started without bubblewrap, said once, where bubblewrap cannot run.
import Foundation
import GLibRuntime

public final class HelperPool: @unchecked Sendable {
    /// The app's pool; nil in tests of the pipeline, which decode in their own process.
    nonisolated(unsafe) public static var shared: HelperPool?

    public let launch: HelperLaunch
    /// How many helpers decode for the list at once: about the number of cores (one more is
    /// kept for the viewer).
    public let size: Int
    /// Told each time a helper has started: in bubblewrap or without it (and why), and how
    /// many have started in all; `first` for the first.
    public var onStarted: (@Sendable (_ sandbox: Sandbox, _ started: Int) -> Void)?

    /// Whether bubblewrap runs here: unknown until the first helper starts.
    public enum Sandbox: Equatable, Sendable {
        case unknown, bubblewrap
        case unavailable(Words)
    }

    private let condition = NSCondition()
    private var idle: [HelperProcess] = []
    /// Helpers lent out or starting.
    private var out = 0
    private var sandbox = Sandbox.unknown
    /// Leases for the list or the viewer waiting now: a background one waits while any does.
    private var waitingAhead = 0
    private var started = 0

    public init(launch: HelperLaunch = HelperLaunch(), size: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)) {
        self.launch = launch
        self.size = size
    }

    /// How helpers run, once one has started.
    public var sandboxState: Sandbox { condition.withLock { sandbox } }
    /// How many helpers were started in all (tests: a dead one is replaced).
    public var startedCount: Int { condition.withLock { started } }

    /// Start every helper now (the list's and the viewer's), on workers, so that the first
    /// screen's photos wait for none (a start takes about 40 ms, most of it loading every loader).
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
    func lease(origin: String?, urgent: Bool = false, background: Bool = false, cancellable: Cancellable?) -> Result<HelperProcess, DecodeError> {
        let lendable = size + (urgent ? 1 : 0), alive = size + 1
        let wake = cancellable?.onCancel { [condition] in condition.withLock { condition.broadcast() } }
        defer { if let wake { cancellable?.disconnect(wake) } }
        condition.lock()
        var waiting = false
        func wait() {
            if !background, !waiting { waiting = true; waitingAhead += 1 }
            condition.wait()
        }
        defer {
            if waiting {
                condition.withLock {
                    waitingAhead -= 1
                    condition.broadcast()
                }
            }
        }
        while true {
            if cancellable?.isCancelled == true { condition.unlock(); return .failure(.cancelled) }
            guard out < lendable, !background || waitingAhead == 0 else { wait(); continue }
            if let index = idle.firstIndex(where: { $0.origin == origin }) ?? idle.firstIndex(where: { $0.origin == nil }) {
                let helper = idle.remove(at: index)
                helper.origin = helper.origin ?? origin
                out += 1
                condition.unlock()
                return .success(helper)
            }
            if idle.count + out < alive || !idle.isEmpty {
                // Room for one more: start it; a full pool: replace an idle one of another origin.
                let replaced = idle.count + out < alive ? nil : idle.removeFirst()
                out += 1
                condition.unlock()
                replaced?.stop()
                let result = startHelper()
                condition.lock()
                switch result {
                case .success(let helper):
                    helper.origin = origin
                    condition.unlock()
                    return .success(helper)
                case .failure(let death):
                    out -= 1
                    condition.broadcast()
                    condition.unlock()
                    return .failure(.decoderStopped(death.words))
                }
            }
            wait()
        }
    }

    /// Take a helper back: kept for its origin's next photo, or stopped (it died, or its state
    /// cannot be trusted any more).
    func giveBack(_ helper: HelperProcess, reusable: Bool) {
        if !reusable { helper.stop() }
        condition.withLock {
            out -= 1
            if reusable { idle.append(helper) }
            condition.broadcast()
        }
    }

    /// Stop every idle helper (the app quits; lent ones stop as they come back).
    public func stopAll() {
        let stopping = condition.withLock { () -> [HelperProcess] in
            defer { idle = [] }
            return idle
        }
        stopping.forEach { $0.stop() }
    }

    /// Start a helper in bubblewrap, or directly where bubblewrap cannot run (decided by the
    /// first start, and said once).
    private func startHelper() -> Result<HelperProcess, HelperDeath> {
        let state = condition.withLock { sandbox }
        if case .unavailable = state { return counted(HelperProcess.start(launch, sandboxed: false)) }
        let sandboxed = HelperProcess.start(launch, sandboxed: true)
        if case .success = sandboxed {
            condition.withLock { sandbox = .bubblewrap }
            return counted(sandboxed)
        }
        guard state == .unknown, case .failure(let death) = sandboxed else { return sandboxed }
        // bubblewrap could not make its sandbox (no user namespaces, not installed): the helper
        // runs as a process of its own, with its filter and limits, but sees the user's files.
        let direct = HelperProcess.start(launch, sandboxed: false)
        guard case .success(let helper) = direct else { return direct }
        let why: Words
        if case .couldNotStart(let reason) = death { why = reason } else { why = death.words }
        // Helpers start at once (the pool warms them together): if another start found
        // bubblewrap working meanwhile, this failure was this start's own, and no helper may run
        // without the sandbox where it can run.
        let fallBack = condition.withLock { () -> Bool in
            if sandbox == .unknown { sandbox = .unavailable(why) }
            return sandbox != .bubblewrap
        }
        guard fallBack else {
            helper.stop()
            return .failure(death)
        }
        return counted(direct)
    }

    private func counted(_ result: Result<HelperProcess, HelperDeath>) -> Result<HelperProcess, HelperDeath> {
        guard case .success = result else { return result }
        let (state, count) = condition.withLock { () -> (Sandbox, Int) in
            started += 1
            return (sandbox, started)
        }
        onStarted?(state, count)
        return result
    }
}
