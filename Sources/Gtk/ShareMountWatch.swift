// Why this exists: a share's mount followed while its folder is shown, so that a share unmounted from outside (the file manager's eject, `gio mount -u`, its backend's end) is told to the window, not found row by row. The desktop's volume monitor says which mount went (a mount found by itself is never told it went).
import CGtk
import GLibRuntime

@MainActor
public final class ShareMountWatch {
    private let monitor: ObjectRef
    private let file: ObjectRef
    private var handler: Signal.HandlerID = 0

    /// Follow the mount holding `uri`; `unmounted` once it goes.
    public init(_ uri: String, unmounted: @escaping @MainActor () -> Void) {
        monitor = ObjectRef(adopting: g_volume_monitor_get()!)
        file = ObjectRef(adopting: g_file_new_for_uri(uri)!)
        // (GVolumeMonitor *monitor, GMount *mount)
        handler = Signal.connectPointer(monitor.pointer, "mount-removed") { [weak self] mount in
            guard let self, let mount, self.handler != 0 else { return }
            let root = ObjectRef(adopting: g_mount_get_root(OpaquePointer(mount))!)
            let place = self.file.pointer.opaque, top = root.pointer.opaque
            guard g_file_equal(place, top) != 0 || g_file_has_prefix(place, top) != 0 else { return }
            self.stop()
            unmounted()
        }
    }

    /// Its handler, on the desktop's volume monitor (which lives as long as the app), goes with it.
    isolated deinit { stop() }

    /// No longer followed (another gallery shows).
    public func stop() {
        if handler != 0 { Signal.disconnect(monitor.pointer, handler) }
        handler = 0
    }
}
