// Why this exists: the app, not libsoup, limits how many requests go to one server at once. libsoup 3.2's synchronous send waits for a free connection on a condition that only a connection in use signals: an idle one the server has hung up on never does, and no cancellation wakes it, so a download could wait forever. Here a request waits its turn with its cancellable, and libsoup's own limit is set above what passes.
import Foundation
import GLibRuntime

/// At most `perServer` requests in flight to one scheme, host and port; the rest wait here,
/// in no particular order, until one ends or they are cancelled.
/// (@unchecked Sendable: `inFlight` is only touched with `condition` locked.)
final class HostSlots: @unchecked Sendable {
    let perServer: Int
    private let condition = NSCondition()
    private var inFlight: [String: Int] = [:]

    init(perServer: Int) {
        self.perServer = max(1, perServer)
    }

    /// libsoup's own limit for a server: above what passes here, so libsoup never waits for a
    /// connection (a connection being closed, or one whose server hung up after libsoup last
    /// looked, may still count against it for a moment).
    var libsoupLimit: Int32 { Int32(perServer * 2 + 4) }

    /// The server `url` is on, as libsoup pools connections to it.
    static func server(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// Run `body` once a slot for `url`'s server is free; `.cancelled` if `cancellable` is
    /// cancelled first.
    func withSlot<T>(for url: URL, cancellable: Cancellable, _ body: () throws(FetchError) -> T) throws(FetchError) -> T {
        let server = Self.server(of: url)
        try acquire(server, cancellable: cancellable)
        defer { release(server) }
        return try body()
    }

    private func acquire(_ server: String, cancellable: Cancellable) throws(FetchError) {
        // A cancel wakes every waiter (with the lock, so none misses it between its check and its wait).
        let link = cancellable.onCancel { [condition] in
            condition.lock()
            condition.broadcast()
            condition.unlock()
        }
        // Disconnected with the lock released: disconnecting waits for a handler that is running.
        defer { cancellable.disconnect(link) }
        condition.lock()
        defer { condition.unlock() }
        while inFlight[server, default: 0] >= perServer {
            if cancellable.isCancelled { throw .cancelled }
            condition.wait()
        }
        if cancellable.isCancelled { throw .cancelled }
        inFlight[server, default: 0] += 1
    }

    private func release(_ server: String) {
        condition.lock()
        inFlight[server, default: 1] -= 1
        if inFlight[server] == 0 { inFlight[server] = nil }
        condition.broadcast()
        condition.unlock()
    }
}
