// Why this exists: proves a signal handler's closure box is released when its object is finalized (no leak, no use-after-free).
import CGLib
import CGdkPixbuf
import GLibRuntime
import XCTest

final class SignalReleaseTests: XCTestCase {
    /// Something the closure captures, so its lifetime shows the box's.
    final class Witness {}

    func testClosureIsReleasedWhenObjectIsFinalized() {
        MainActor.assumeIsolated {
            weak var weakWitness: Witness?
            var calls = 0
            let object = newObject(FundamentalType.object)
            do {
                let witness = Witness()
                weakWitness = witness
                Signal.connectPointer(object, "notify") { _ in
                    _ = witness
                    calls += 1
                }
            }
            XCTAssertNotNil(weakWitness, "the box must keep the closure alive while the object lives")
            Self.g_signal_emit_by_name_notify(object)
            XCTAssertEqual(calls, 1, "the handler ran through the thunk")
            g_object_unref(object)
            XCTAssertNil(weakWitness, "finalizing the object must release the closure box")
        }
    }

    func testDisconnectReleasesClosure() {
        MainActor.assumeIsolated {
            weak var weakWitness: Witness?
            let object = newObject(FundamentalType.object)
            defer { g_object_unref(object) }
            let id: Signal.HandlerID
            do {
                let witness = Witness()
                weakWitness = witness
                id = Signal.connect(object, "notify") { _ = witness }
            }
            XCTAssertNotNil(weakWitness)
            Signal.disconnect(object, id)
            XCTAssertNil(weakWitness, "disconnecting must release the closure box")
        }
    }

    func testAttachmentIsReleasedWithObject() {
        MainActor.assumeIsolated {
            weak var weakWitness: Witness?
            let object = newObject(FundamentalType.object)
            do {
                let witness = Witness()
                weakWitness = witness
                setAttachment(witness, on: object, key: "witness")
                XCTAssertTrue(attachment(Witness.self, on: object, key: "witness") === witness)
            }
            XCTAssertNotNil(weakWitness)
            g_object_unref(object)
            XCTAssertNil(weakWitness)
        }
    }

    /// g_signal_emit_by_name is variadic and does not import: emit "notify" through
    /// g_signal_emitv with a real GParamSpec.
    private static func g_signal_emit_by_name_notify(_ object: UnsafeMutableRawPointer) {
        let spec = g_param_spec_boolean("probe", nil, nil, 0, G_PARAM_READWRITE)!
        g_param_spec_ref_sink(spec)
        defer { g_param_spec_unref(spec) }
        var values = [GValue](repeating: GValue(), count: 2)
        g_value_init(&values[0], FundamentalType.object)
        g_value_set_object(&values[0], object)
        g_value_init(&values[1], GType(19 << 2)) // G_TYPE_PARAM
        g_value_set_param(&values[1], spec)
        let signal = g_signal_lookup("notify", FundamentalType.object)
        g_signal_emitv(&values, signal, 0, nil)
        g_value_unset(&values[0]); g_value_unset(&values[1])
    }
}
