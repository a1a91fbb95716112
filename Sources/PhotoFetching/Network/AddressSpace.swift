// Why this exists: private network access, as browsers enforce it: which address space an IP address is in, and which spaces a gallery may reach from where it was loaded.
import Foundation
import PhotoFormats

/// Where an address is, judged by the IP actually connected to (never by a name).
public enum AddressSpace: String, Sendable, Comparable {
    /// This computer: 127.0.0.0/8, 0.0.0.0/8 and :: (which Linux connects to this computer, as
    /// browsers' "0.0.0.0 day" showed), ::1. Also what a local manifest file is.
    case local
    /// The local network: 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier-grade NAT),
    /// 169.254/16 and fe80::/10 (link-local), fc00::/7 (unique local).
    case `private`
    /// Everything else: the internet.
    case `public`

    /// Local is the most trusted, public the least.
    public static func < (a: AddressSpace, b: AddressSpace) -> Bool { a.rank < b.rank }
    private var rank: Int { self == .local ? 0 : self == .private ? 1 : 2 }

    /// The space of an IPv4 (4 bytes) or IPv6 (16 bytes) address. An IPv6 address that wraps an
    /// IPv4 one is judged as that IPv4 address where it is this computer or the local network:
    /// IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, so :: and ::1 too), NAT64
    /// (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::).
    public static func of(_ bytes: [UInt8]) -> AddressSpace {
        if bytes.count == 16 {
            let zeros = bytes[0..<10].allSatisfy { $0 == 0 }
            if zeros && bytes[10] == 0xff && bytes[11] == 0xff { return of(Array(bytes[12..<16])) }   // ::ffff:0:0/96
            if zeros && bytes[10] == 0 && bytes[11] == 0 { return of(Array(bytes[12..<16])) }         // ::/96, :: and ::1
            if bytes[0..<4] == [0x00, 0x64, 0xff, 0x9b], bytes[4..<12].allSatisfy({ $0 == 0 }) {       // 64:ff9b::/96
                return min(.public, of(Array(bytes[12..<16])))
            }
            if bytes[0] == 0x20 && bytes[1] == 0x02 { return min(.public, of(Array(bytes[2..<6]))) }   // 2002::/16
            if bytes[0] & 0xfe == 0xfc { return .private }                                        // fc00::/7
            if bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80 { return .private }                    // fe80::/10
            return .public
        }
        guard bytes.count == 4 else { return .public }
        switch (bytes[0], bytes[1]) {
        case (127, _), (0, _): return .local
        case (10, _): return .private
        case (172, 16...31): return .private
        case (192, 168): return .private
        case (100, 64...127): return .private
        case (169, 254): return .private
        default: return .public
        }
    }

    /// Parse a textual IP address (tests and traces).
    public static func of(_ text: String) -> AddressSpace? {
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return of(withUnsafeBytes(of: &v4) { Array($0) }) }
        if inet_pton(AF_INET6, text, &v6) == 1 { return of(withUnsafeBytes(of: &v6) { Array($0) }) }
        return nil
    }

    /// A gallery loaded from `self` may fetch from `target`: one from the internet only the
    /// internet; one from the local network that and the internet; one from this computer
    /// (loopback or a local file) anything.
    public func mayReach(_ target: AddressSpace) -> Bool { target >= self }
}

/// A fetch that the rule refused: the gallery's space, the target's, and the address.
public struct NetworkRefusal: Sendable, Equatable, CustomStringConvertible {
    public let origin: AddressSpace
    public let target: AddressSpace
    public let address: String

    /// Why, in words put into the user's language at the app's edge.
    public var words: Words {
        switch (origin == .public, target == .local) {
        case (true, true): Words("blocked: a gallery from the internet may not load photos from this computer (%1$s)", address)
        case (true, false): Words("blocked: a gallery from the internet may not load photos from your local network (%1$s)", address)
        case (false, true): Words("blocked: a gallery from your local network may not load photos from this computer (%1$s)", address)
        case (false, false): Words("blocked: a gallery from your local network may not load photos from your local network (%1$s)", address)
        }
    }

    /// In English, for the trace.
    public var description: String { words.description }
}
