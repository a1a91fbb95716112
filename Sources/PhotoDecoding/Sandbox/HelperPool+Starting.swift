// Why this exists: how the pool starts a helper, failing closed: in bubblewrap, a start that only failed to answer in time tried again with a longer wait; where bubblewrap cannot run (said once), no helper at all unless the user allowed one without it, and then in a home of its own under Landlock; a fresh helper for a check no earlier photo may have swayed; and the app itself made non-dumpable.
import PhotoFormats
import Foundation
import GLibRuntime
import HelperIPC

extension HelperPool {
    /// The environment variable that allows decoding without bubblewrap (tests, administrators):
    /// the same consent as the user's, given beforehand.
    public static let consentVariable = "CLASSIC_PHOTOS_UNSANDBOXED_DECODING"
    public static var consentFromEnvironment: Bool { ProcessInfo.processInfo.environment[consentVariable] == "1" }

    /// Whether helpers may run without bubblewrap where it cannot run (the user said so). Without
    /// that, nothing is decoded there, and each photo fails with the reason.
    public var allowsUnsandboxed: Bool {
        get { state.withLock { $0.allowed } }
        set {
            let stopping = state.withLock { state -> [HelperProcess] in
                state.allowed = newValue
                guard !newValue else { return [] }
                // Withdrawn: no helper without the sandbox decodes another photo.
                let unsandboxed = state.idle.filter { !$0.sandboxed }
                state.idle.removeAll { !$0.sandboxed }
                return unsandboxed
            }
            stopping.forEach { $0.stop() }
        }
    }

    /// Start a helper in bubblewrap. A start that fails for a passing reason (no answer in time
    /// on a loaded machine, a crash while loading) is tried again with a longer wait; one that
    /// shows bubblewrap cannot run here (not installed, no user namespaces) decides the pool's
    /// sandbox for good: then a helper starts without it only with the user's consent.
    func startHelper() -> Result<HelperProcess, HelperDeath> {
        // A missing program is said as that, never taken for a sandbox that cannot run (bubblewrap
        // would fail to start it, and the user would be asked to give up the sandbox for nothing).
        guard FileManager.default.isExecutableFile(atPath: launch.executable) else {
            return .failure(.couldNotStart(Words("its program is missing (%s)", launch.executable)))
        }
        if case .unavailable(let why) = state.withLock({ $0.sandbox }) { return startUnsandboxed(why) }
        var wait = HelperProcess.startSeconds
        var last = HelperDeath.alreadyStopped
        for _ in 0..<3 {
            let started = HelperProcess.start(launch, sandboxed: true, waiting: wait)
            guard case .failure(let death) = started else {
                state.withLock { $0.sandbox = .bubblewrap }
                return counted(started)
            }
            guard let why = Self.sandboxCannotRun(death, bubblewrap: launch.bubblewrap) else {
                last = death
                wait *= 2
                continue
            }
            // Helpers start at once (the pool warms them together): if another start found
            // bubblewrap working meanwhile, this failure was this start's own.
            let (sandbox, first, told) = state.withLock { state -> (Sandbox, Bool, (@Sendable (Words) -> Void)?) in
                guard state.sandbox == .unknown else { return (state.sandbox, false, nil) }
                state.sandbox = .unavailable(why)
                return (state.sandbox, true, state.onUnavailable)
            }
            guard case .unavailable(let decided) = sandbox else { return .failure(death) }
            if first { told?(decided) }
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
    func startUnsandboxed(_ why: Words) -> Result<HelperProcess, HelperDeath> {
        let home = state.withLock { state -> String?? in
            guard state.allowed else { return .none }
            if state.privateHome == nil { state.privateHome = Self.makePrivateHome() }
            return .some(state.privateHome)
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

}
