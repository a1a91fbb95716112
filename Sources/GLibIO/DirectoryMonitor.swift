// Why this exists: a folder watched for changes (GIO's GFileMonitor): which of its entries changed, by name, on the main loop, so a folder gallery stays up to date without polling.
import GLibRuntime
import CGLib

@MainActor
public final class DirectoryMonitor {
    public enum Change: Sendable, Equatable {
        /// An entry appeared, changed, or went (moves within the folder are a rename: both names).
        case entries([String])
        /// The folder itself was deleted or moved away.
        case folderGone
    }

    private let monitor: ObjectRef
    private let folder: ObjectRef
    private var handler: Signal.HandlerID = 0

    /// Watch `path`; `onChange` runs on the main loop for each event GIO reports. Throws if
    /// the folder cannot be watched (gone, or the file system does not tell).
    public init(path: String, onChange: @escaping @MainActor (Change) -> Void) throws(GLibError) {
        let folder = ObjectRef(adopting: g_file_new_for_path(path)!)
        self.folder = folder
        let made = try withGError { g_file_monitor_directory(folder.pointer.opaque, G_FILE_MONITOR_WATCH_MOVES, nil, $0) }
        guard let made else { throw GLibError(domain: "g-io-error-quark", code: Int32(G_IO_ERROR_FAILED.rawValue), message: "cannot watch the folder") }
        monitor = ObjectRef(adopting: made)
        // GIO holds back repeated "changed" events of one file for this long (800 ms by default).
        g_file_monitor_set_rate_limit(monitor.pointer.as(GFileMonitor.self), 200)
        handler = Signal.connectPointerPointerInt(monitor.pointer, "changed") { file, other, event in
            let event = GFileMonitorEvent(rawValue: UInt32(bitPattern: event))
            let file = file.map { OpaquePointer($0) }
            if let file, g_file_equal(file, folder.pointer.opaque) != 0 {
                if event == G_FILE_MONITOR_EVENT_DELETED || event == G_FILE_MONITOR_EVENT_MOVED_OUT || event == G_FILE_MONITOR_EVENT_UNMOUNTED {
                    onChange(.folderGone)
                }
                return
            }
            var names: [String] = []
            for touched in [file, other.map { OpaquePointer($0) }] {
                guard let touched, let name = takeString(g_file_get_basename(touched)) else { continue }
                names.append(name)
            }
            if !names.isEmpty { onChange(.entries(names)) }
        }
    }

    /// Stop watching (also when the monitor is freed).
    public func cancel() {
        guard handler != 0 else { return }
        Signal.disconnect(monitor.pointer, handler)
        handler = 0
        g_file_monitor_cancel(monitor.pointer.as(GFileMonitor.self))
    }

    isolated deinit { cancel() }
}
