// Why this exists: a list of objects that does not keep them alive (the row widgets GTK made, which it frees when it likes).
/// A reference that does not keep its object alive.
struct Weak<Object: AnyObject> {
    weak var value: Object?
    init(_ value: Object) { self.value = value }
}
