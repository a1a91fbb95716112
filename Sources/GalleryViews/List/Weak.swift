// Why this exists: a list of objects that does not keep them alive (the row widgets GTK made, which it frees when it likes).
/// A reference that does not keep its object alive.
package struct Weak<Object: AnyObject> {
    package weak var value: Object?
    package init(_ value: Object) { self.value = value }
}
