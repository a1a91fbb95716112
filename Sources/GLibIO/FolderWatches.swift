// Why this exists: a folder and its subfolders watched with the kernel's inotify directly, one descriptor read on the main loop (no polling): a watch the system's limit refuses (ENOSPC) is said, where GLib 2.74's monitor fails silently.
import CGLib
import Glibc
import GLibRuntime
import Synchronization

/// Watches on a root folder and folders under it, each named by its path under the root
/// ("" for the root, "Day 1/" for a subfolder). Watches are added and removed from any thread;
/// events arrive on the main loop.
public final class FolderWatches: Sendable {
    public enum Event: Sendable, Equatable {
        /// Entries that appeared, changed or went (files and folders alike), by path under the
        /// root ("IMG_1.jpg", "Day 1/IMG_2.jpg"); a move is both its names.
        case entries([String])
        /// The root itself was deleted, moved away or unmounted.
        case rootGone
        /// The kernel's queue overflowed: events were lost, every folder must be looked at again.
        case overflowed
    }

    public enum Outcome: Sendable, Equatable {
        case watched
        /// The system's limit on watches (fs.inotify.max_user_watches) is reached.
        case limitReached
        /// Another reason (the folder went, or cannot be read): errno.
        case failed(Int32)
    }

    private let core: Core

    /// Watch nothing yet; `onEvent` gets each read's events on the main loop.
    public init(root: String, onEvent: @escaping @MainActor @Sendable (Event) -> Void) throws(GLibError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw GLibError(domain: "g-io-error-quark", code: Int32(G_IO_ERROR_FAILED.rawValue), message: String(cString: strerror(errno))) }
        core = Core(fd: fd, root: root.hasSuffix("/") ? root : root + "/", onEvent: onEvent)
        core.start()
    }

    /// Watch the folder at `path` under the root ("" for the root; a subfolder ends in "/").
    public func watch(_ path: String) -> Outcome { core.watch(path) }

    /// Stop watching the folder `path` and every folder under it.
    public func unwatch(under path: String) { core.unwatch(under: path) }

    /// Stop watching anything (also when this is freed).
    public func cancel() { core.cancel() }

    deinit { core.cancel() }
}

private final class Core: Sendable {
    struct State {
        var pathOf: [Int32: String] = [:]
        var watchOf: [String: Int32] = [:]
        var source: guint = 0
        var closed = false
    }

    let fd: Int32
    let root: String
    let onEvent: @MainActor @Sendable (FolderWatches.Event) -> Void
    let state = Mutex(State())
    static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB
                             | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    init(fd: Int32, root: String, onEvent: @escaping @MainActor @Sendable (FolderWatches.Event) -> Void) {
        self.fd = fd
        self.root = root
        self.onEvent = onEvent
    }

    /// The descriptor's source on the main loop holds this core until it is cancelled.
    func start() {
        let data = Unmanaged.passRetained(self).toOpaque()
        let source = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, { _, _, data in
            let core = Unmanaged<Core>.fromOpaque(data!).takeUnretainedValue()
            // An event's handler may cancel the watches, which frees this source and its hold.
            return withExtendedLifetime(core) {
                guard MainActor.assumeIsolated({ core.readEvents() }) else {
                    core.state.withLock { $0.source = 0 }
                    return 0
                }
                return 1
            }
        }, data, { Unmanaged<Core>.fromOpaque($0!).release() })
        state.withLock { $0.source = source }
    }

    func watch(_ path: String) -> FolderWatches.Outcome {
        state.withLock { state in
            guard !state.closed else { return .failed(EBADF) }
            let wd = inotify_add_watch(fd, root + path, Self.mask)
            guard wd >= 0 else { return errno == ENOSPC ? .limitReached : .failed(errno) }
            if let old = state.pathOf[wd], old != path { state.watchOf[old] = nil }
            state.pathOf[wd] = path
            state.watchOf[path] = wd
            return .watched
        }
    }

    func unwatch(under path: String) {
        state.withLock { state in
            for (watched, wd) in state.watchOf where watched.hasPrefix(path) {
                inotify_rm_watch(fd, wd)
                state.watchOf[watched] = nil
                state.pathOf[wd] = nil
            }
        }
    }

    func cancel() {
        let (source, wasOpen): (guint, Bool) = state.withLock { state in
            defer { state.closed = true; state.source = 0; state.pathOf = [:]; state.watchOf = [:] }
            return (state.source, !state.closed)
        }
        if source != 0 { g_source_remove(source) }
        if wasOpen { close(fd) }
    }

    /// Read what the kernel queued; false once the descriptor is done with.
    @MainActor
    func readEvents() -> Bool {
        var names: [String] = []
        var rootGone = false, overflowed = false
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer, size)
            if count <= 0 {
                if count < 0, errno == EINTR { continue }
                if count < 0, errno == EAGAIN { break }
                return false
            }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = offset + MemoryLayout<inotify_event>.size
                offset = nameStart + Int(event.len)
                guard offset <= count else { break }
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true; continue }
                let name = event.len > 0 ? String(cString: (buffer + nameStart).assumingMemoryBound(to: CChar.self)) : ""
                let folder: String? = state.withLock { state in
                    if event.mask & UInt32(IN_IGNORED) != 0, let path = state.pathOf[event.wd] {
                        state.pathOf[event.wd] = nil
                        state.watchOf[path] = nil
                        return nil
                    }
                    return state.pathOf[event.wd]
                }
                guard let folder else { continue }
                if name.isEmpty {
                    // The watched folder itself: only the root's going matters (a subfolder's
                    // going is also its parent's entry).
                    if folder.isEmpty, event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT) != 0 { rootGone = true }
                    continue
                }
                names.append(folder + name)
            }
        }
        if !names.isEmpty { onEvent(.entries(names)) }
        if overflowed { onEvent(.overflowed) }
        if rootGone { onEvent(.rootGone) }
        return true
    }
}
