// Why this exists: one hop of a GET: the request made without libsoup following redirects, private network access checked before anything is sent (an address in the URL at once, else each address as the connection is about to be made, or by resolving the host when a proxy is in the way), the status, the caching headers and the body read within its limits.
import PhotoFormats
import Foundation
import GLibRuntime
import PhotoDecoding
import Soup
import GLibIO

struct HTTPExchange {
    let url: URL
    /// The space the request is for; nil on the user's own URL's first hop (anything goes, and
    /// where it goes sets the origin).
    let origin: AddressSpace?
    let headers: [String: String]
    let session: Session
    let configuration: HTTPClient.Configuration

    struct Answer {
        let status: Int
        let headers: [String: String]
        let body: Data
        /// The space of the server that answered.
        let space: AddressSpace
        /// Where a 3xx answer points (not followed here).
        let redirect: String?
    }

    func run(limit: Int, cancellable: Cancellable, started: Date, progress: ((Int, Int?) -> Void)?) throws(FetchError) -> Answer {
        // An address written in the URL is judged before anything else: no lookup, no proxy, no socket.
        if let origin, let host = url.host?.trimmingCharacters(in: CharacterSet(charactersIn: "[]")),
           let target = AddressSpace.of(host), !origin.mayReach(target) {
            throw .blocked(NetworkRefusal(origin: origin, target: target, address: host))
        }
        guard let message = Message(method: "GET", uri: url.absoluteString) else {
            throw .unsupported(Words("invalid URL for HTTP"))
        }
        for (name, value) in headers { message.setRequestHeader(name, value) }
        message.doNotFollowRedirects()
        // libsoup times each phase (the inspector's waterfall).
        message.collectMetrics()
        // The request has a cancellable of its own, so that a refusal cancels only it; the
        // caller's still cancels it too.
        let request = Cancellable()
        let link = cancellable.onCancel { request.cancel() }
        defer { cancellable.disconnect(link) }
        let proxied = NetworkLookup.usesProxy(url.absoluteString, cancellable: request)
        // Through a proxy the connection is to the proxy: judge the host by its addresses here.
        let resolvedSpace = proxied ? try spaceThroughProxy(cancellable: request) : nil
        let guardian = ConnectionGuard()
        if !proxied, let origin, origin != .local {
            message.onConnecting { remote in
                guard let remote else {
                    guardian.refuse(NetworkRefusal(origin: origin, target: .local, address: "an unknown address"))
                    request.cancel()
                    return false
                }
                let target = AddressSpace.of(remote.bytes)
                guard origin.mayReach(target) else {
                    guardian.refuse(NetworkRefusal(origin: origin, target: target, address: remote.text))
                    request.cancel()
                    return false
                }
                return true
            }
        }
        let stream: ReadStream
        do throws(GLibError) {
            stream = try session.send(message, cancellable: request)
        } catch {
            if let refusal = guardian.refusal { throw .blocked(refusal) }
            throw HTTPClient.map(error, configuration: configuration)
        }
        defer {
            stream.close()
            HTTPClient.traceMetrics(of: message, url: url, to: configuration.events)
        }
        let status = message.status
        var received = 0
        defer { configuration.events?(.http(url: Redacted.url(url.absoluteString), status: status, bytes: received)) }
        let space = resolvedSpace ?? message.remoteAddress.map { AddressSpace.of($0.bytes) } ?? .public
        if [301, 302, 303, 307, 308].contains(status), let location = message.responseHeader("Location") {
            return Answer(status: status, headers: [:], body: Data(), space: space, redirect: location)
        }
        guard (200..<300).contains(status) || status == 304 else {
            throw .httpStatus(code: status, reason: message.reasonPhrase)
        }
        var kept: [String: String] = [:]
        for name in HTTPResponse.cachingHeaders {
            if let value = message.responseHeader(name) { kept[name.lowercased()] = value }
        }
        if status == 304 { return Answer(status: status, headers: kept, body: Data(), space: space, redirect: nil) }
        let declared = message.responseContentLength
        if declared > limit { throw .tooLarge(limit: limit) }
        let data = try StreamReader.readAll(stream, limit: limit, expected: declared > 0 ? Int(declared) : nil,
                                            cancellable: request,
                                            deadline: started.addingTimeInterval(TimeInterval(configuration.totalTimeoutSeconds)),
                                            timeoutSeconds: configuration.totalTimeoutSeconds,
                                            ioTimeoutSeconds: Int(configuration.ioTimeoutSeconds),
                                            progress: { count, expected in received = count; progress?(count, expected) })
        received = data.count
        return Answer(status: status, headers: kept, body: data, space: space, redirect: nil)
    }

    /// Through a proxy: the host's addresses, resolved here, must all be reachable from the
    /// origin; returns the space of the first (for the user's own URL, the origin it sets).
    /// The proxy may resolve the name otherwise (the README says so).
    private func spaceThroughProxy(cancellable: Cancellable) throws(FetchError) -> AddressSpace {
        guard let host = url.host, !host.isEmpty else { throw .unsupported(Words("invalid URL for HTTP")) }
        let addresses: [InetAddress]
        do throws(GLibError) {
            addresses = try NetworkLookup.addresses(of: host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")), cancellable: cancellable)
        } catch {
            if error.isCancelled { throw .cancelled }
            throw .transfer(Words("could not resolve “%1$s”: %2$s", "\(host)", "\(error.message)"))
        }
        guard let first = addresses.first else { throw .transfer(Words("could not resolve “%1$s”", "\(host)")) }
        if let origin {
            for address in addresses where !origin.mayReach(AddressSpace.of(address.bytes)) {
                throw .blocked(NetworkRefusal(origin: origin, target: AddressSpace.of(address.bytes), address: address.text))
            }
        }
        return AddressSpace.of(first.bytes)
    }
}

/// What the `network-event` handler (on the sending thread) tells the sender: the refusal, if any.
final class ConnectionGuard: Sendable {
    private let stored = Locked<NetworkRefusal?>(nil)
    var refusal: NetworkRefusal? { stored.withLock { $0 } }
    func refuse(_ refusal: NetworkRefusal) { stored.withLock { if $0 == nil { $0 = refusal } } }
}
