// Why this exists: what the network layer tells whoever traces it (each exchange, and libsoup's timings of it), handed to it as a closure: this layer keeps no trace of its own.
public enum NetworkEvent: Sendable, Equatable {
    /// One hop's answer: its status and the body's bytes read (the URL without its password).
    case http(url: String, status: Int, bytes: Int)
    /// libsoup's timings of one hop, in ms.
    case metrics(url: String, connect: Double, tls: Double, wait: Double, receive: Double)
}
