// Why this exists: GLib's fundamental type IDs by name (the G_TYPE_* macros do not import), so no code spells `GType(16 << 2)`.
import CGLib

/// `G_TYPE_MAKE_FUNDAMENTAL(n)` is `n << G_TYPE_FUNDAMENTAL_SHIFT` (2); these are GLib's fixed numbers.
public enum FundamentalType {
    public static let interface = GType(2 << 2)
    public static let boolean = GType(5 << 2)
    public static let int = GType(6 << 2)
    public static let uint = GType(7 << 2)
    public static let int64 = GType(10 << 2)
    public static let enumeration = GType(12 << 2)
    public static let flags = GType(13 << 2)
    public static let double = GType(15 << 2)
    public static let string = GType(16 << 2)
    public static let pointer = GType(17 << 2)
    public static let param = GType(19 << 2)
    public static let object = GType(20 << 2)
}
