// Why this exists: the IP address of a GSocketAddress (a server libsoup connected to), as bytes and as text, for private network access.
import GLibRuntime
import CGLib

public struct InetAddress: Sendable, Equatable {
    /// 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]
    /// As GLib writes it ("127.0.0.1", "::1").
    public let text: String

    /// The address of a socket address; nil when it is not an IP one (a Unix socket).
    public init?(socketAddress: UnsafeMutablePointer<GSocketAddress>) {
        guard g_type_check_instance_is_a(socketAddress.as(GTypeInstance.self), g_inet_socket_address_get_type()) != 0,
              let address = g_inet_socket_address_get_address(socketAddress.as(GInetSocketAddress.self)) else { return nil }
        self.init(inetAddress: address)
    }

    /// The remote address of a GSocketConnection (a GIOStream libsoup reports in `network-event`).
    /// Throws when the socket cannot say; nil when it is not an IP address.
    public static func remote(ofConnection stream: UnsafeMutableRawPointer) throws(GLibError) -> InetAddress? {
        let address = try withGError { g_socket_connection_get_remote_address(stream.assumingMemoryBound(to: GSocketConnection.self), $0) }
        guard let address else { return nil }
        defer { g_object_unref(address) }
        return InetAddress(socketAddress: address)
    }
}

extension InetAddress {
    /// A GInetAddress's bytes and text.
    init(inetAddress address: UnsafeMutablePointer<GInetAddress>) {
        let size = Int(g_inet_address_get_native_size(address))
        bytes = Array(UnsafeBufferPointer(start: g_inet_address_to_bytes(address), count: size))
        text = takeString(g_inet_address_to_string(address)) ?? "?"
    }
}
