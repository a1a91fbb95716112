// Why this exists: what GIO knows about reaching a URL before any request: whether the desktop's proxy settings send it through a proxy, and the addresses a host name resolves to here.
import GLibRuntime
import CGLib

public enum NetworkLookup {
    /// Whether GLib's default proxy resolver (the `http_proxy` variables, or GNOME's proxy
    /// settings through glib-networking) sends `uri` through a proxy rather than directly.
    /// Blocking: call on a worker.
    public static func usesProxy(_ uri: String, cancellable: Cancellable) -> Bool {
        guard let resolver = g_proxy_resolver_get_default(),
              let proxies = g_proxy_resolver_lookup(resolver, uri, cancellable.pointer, nil) else { return false }
        defer { g_strfreev(proxies) }
        var index = 0
        while let proxy = proxies[index] {
            if String(cString: proxy) != "direct://" { return true }
            index += 1
        }
        return false
    }

    /// The addresses `host` resolves to on this machine (a literal address is itself).
    /// Blocking: call on a worker.
    public static func addresses(of host: String, cancellable: Cancellable) throws(GLibError) -> [InetAddress] {
        let resolver = g_resolver_get_default()
        defer { g_object_unref(resolver) }
        let list = try withGError { g_resolver_lookup_by_name(resolver, host, cancellable.pointer, $0) }
        defer { g_resolver_free_addresses(list) }
        var found: [InetAddress] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data { found.append(InetAddress(inetAddress: data.assumingMemoryBound(to: GInetAddress.self))) }
            node = current.pointee.next
        }
        return found
    }
}
