// Why this exists: a share (SMB, SFTP, WebDAV) mounted through GVfs before it is read, with GTK's own mount dialog (GtkMountOperation: user and password, anonymous or guest, "remember" through the desktop's keyring, an unknown host key asked of the user), on the main loop.
import CGtk
import GLibRuntime

@MainActor
public enum ShareMount {
    public enum Outcome: Sendable, Equatable {
        /// Mounted now.
        case mounted
        /// It already was mounted.
        case alreadyMounted
        /// The user cancelled the dialog: nothing is to change.
        case cancelled
        /// GVfs's reason (a wrong password asked again is GVfs's own loop: this is the end).
        case failed(String)
    }

    /// Mount the share holding `uri`, asking through dialogs over `parent`; `done` on the main loop.
    /// Once mounted, the place is asked for once from the main loop, whatever the answer: GVfs's
    /// client forgets a share's backend when it dies only through a connection the main loop
    /// holds, and a share mounted again (its server gone and back) would otherwise be sought in
    /// the dead backend ("not mounted") by every worker thread.
    public static func mount(_ uri: String, parent: ApplicationWindow?, cancellable: Cancellable? = nil,
                             _ done: @escaping @MainActor (Outcome) -> Void) {
        let file = g_file_new_for_uri(uri)!
        let operation = gtk_mount_operation_new(parent?.gtkWindow)!
        let request = MountRequest(done)
        // The user's answer to a dialog: an abort is a cancel, whatever error the backend then
        // gives (WebDAV's says "Unauthorized"); so is a question (an unknown host key) answered
        // with any choice but the first, GVfs's "Log In Anyway" (sftp's then says "Host key
        // verification failed").
        let asked: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutableRawPointer?) -> Void = { _, _, _, data in
            Unmanaged<MountRequest>.fromOpaque(data!).takeUnretainedValue().asked = true
        }
        let replied: @convention(c) (OpaquePointer?, GMountOperationResult, UnsafeMutableRawPointer?) -> Void = { operation, result, data in
            let request = Unmanaged<MountRequest>.fromOpaque(data!).takeUnretainedValue()
            if result == G_MOUNT_OPERATION_ABORTED || request.asked && result == G_MOUNT_OPERATION_HANDLED && g_mount_operation_get_choice(UnsafeMutablePointer<GMountOperation>(operation)) != 0 {
                request.aborted = true
            }
            request.asked = false
        }
        g_signal_connect_data(UnsafeMutableRawPointer(operation), "ask-question", unsafeBitCast(asked, to: GCallback.self),
                              Unmanaged.passRetained(request).toOpaque(), { data, _ in Unmanaged<MountRequest>.fromOpaque(data!).release() },
                              GConnectFlags(rawValue: 0))
        g_signal_connect_data(UnsafeMutableRawPointer(operation), "reply", unsafeBitCast(replied, to: GCallback.self),
                              Unmanaged.passRetained(request).toOpaque(), { data, _ in Unmanaged<MountRequest>.fromOpaque(data!).release() },
                              GConnectFlags(rawValue: 0))
        let box = Unmanaged.passRetained(request).toOpaque()
        g_file_mount_enclosing_volume(file, G_MOUNT_MOUNT_NONE, operation, cancellable?.pointer, MountCallbacks.finished, box)
        // The call holds what it needs until it finishes.
        g_object_unref(UnsafeMutableRawPointer(operation))
        g_object_unref(UnsafeMutableRawPointer(file))
    }

    /// What a mount's error means here.
    nonisolated static func outcome(_ failure: GLibError) -> Outcome {
        guard failure.domain == "g-io-error-quark" else { return .failed(failure.message) }
        switch UInt32(bitPattern: failure.code) {
        case G_IO_ERROR_ALREADY_MOUNTED.rawValue: return .alreadyMounted
        case G_IO_ERROR_FAILED_HANDLED.rawValue, G_IO_ERROR_CANCELLED.rawValue: return .cancelled
        default: return .failed(failure.message)
        }
    }
}

/// One mount asked for: whom to tell, and whether the user aborted a dialog of it. Touched on the
/// main loop only (GIO's callbacks and the operation's signal run there).
private final class MountRequest: @unchecked Sendable {
    let done: @MainActor (ShareMount.Outcome) -> Void
    var aborted = false
    /// A question is on screen (its answer's choice says whether it was declined).
    var asked = false
    init(_ done: @escaping @MainActor (ShareMount.Outcome) -> Void) { self.done = done }
}

/// The C callbacks of a mount (nonisolated: GIO calls them on the main loop, where they say so).
private enum MountCallbacks {
    static let finished: GAsyncReadyCallback = { source, result, data in mountFinished(source, result, data) }

    /// The mount's end: a failure or a cancel said at once; a mount, once the place was asked for.
    static func mountFinished(_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
        var error: UnsafeMutablePointer<GError>?
        _ = g_file_mount_enclosing_volume_finish(OpaquePointer(source), result, &error)
        let request = Unmanaged<MountRequest>.fromOpaque(data!).takeUnretainedValue()
        var outcome: ShareMount.Outcome = error.map { ShareMount.outcome(GLibError(taking: $0)) } ?? .mounted
        if request.aborted, case .failed = outcome { outcome = .cancelled }
        switch outcome {
        case .mounted:
            g_file_query_info_async(OpaquePointer(source), "standard::type", G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT, nil, askedMounted, data)
        case .alreadyMounted:
            g_file_query_info_async(OpaquePointer(source), "standard::type", G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT, nil, askedAlready, data)
        case .cancelled, .failed:
            let request = Unmanaged<MountRequest>.fromOpaque(data!).takeRetainedValue()
            MainActor.assumeIsolated { request.done(outcome) }
        }
    }

    /// The place asked for, once mounted now or already: its answer is the listing's to give
    /// (only the connection was wanted); then the outcome.
    static let askedMounted: GAsyncReadyCallback = { source, result, data in asked(source, result, data, .mounted) }
    static let askedAlready: GAsyncReadyCallback = { source, result, data in asked(source, result, data, .alreadyMounted) }

    static func asked(_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?, _ data: UnsafeMutableRawPointer?, _ outcome: ShareMount.Outcome) {
        let request = Unmanaged<MountRequest>.fromOpaque(data!).takeRetainedValue()
        if let info = g_file_query_info_finish(OpaquePointer(source), result, nil) { g_object_unref(UnsafeMutableRawPointer(info)) }
        MainActor.assumeIsolated { request.done(outcome) }
    }
}
