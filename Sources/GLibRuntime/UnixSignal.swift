// Why this exists: a Unix signal delivered on the GLib main loop (g_unix_signal_add), for test probes.
import CGLib
import Glibc

@MainActor
public enum UnixSignal {
    /// Run `fn` on the main loop each time the process gets SIGUSR1.
    public static func onUSR1(_ fn: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(ClosureBox<@MainActor () -> Void>(fn)).toOpaque()
        g_unix_signal_add_full(G_PRIORITY_DEFAULT, SIGUSR1, { data in
            let box: ClosureBox<@MainActor () -> Void> = closureBox(data)
            MainActor.assumeIsolated { box.fn() }
            return 1 // G_SOURCE_CONTINUE
        }, box, { data in Unmanaged<SignalBox>.fromOpaque(data!).release() })
    }
}
