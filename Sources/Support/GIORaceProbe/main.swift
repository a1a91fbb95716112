// Why this exists: the GLib deadlock GIODefaults avoids, raced in a process of its own (GIO makes its defaults once a process): a worker makes the default proxy resolver as the main thread makes a GSettings, as the app's first fetch and its desktop settings did. With `--defaults-first`, GIODefaults.makeHere() runs first, as the app's start-up does. Exits 0 when both are made; a deadlock never exits.
import CGLib
import Foundation
import GLibIO

if CommandLine.arguments.contains("--defaults-first") { GIODefaults.makeHere() }
let done = DispatchSemaphore(value: 0)
Thread.detachNewThread {
    _ = g_proxy_resolver_get_default()
    done.signal()
}
let settings = g_settings_new("org.gnome.desktop.interface")
done.wait()
g_object_unref(settings)
exit(0)
