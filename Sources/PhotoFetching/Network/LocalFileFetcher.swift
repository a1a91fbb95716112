// Why this exists: deadlines on local reads, like the network's: a read runs on a thread of its own; one that makes no progress for the I/O timeout is abandoned (its operation fails, its late result is dropped), and abandoned reads are capped per mount.
import Foundation
import GLibRuntime
import PhotoDecoding

public final class LocalFileFetcher: Sendable {
    public struct Configuration: Sendable {
        /// No byte read for this long: the read fails with "timed out" and is abandoned.
        public var ioTimeoutSeconds: Double = 15
        /// A whole file must be read within this.
        public var totalTimeoutSeconds: Double = 60
        /// Abandoned reads still blocked in the kernel, per mount: past this, reads on that
        /// mount fail at once instead of starting more threads.
        public var maxStuckReadsPerMount = 4
        public init() {}
    }

    public let configuration: Configuration
    let reader: any LocalFileReading
    let stuck = StuckReads()

    public init(reader: any LocalFileReading = PosixFileReader(), configuration: Configuration = Configuration()) {
        self.reader = reader
        self.configuration = configuration
    }

    /// Reads abandoned so far and still blocked, on the mount holding `path` (tests look).
    public func stuckReads(on path: String) -> Int { stuck.count(MountTable.mountPoint(containing: path)) }

    /// The local path of a `file:` URL: only an empty host or `localhost` is this machine.
    public static func localPath(of url: URL) throws(FetchError) -> String {
        let host = url.host ?? ""
        guard host.isEmpty || host.lowercased() == "localhost" else {
            throw .notLocal(url: url.absoluteString, host: host)
        }
        return url.path
    }

    /// Read the file at `url` on the calling (worker) thread, within the deadlines.
    public func fetch(_ url: URL, limit: Int, cancellable: Cancellable) throws(FetchError) -> Data {
        let path = try Self.localPath(of: url)
        return try withDeadlines(path: path, cancellable: cancellable) { reader, progress, isCancelled throws(FetchError) in
            try reader.read(path: path, limit: limit, progress: progress, isCancelled: isCancelled)
        }
    }

    /// The first `count` bytes of the file at `url`, within the same deadlines.
    public func fetchStart(_ url: URL, count: Int, cancellable: Cancellable) throws(FetchError) -> Data {
        let path = try Self.localPath(of: url)
        return try withDeadlines(path: path, cancellable: cancellable) { reader, progress, isCancelled throws(FetchError) in
            try reader.readStart(path: path, count: count, progress: progress, isCancelled: isCancelled)
        }
    }

    /// The size and modification time of the file at `url`, within the same deadlines (a
    /// `stat` on a mount that stopped answering blocks as a read does).
    public func status(_ url: URL, cancellable: Cancellable) throws(FetchError) -> LocalFileStatus {
        let path = try Self.localPath(of: url)
        return try withDeadlines(path: path, cancellable: cancellable) { reader, _, _ throws(FetchError) in
            try reader.status(path: path)
        }
    }

    /// Run `body` on a thread of its own and wait for it within the deadlines; abandon it if it
    /// makes no progress, is past the whole deadline, or is cancelled.
    private func withDeadlines<T: Sendable>(path: String, cancellable: Cancellable,
                                            _ body: @escaping @Sendable (any LocalFileReading, () -> Void, () -> Bool) throws(FetchError) -> T) throws(FetchError) -> T {
        let reader = self.reader
        return try watched(path: path, cancellable: cancellable, wholeSeconds: configuration.totalTimeoutSeconds) { job throws(FetchError) in
            try body(reader, { job.madeProgress() }, { cancellable.isCancelled || job.isAbandoned })
        }
    }

    /// Run `body` on a thread of its own and wait for it: it fails "timed out" once it makes no
    /// progress (`job.madeProgress()`) for the I/O timeout, or is past `wholeSeconds` if given,
    /// and is abandoned then, or when `cancellable` is cancelled (a listing or a read of a mount
    /// that stopped answering). Abandoned jobs still blocked are capped per mount.
    /// `mount`: what its stuck reads are counted by (by default the mount holding `path`; a
    /// share's server for a share).
    package func watched<T: Sendable>(path: String, mount: String? = nil, cancellable: Cancellable, wholeSeconds: Double?,
                              _ body: @escaping @Sendable (ReadJob<T>) throws(FetchError) -> T) throws(FetchError) -> T {
        let mount = mount ?? MountTable.mountPoint(containing: path)
        let stuckNow = stuck.count(mount)
        if stuckNow >= configuration.maxStuckReadsPerMount {
            throw .notAnswering(stuck: stuckNow, mount: mount)
        }
        let job = ReadJob<T>(stuck: stuck, mount: mount)
        let thread = Thread {
            BackgroundPriority.lowerCurrentThread()
            job.finish(Result { () throws(FetchError) -> T in try body(job) })
        }
        thread.name = "local read"
        thread.start()

        let wake = cancellable.onCancel { job.wake() }
        defer { cancellable.disconnect(wake) }
        let started = Date()
        let whole = wholeSeconds ?? .infinity
        switch job.waitForResult(ioTimeout: configuration.ioTimeoutSeconds,
                                 deadline: wholeSeconds.map { started.addingTimeInterval($0) } ?? .distantFuture,
                                 isCancelled: { cancellable.isCancelled }) {
        case .done(let result):
            return try result.get()
        case .cancelled:
            // Not a sign of a mount that stopped answering (the list scrolled on): counted as stuck
            // only if it is still running an I/O timeout later. Counted at once, reads cancelled
            // a moment before on a busy machine made the next ones fail as "not answering".
            job.abandon(countingAfter: configuration.ioTimeoutSeconds)
            throw .cancelled
        case .noProgress:
            job.abandon()
            throw .timedOut(seconds: Int(configuration.ioTimeoutSeconds.rounded(.up)))
        case .pastDeadline:
            job.abandon()
            throw .timedOut(seconds: Int(whole.rounded(.up)))
        }
    }
}

/// One read in flight: the reader thread reports progress and its result; the waiting thread
/// waits for either, and may abandon it. (@unchecked: its state is guarded by an NSCondition,
/// which a thread can wait on; a Mutex cannot be waited on.) An abandoned reader still running counts as stuck on
/// its mount until it returns (both changes happen under the job's lock, so they stay in order).
package final class ReadJob<T: Sendable>: Sendable {
    private struct State {
        var countedStuck = false
        var lastProgress = Date()
        var result: Result<T, FetchError>?
        var abandoned = false
    }
    private let state = Waitable(State())
    private let stuck: StuckReads
    private let mount: String
    /// The mount's generation when the read began (`StuckReads`).
    private let generation: Int

    init(stuck: StuckReads, mount: String) {
        self.stuck = stuck
        self.mount = mount
        generation = stuck.generation(mount)
    }

    enum Outcome { case done(Result<T, FetchError>), cancelled, noProgress, pastDeadline }

    package var isAbandoned: Bool { state.withLock { $0.abandoned } }

    package func madeProgress() { state.withLock { $0.lastProgress = Date() } }

    func wake() { state.wakeAll() }

    /// Run `body` (a callback into whoever waits) only if the job was not abandoned, holding its
    /// lock, so that no callback runs after its waiter gave up. `body` must not call back into
    /// the job.
    package func unlessAbandoned(_ body: () -> Void) {
        state.withLock { if !$0.abandoned { body() } }
    }

    /// The reader's result (dropped if the job was abandoned).
    func finish(_ result: Result<T, FetchError>) {
        state.withLock(wakingAll: true) { [stuck, mount, generation] state in
            state.result = result
            if state.countedStuck { stuck.remove(mount, generation: generation) }
        }
    }

    /// Give up on it; a reader still running counts as stuck until it returns, from now or, given
    /// `countingAfter` seconds, from then if it is still running.
    func abandon(countingAfter seconds: Double? = nil) {
        state.withLock { $0.abandoned = true }
        guard let seconds else { return countAsStuck() }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + seconds) { [self] in countAsStuck() }
    }

    /// A reader still running counts as stuck (once) until it returns.
    private func countAsStuck() {
        state.withLock { [stuck, mount, generation] state in
            if state.result == nil, !state.countedStuck {
                state.countedStuck = true
                stuck.add(mount, generation: generation)
            }
        }
    }

    func waitForResult(ioTimeout: Double, deadline: Date, isCancelled: () -> Bool) -> Outcome {
        state.wait { state -> Waitable<State>.Step<Outcome> in
            if let result = state.result { return .done(.done(result)) }
            if isCancelled() { return .done(.cancelled) }
            let now = Date()
            if now >= deadline { return .done(.pastDeadline) }
            let quiet = state.lastProgress.addingTimeInterval(ioTimeout)
            if now >= quiet { return .done(.noProgress) }
            return .sleep(until: min(quiet, deadline))
        }
    }
}

/// Abandoned reads still blocked, by mount point. A share mounted anew starts a new generation
/// of its mount: a read counts (and stops counting) only against the generation it began in, so
/// one begun on the dead backend and given up only after the new mount never counts against it.
final class StuckReads: Sendable {
    private struct Mount {
        var generation = 0
        var count = 0
    }
    private let mounts = Locked<[String: Mount]>([:])
    func count(_ mount: String) -> Int { mounts.withLock { $0[mount]?.count ?? 0 } }
    /// The mount's generation now, for a read beginning.
    func generation(_ mount: String) -> Int { mounts.withLock { $0[mount]?.generation ?? 0 } }
    func add(_ mount: String, generation: Int) {
        mounts.withLock { mounts in
            if mounts[mount, default: Mount()].generation == generation { mounts[mount, default: Mount()].count += 1 }
        }
    }
    func remove(_ mount: String, generation: Int) {
        mounts.withLock { mounts in
            guard var counted = mounts[mount], counted.generation == generation else { return }
            counted.count = max(0, counted.count - 1)
            mounts[mount] = counted
        }
    }
    /// Start the mount's count again (a share mounted anew): a new generation.
    func forget(_ mount: String) {
        mounts.withLock { mounts in
            var counted = mounts[mount, default: Mount()]
            counted.generation += 1
            counted.count = 0
            mounts[mount] = counted
        }
    }
}
