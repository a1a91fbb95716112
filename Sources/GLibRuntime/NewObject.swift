// Why this exists: creating a GObject with construct properties (g_object_new is variadic and does not import), with typed values.
import CGLib

/// A property value for `newObject(_:properties:)`.
public enum PropertyValue {
    case bool(Bool)
    case int(Int32)
    case uint(UInt32)
    case string(String)
    /// A GObject (borrowed: the new object takes its own reference if it keeps it).
    case object(UnsafeMutableRawPointer, type: GType)
}

/// `g_object_new(type, name, value, …, NULL)`: returns the new object (a full reference).
public func newObject(_ type: GType, properties: [(String, PropertyValue)] = []) -> UnsafeMutableRawPointer {
    var values = [GValue](repeating: GValue(), count: properties.count)
    for (i, (_, value)) in properties.enumerated() {
        switch value {
        case .bool(let v): g_value_init(&values[i], FundamentalType.boolean); g_value_set_boolean(&values[i], v ? 1 : 0)
        case .int(let v): g_value_init(&values[i], FundamentalType.int); g_value_set_int(&values[i], v)
        case .uint(let v): g_value_init(&values[i], FundamentalType.uint); g_value_set_uint(&values[i], v)
        case .string(let v): g_value_init(&values[i], FundamentalType.string); g_value_set_string(&values[i], v)
        case .object(let p, let objectType): g_value_init(&values[i], objectType); g_value_set_object(&values[i], p)
        }
    }
    var names: [UnsafePointer<CChar>?] = properties.map { UnsafePointer(strdup($0.0)) }
    defer {
        names.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
        for i in values.indices { g_value_unset(&values[i]) }
    }
    return UnsafeMutableRawPointer(g_object_new_with_properties(type, guint(properties.count), &names, &values)!)
}
