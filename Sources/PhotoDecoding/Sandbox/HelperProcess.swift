// Why this exists: one decoding helper process, seen from the app: started (sandboxed or not) and waited for until its loaders are loaded and its filter is on, asked one thing at a time with the photo's bytes in a memfd (kept for it, or sealed) under a processor-time limit the app sets from outside, watched for memfds it keeps, and, when it dies, reaped with the reason.
import PhotoFormats
import Foundation
import GLibRuntime
import HelperIPC

/// Used by one thread at a time (the pool lends it to one decode, or one animation's queue);
/// what changes is behind its lock.
public final class HelperProcess: Sendable {
    /// The process the app started (bubblewrap, or the helper itself).
    let pid: pid_t
    let sandboxed: Bool
    private let socket: HelperSocket
    private let errors: Int32

    private struct State {
        /// The helper's own process (in bubblewrap, a descendant of `pid`): its limits are set on it.
        var helperPID: pid_t
        /// Without namespaces: the Landlock ABI the helper runs under (0: this kernel has none).
        var landlock: Int?
        /// Set while the pool lends the helper: the origin whose photos it decodes, from then on.
        var origin: String?
        var nextID = 1
        var ended = false
        /// The end of what the helper wrote to its standard error (a loader's last words).
        var errorTail = ""
    }
    private let state: Locked<State>
    /// The memfd the photos' bytes go in.
    private let keptInput = KeptInput()

    /// The helper's own process (in bubblewrap, a descendant of `pid`): its limits are set on it.
    var helperPID: pid_t { state.withLock { $0.helperPID } }
    /// Without namespaces: the Landlock ABI the helper runs under (0: this kernel has none).
    var landlock: Int? { state.withLock { $0.landlock } }
    /// Set while the pool lends the helper: the origin whose photos it decodes, from then on.
    var origin: String? {
        get { state.withLock { $0.origin } }
        set { state.withLock { $0.origin = newValue } }
    }

    private init(pid: pid_t, socket: HelperSocket, errors: Int32, sandboxed: Bool) {
        self.pid = pid
        self.socket = socket
        self.errors = errors
        self.sandboxed = sandboxed
        state = Locked(State(helperPID: pid))
    }

    deinit { stop() }

    /// How long a helper may take to start (until its filter is on), in seconds of wall time.
    static let startSeconds: Int32 = 30

    /// Start a helper and wait until it says it is ready; the reason it is not, otherwise.
    static func start(_ launch: HelperLaunch, sandboxed: Bool, waiting startSeconds: Int32 = HelperProcess.startSeconds) -> Result<HelperProcess, HelperDeath> {
        guard let (socket, childEnd) = HelperSocket.pair() else { return .failure(.couldNotStart(Words("no socket could be made"))) }
        guard let errorPipe = ChildSpawn.pipe() else {
            close(childEnd)
            return .failure(.couldNotStart(Words("no pipe could be made")))
        }
        let command = launch.command(sandboxed: sandboxed)
        let pid = ChildSpawn.start(command, environment: launch.environment(sandboxed: sandboxed), stdin: childEnd,
                                   stderr: errorPipe.write, limits: launch.limits, nice: BackgroundPriority.niceness)
        close(childEnd)
        close(errorPipe.write)
        guard pid > 0 else {
            close(errorPipe.read)
            return .failure(.couldNotStart(Words("%1$s could not be started", command[0])))
        }
        let helper = HelperProcess(pid: pid, socket: socket, errors: errorPipe.read, sandboxed: sandboxed)
        var ready: HelperReady?
        switch socket.receive(limit: HelperCoding.messageLimit, milliseconds: startSeconds * 1000) {
        case .message(let data, let fd):
            if fd >= 0 { close(fd) }
            ready = HelperCoding.decode(HelperReady.self, data)
        case .timedOut:
            return .failure(helper.end(timedOut: true, limit: launch, waited: Int(startSeconds)))
        default:
            break
        }
        guard let ready else { return .failure(helper.end(timedOut: false, limit: launch)) }
        guard ready.filtered else {
            _ = helper.end(timedOut: false, limit: launch)
            return .failure(.couldNotStart(Words("its system call filter could not be set: %1$s", ready.problem ?? "")))
        }
        // Without namespaces, Landlock must have been tried (on, or not in this kernel).
        guard sandboxed || ready.landlock != nil else {
            _ = helper.end(timedOut: false, limit: launch)
            return .failure(.couldNotStart(Words("it did not confine itself")))
        }
        helper.state.withLock { $0.landlock = ready.landlock }
        // In bubblewrap the helper is bubblewrap's descendant (its init's child): the one process
        // at the end of the line.
        guard let own = sandboxed ? Self.descendant(of: pid) : pid else {
            _ = helper.end(timedOut: false, limit: launch)
            return .failure(.couldNotStart(Words("its process could not be found")))
        }
        helper.state.withLock { $0.helperPID = own }
        return .success(helper)
    }

    /// What came of one request.
    package enum Exchange {
        case reply(HelperReply, pixels: Int32)
        case died(HelperDeath)
    }

    /// Send `request` (its id is set here) with `bytes` in a memfd (`KeptInput`), and wait for the
    /// reply. When `cancellable` is cancelled the helper is told, and its reply (`cancelled`)
    /// is still waited for, so the helper is free for the next photo. `pixels` is -1 or a
    /// descriptor the caller owns.
    package func exchange(_ make: (Int) -> HelperRequest, bytes: Data?, cancellable: Cancellable?, launch: HelperLaunch) -> Exchange {
        let next: Int? = state.withLock { state in
            guard !state.ended else { return nil }
            defer { state.nextID += 1 }
            return state.nextID
        }
        guard let id = next else { return .died(.alreadyStopped) }
        let request = make(id)
        // Each photo gets the processor time one image may take, counted from now.
        if bytes != nil, !limitProcessor(to: launch.processorSeconds) {
            return .died(end(timedOut: false, limit: launch, spent: true))
        }
        var input: Int32 = -1, kept = false
        if let bytes {
            (input, kept) = keptInput.handOver(bytes, for: request)
            guard input >= 0 else { return .died(.couldNotStart(Words("the photo's bytes could not be handed over"))) }
        }
        // A kept memfd the helper grew (it may write to it while it holds it) is let go once it
        // has answered, rather than held at that size while the helper waits.
        defer { if kept, let bytes { keptInput.letGoIfGrown(input, holding: bytes.count) } }
        let sent = socket.send(HelperCoding.encode(request), passing: input)
        if input >= 0, !kept { close(input) }
        guard sent else { return .died(end(timedOut: false, limit: launch)) }

        // Wall time is only a last resort (processor time is the helper's own limit): a helper
        // stuck without using the processor is stopped after this long.
        let wallSeconds = Int32(Self.wallSeconds(launch))
        let cancelFD = cancellable?.descriptor() ?? -1
        defer { if cancelFD >= 0 { cancellable?.releaseDescriptor() } }
        var watching = cancelFD
        while true {
            switch socket.receive(limit: HelperCoding.messageLimit, milliseconds: wallSeconds * 1000, cancel: watching) {
            case .cancelled:
                watching = -1
                socket.send(HelperCoding.encode(HelperRequest.cancel(id: id)))
            case .timedOut:
                return .died(end(timedOut: true, limit: launch))
            case .endOfFile, .failed:
                return .died(end(timedOut: false, limit: launch))
            case .message(let data, let fd):
                guard let reply = HelperCoding.decode(HelperReply.self, data) else {
                    if fd >= 0 { close(fd) }
                    return .died(end(timedOut: false, limit: launch, garbled: true))
                }
                // A reply to an earlier request, cancelled: not this one's.
                if reply.id != id {
                    if fd >= 0 { close(fd) }
                    continue
                }
                drainErrors()
                return .reply(reply, pixels: fd)
            }
        }
    }

    /// A request's wall-time limit, in seconds.
    static func wallSeconds(_ launch: HelperLaunch?) -> Int { max(60, (launch?.processorSeconds ?? HelperLaunch.defaultProcessorSeconds) * 4) }

    /// Stop the helper (it is not reused).
    func stop() {
        _ = end(timedOut: false, limit: nil)
    }

    /// Kill, reap and close; the reason it ended, as far as can be told.
    /// `waited`: how long a helper that timed out was waited for (a request's wall-time limit by default).
    private func end(timedOut: Bool, limit: HelperLaunch?, garbled: Bool = false, waited: Int? = nil, spent: Bool = false) -> HelperDeath {
        let wasEnded = state.withLock { state in
            defer { state.ended = true }
            return state.ended
        }
        guard !wasEnded else { return .alreadyStopped }
        // Whatever it did, it stops now (a zombie keeps the status it died with); bubblewrap
        // takes its sandbox with it (--die-with-parent).
        kill(pid, SIGKILL)
        let status = ChildSpawn.wait(pid)
        drainErrors()
        socket.close()
        close(errors)
        keptInput.close()
        let errorTail = state.withLock { $0.errorTail }
        let death: HelperDeath
        if spent {
            death = .outOfTime(seconds: limit?.processorBudget ?? 0)
        } else if timedOut {
            death = .noAnswer(seconds: waited ?? Self.wallSeconds(limit))
        } else if garbled {
            death = .garbled
        } else {
            death = HelperDeath(status: status, sandboxed: sandboxed, errorOutput: errorTail, launch: limit)
        }
        // What the helper said last goes to the app's own standard error, where a loader's
        // critical warnings are seen as the app's would be.
        if limit != nil {
            let lastWords = errorTail.split(separator: "\n").suffix(5).joined(separator: "\n")
            FileHandle.standardError.write(Data("classic-photos: a decoding helper stopped: \(death.words)\(lastWords.isEmpty ? "" : "; it said:\n" + lastWords)\n".utf8))
        }
        return death
    }

    /// Keep the end of the helper's standard error, read without waiting.
    private func drainErrors() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
            guard got > 0 else { return }
            let text = String(decoding: chunk[0..<got], as: UTF8.self)
            state.withLock { state in
                state.errorTail += text
                if state.errorTail.utf8.count > 8192 { state.errorTail = String(state.errorTail.suffix(4096)) }
            }
        }
    }
}
