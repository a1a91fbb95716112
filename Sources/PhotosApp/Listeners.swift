// Why this exists: an event more than one part of the window listens to (a row bound, a row changed): listeners are added, never replace one another, and are called in the order they were added.
@MainActor
final class Listeners<Value> {
    private var handlers: [(Value) -> Void] = []

    init() {}

    /// Add a listener; it stays for the life of the object that owns the event.
    func add(_ handler: @escaping (Value) -> Void) { handlers.append(handler) }

    /// Tell every listener, first added first.
    func emit(_ value: Value) {
        for handler in handlers { handler(value) }
    }

    var count: Int { handlers.count }
}

extension Listeners where Value == Void {
    func emit() { emit(()) }
}
