// Why this exists: the network layer's events (PhotoFetching's, handed to it as a closure) written into the trace, and the HTTP configuration that hands them over.
import PhotoFetching

extension Trace {
    public func emit(_ event: NetworkEvent) {
        switch event {
        case .http(let url, let status, let bytes): emit(TraceEvent.http(url: url, status: status, bytes: bytes))
        case .metrics(let url, let connect, let tls, let wait, let receive):
            emit(TraceEvent.metrics(url: url, connect: connect, tls: tls, wait: wait, receive: receive))
        }
    }
}

extension HTTPClient.Configuration {
    /// The standard configuration, its exchanges and their timings traced in `trace`.
    public static func traced(in trace: Trace) -> Self {
        var configuration = Self()
        configuration.events = { trace.emit($0) }
        return configuration
    }
}
