// Why this exists: a value given to GLib on one thread and taken back on another (a cancel handler, work for the main loop). GLib's own locks order the two, but GLib is not instrumented, so ThreadSanitizer cannot see that; an atomic flag set last and read first is an order it sees.
import Synchronization

/// An immutable value published to whichever thread GLib hands it to. Every field is written
/// before the releasing store and read after the acquiring load, so ThreadSanitizer sees the
/// handoff (it cannot see GLib's); at run time the flag is always already set.
final class Handoff<Value: Sendable>: Sendable {
    private let stored: Value
    private let published = Atomic<Bool>(false)

    init(_ value: Value) {
        stored = value
        published.store(true, ordering: .releasing)
    }

    var value: Value {
        _ = published.load(ordering: .acquiring)
        return stored
    }
}
