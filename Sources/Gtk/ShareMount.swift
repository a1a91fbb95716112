// Why this exists: a share (SMB, SFTP, WebDAV) mounted through GVfs before it is read, with GTK's own mount dialog (GtkMountOperation: user and password, anonymous or guest, "remember" through the desktop's keyring, an unknown host key asked of the user), on the main loop.
import CGtk
import GLibRuntime

@MainActor
public enum ShareMount {
    public enum Outcome: Sendable, Equatable {
        /// Mounted now, or it already was.
        case mounted
        /// The user cancelled the dialog: nothing is to change.
        case cancelled
        /// GVfs's reason (a wrong password asked again is GVfs's own loop: this is the end).
        case failed(String)
    }

    /// Mount the share holding `uri`, asking through dialogs over `parent`; `done` on the main loop.
    public static func mount(_ uri: String, parent: ApplicationWindow?, cancellable: Cancellable? = nil,
                             _ done: @escaping @MainActor (Outcome) -> Void) {
        let file = g_file_new_for_uri(uri)!
        let operation = gtk_mount_operation_new(parent?.gtkWindow)!
        let box = Unmanaged.passRetained(ClosureBox<@MainActor (Outcome) -> Void>(done)).toOpaque()
        let finished: GAsyncReadyCallback = { source, result, data in
            let box = Unmanaged<ClosureBox<@MainActor (Outcome) -> Void>>.fromOpaque(data!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            _ = g_file_mount_enclosing_volume_finish(OpaquePointer(source), result, &error)
            var outcome = Outcome.mounted
            if let error {
                let failure = GLibError(taking: error)
                if failure.domain == "g-io-error-quark", failure.code == G_IO_ERROR_ALREADY_MOUNTED.rawValue {
                    outcome = .mounted
                } else if failure.domain == "g-io-error-quark",
                          failure.code == G_IO_ERROR_FAILED_HANDLED.rawValue || failure.code == G_IO_ERROR_CANCELLED.rawValue {
                    outcome = .cancelled
                } else {
                    outcome = .failed(failure.message)
                }
            }
            MainActor.assumeIsolated { box.fn(outcome) }
        }
        g_file_mount_enclosing_volume(file, G_MOUNT_MOUNT_NONE, operation, cancellable?.pointer, finished, box)
        // The call holds what it needs until it finishes.
        g_object_unref(UnsafeMutableRawPointer(operation))
        g_object_unref(UnsafeMutableRawPointer(file))
    }
}
