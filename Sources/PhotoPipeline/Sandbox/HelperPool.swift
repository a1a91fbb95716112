// Why this exists: the app's decoding helpers, a few kept warm: lent one photo at a time, each to one origin for its life (photos of different origins never share a helper), replaced when one dies, spends its processor budget or keeps memfds it should not; and where bubblewrap cannot run, failing closed: no photo is decoded without it unless the user has allowed it (said once).
import Foundation
import GLibRuntime
import HelperIPC

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
        /// It cannot run here, and why (not installed, user namespaces refused): a lasting
        /// condition, never a start that was only slow.
        case unavailable(Words)
    }

    /// The environment variable that allows decoding without bubblewrap (tests, administrators):
    /// the same consent as the user's, given beforehand.
    public static let consentVariable = "CLASSIC_PHOTOS_UNSANDBOXED_DECODING"
    public static var consentFromEnvironment: Bool { ProcessInfo.processInfo.environment[consentVariable] == "1" }

    /// Whether helpers may run without bubblewrap where it cannot run (the user said so). Without
    /// that, nothing is decoded there, and each photo fails with the reason.
    public var allowsUnsandboxed: Bool {
        get { condition.withLock { allowed } }
        set {
            let stopping = condition.withLock { () -> [HelperProcess] in
                allowed = newValue
                guard !newValue else { return [] }
                // Withdrawn: no helper without the sandbox decodes another photo.
                let unsandboxed = idle.filter { !$0.sandboxed }
                idle.removeAll { !$0.sandboxed }
                return unsandboxed
            }
            stopping.forEach { $0.stop() }
        }
    }
    private var allowed: Bool
    /// Told once, when bubblewrap is found unable to run here (on the thread that found it).
    public var onUnavailable: (@Sendable (Words) -> Void)?
    /// The 0700 folder that helpers without bubblewrap use as their home, made when first needed.
    private var privateHome: String?

    private let condition = NSCondition()
    private var idle: [HelperProcess] = []
    /// Helpers lent out or starting.
    private var out = 0
    private var sandbox = Sandbox.unknown
    /// Leases for the list or the viewer waiting now: a background one waits while any does.
    private var waitingAhead = 0
    private var started = 0

    public init(launch: HelperLaunch = HelperLaunch(), size: Int = max(2, ProcessInfo.processInfo.activeProcessorCount),
                allowsUnsandboxed: Bool = HelperPool.consentFromEnvironment) {
        self.launch = launch
        self.size = size
        allowed = allowsUnsandboxed
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
                out += 1
                condition.unlock()
                // A helper whose processor budget is nearly spent is replaced, never lent: its
                // hard limit would stop it in the middle of a photo.
                guard helper.hasProcessorTime(launch.processorSeconds, budget: launch.processorBudget) else {
                    helper.stop()
                    condition.withLock { out -= 1 }
                    condition.lock()
                    continue
                }
                helper.origin = helper.origin ?? origin
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
                    return .failure(death.decodeError)
                }
            }
            wait()
        }
    }

    /// Take a helper back: kept for its origin's next photo, or stopped (it died, or its state
    /// cannot be trusted any more).
    func giveBack(_ helper: HelperProcess, reusable: Bool) {
        // A helper that keeps memfds after answering is over what it may hold: it is restarted.
        // One without the sandbox is not kept once the user has withdrawn their consent.
        let keep = reusable && helper.openMemfds <= Self.memfdsKept && (helper.sandboxed || allowsUnsandboxed)
        if !keep { helper.stop() }
        condition.withLock {
            out -= 1
            if keep { idle.append(helper) }
            condition.broadcast()
        }
    }

    /// Memfds a helper may hold once it has answered: the one it sent beside the reply, which it
    /// closes just after sending (the app may look before it has); any more, kept, is an overrun.
    static let memfdsKept = 1

    /// Stop every idle helper (the app quits; lent ones stop as they come back).
    public func stopAll() {
        let (stopping, home) = condition.withLock { () -> ([HelperProcess], String?) in
            defer { idle = []; privateHome = nil }
            return (idle, privateHome)
        }
        stopping.forEach { $0.stop() }
        if let home { rmdir(home) }
    }

    /// Start a helper in bubblewrap. A start that fails for a passing reason (no answer in time
    /// on a loaded machine, a crash while loading) is tried again with a longer wait; one that
    /// shows bubblewrap cannot run here (not installed, no user namespaces) decides the pool's
    /// sandbox for good: then a helper starts without it only with the user's consent.
    private func startHelper() -> Result<HelperProcess, HelperDeath> {
        if case .unavailable(let why) = condition.withLock({ sandbox }) { return startUnsandboxed(why) }
        var wait = HelperProcess.startSeconds
        var last = HelperDeath.alreadyStopped
        for _ in 0..<3 {
            let started = HelperProcess.start(launch, sandboxed: true, waiting: wait)
            guard case .failure(let death) = started else {
                condition.withLock { sandbox = .bubblewrap }
                return counted(started)
            }
            guard let why = Self.sandboxCannotRun(death, bubblewrap: launch.bubblewrap) else {
                last = death
                wait *= 2
                continue
            }
            // Helpers start at once (the pool warms them together): if another start found
            // bubblewrap working meanwhile, this failure was this start's own.
            let (state, first) = condition.withLock { () -> (Sandbox, Bool) in
                guard sandbox == .unknown else { return (sandbox, false) }
                sandbox = .unavailable(why)
                return (sandbox, true)
            }
            guard case .unavailable(let decided) = state else { return .failure(death) }
            if first { onUnavailable?(decided) }
            return startUnsandboxed(decided)
        }
        return .failure(last)
    }

    /// Why bubblewrap cannot run here, if `death` (of a start in it) shows that it cannot: it is
    /// not installed, or it could not make its sandbox (bubblewrap says so on its standard error:
    /// user namespaces refused, no permission to mount…). Nil for a failure that may pass.
    static func sandboxCannotRun(_ death: HelperDeath, bubblewrap: String) -> Words? {
        guard FileManager.default.isExecutableFile(atPath: bubblewrap) else { return Words("bubblewrap is not installed") }
        if case .couldNotStart(let why) = death, why.description.contains("bwrap:") { return why }
        return nil
    }

    /// A helper without bubblewrap: only with the user's consent, in a home of its own, under
    /// Landlock where the kernel has it; else the reason no photo is decoded.
    private func startUnsandboxed(_ why: Words) -> Result<HelperProcess, HelperDeath> {
        let home = condition.withLock { () -> String?? in
            guard allowed else { return .none }
            if privateHome == nil { privateHome = Self.makePrivateHome() }
            return .some(privateHome)
        }
        guard case .some(let folder) = home else { return .failure(.sandboxRefused(why)) }
        guard let folder else { return .failure(.couldNotStart(Words("no private folder could be made for it"))) }
        var unsandboxed = launch
        unsandboxed.privateHome = folder
        return counted(HelperProcess.start(unsandboxed, sandboxed: false))
    }

    /// A new 0700 folder for helpers without bubblewrap, under the user's runtime folder (else /tmp).
    static func makePrivateHome() -> String? {
        let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        var template = Array("\(runtime ?? "/tmp")/classic-photos-helper-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `body` with a helper started for it alone (no photo decoded before could have changed
    /// what it answers), stopped after; not one of the pool's, so no limit on lending applies.
    func withFreshHelper<T>(_ body: (HelperProcess) -> T) -> Result<T, DecodeError> {
        switch startHelper() {
        case .failure(let death): return .failure(death.decodeError)
        case .success(let helper):
            defer { helper.stop() }
            return .success(body(helper))
        }
    }

    /// Whether this kernel has Landlock, which confines a helper without namespaces to what its
    /// loaders read.
    public static var landlockAvailable: Bool { HelperConfinement.landlockAvailable }

    /// The app's own process made non-dumpable, before any helper starts: a helper without
    /// namespaces, the same user's, cannot read the app's memory or environment.
    public static func protectTheApp() -> Bool { ChildSpawn.makeUndumpable() }

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
