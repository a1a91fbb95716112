// Why this exists: an event more than one part of the app listens to (a row changed, an operation started, a row bound): listeners are added, never replace one another, and are called in the order they were added.
@MainActor
public final class Listeners<Value> {
    private var handlers: [(Value) -> Void] = []

    public init() {}

    /// Add a listener; it stays for the life of the object that owns the event.
    public func add(_ handler: @escaping (Value) -> Void) { handlers.append(handler) }

    /// Tell every listener, first added first.
    public func emit(_ value: Value) {
        for handler in handlers { handler(value) }
    }

    public var count: Int { handlers.count }
}

extension Listeners where Value == Void {
    public func emit() { emit(()) }
}
