// Why this exists: which address space an IP is in (local, private, public), exactly as the private-network rule defines them, and which spaces a gallery may reach.
import XCTest
@testable import PhotoPipeline
@testable import PhotoFetching

final class AddressSpaceTests: XCTestCase {
    func testAddressesAreClassedByTheRule() {
        let cases: [(String, AddressSpace)] = [
            ("127.0.0.1", .local), ("127.255.1.2", .local), ("::1", .local), ("::ffff:127.0.0.1", .local),
            ("10.0.0.1", .private), ("10.255.255.255", .private),
            ("172.16.0.1", .private), ("172.31.255.254", .private), ("172.15.0.1", .public), ("172.32.0.1", .public),
            ("192.168.1.1", .private), ("192.169.0.1", .public),
            ("100.64.0.1", .private), ("100.127.255.255", .private), ("100.63.0.1", .public), ("100.128.0.1", .public),
            ("169.254.169.254", .private), ("169.253.0.1", .public),
            ("fc00::1", .private), ("fdff::1", .private), ("fe80::1", .private), ("febf::1", .private), ("fec0::1", .public),
            ("::ffff:192.168.1.1", .private),
            ("203.0.113.10", .public), ("8.8.8.8", .public), ("2001:db8::1", .public),
        ]
        for (text, space) in cases { XCTAssertEqual(AddressSpace.of(text), space, text) }
        XCTAssertNil(AddressSpace.of("not an address"))
    }

    /// Linux connects 0.0.0.0 and :: to this computer ("0.0.0.0 day"); IPv6 forms that wrap an
    /// IPv4 address (mapped, compatible, NAT64, 6to4) are judged by the address they wrap.
    func testZeroAndWrappedAddressesAreJudgedByWhereTheyLead() {
        let cases: [(String, AddressSpace)] = [
            ("0.0.0.0", .local), ("0.1.2.3", .local), ("::", .local), ("::ffff:0.0.0.0", .local), ("::ffff:0.255.0.1", .local),
            ("::127.0.0.1", .local), ("::10.1.2.3", .private),
            ("64:ff9b::127.0.0.1", .local), ("64:ff9b::7f00:1", .local), ("64:ff9b::192.168.0.1", .private), ("64:ff9b::0.0.0.0", .local),
            ("64:ff9b::8.8.8.8", .public),
            ("2002:7f00:1::", .local), ("2002:c0a8:101::1", .private), ("2002:a00:1::", .private), ("2002:0:0::", .local),
            ("2002:808:808::", .public), ("1.0.0.0", .public),
        ]
        for (text, space) in cases { XCTAssertEqual(AddressSpace.of(text), space, text) }
    }

    func testWhoMayReachWhom() {
        XCTAssertTrue(AddressSpace.local.mayReach(.local) && AddressSpace.local.mayReach(.private) && AddressSpace.local.mayReach(.public))
        XCTAssertTrue(AddressSpace.private.mayReach(.private) && AddressSpace.private.mayReach(.public))
        XCTAssertFalse(AddressSpace.private.mayReach(.local))
        XCTAssertTrue(AddressSpace.public.mayReach(.public))
        XCTAssertFalse(AddressSpace.public.mayReach(.private) || AddressSpace.public.mayReach(.local))
    }

    func testTheRefusalNamesTheRuleAndTheAddressAndTravelsAsAValue() {
        XCTAssertEqual(NetworkRefusal(origin: .public, target: .local, address: "127.0.0.1").description,
                       "blocked: a gallery from the internet may not load photos from this computer (127.0.0.1)")
        XCTAssertEqual(NetworkRefusal(origin: .public, target: .private, address: "10.0.0.1").description,
                       "blocked: a gallery from the internet may not load photos from your local network (10.0.0.1)")
        for refusal in [NetworkRefusal(origin: .public, target: .local, address: "127.0.0.1"),
                        NetworkRefusal(origin: .public, target: .private, address: "10.0.0.1"),
                        NetworkRefusal(origin: .private, target: .local, address: "::1")] {
            let failure = StageFailure(FetchError.blocked(refusal))
            XCTAssertEqual(failure.code, .blocked)
            XCTAssertEqual(failure.refusal?.target, refusal.target, "the failure carries what to allow")
        }
        XCTAssertEqual(NetworkRefusal(origin: .private, target: .local, address: "::1").description,
                       "blocked: a gallery from your local network may not load photos from this computer (::1)")
    }
}
