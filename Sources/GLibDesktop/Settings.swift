// Why this exists: GSettings, looked up without aborting: GLib aborts on g_settings_new for a schema it cannot find.
import GLibRuntime
import CGLib

/// A GSettings object for a schema found in the default schema sources (installed, or
/// GSETTINGS_SCHEMA_DIR) or in one of `extraDirectories` (a compiled schema shipped in the
/// app's own data folder, for a staged install). Nil when the schema is nowhere.
@MainActor
public final class Settings {
    public let ref: ObjectRef
    private var settings: UnsafeMutablePointer<GSettings> { ref.pointer.as(GSettings.self) }

    /// `requiredKeys`: nil too when the schema found lacks one of them (an older version: reading
    /// a key a schema does not have aborts).
    public init?(schemaID: String, extraDirectories: [String] = [], requiredKeys: [String] = []) {
        var schema: OpaquePointer?
        if let source = g_settings_schema_source_get_default() {
            schema = g_settings_schema_source_lookup(source, schemaID, 1)
        }
        for directory in extraDirectories where schema == nil {
            var error: UnsafeMutablePointer<GError>?
            guard let source = g_settings_schema_source_new_from_directory(directory, g_settings_schema_source_get_default(), 0, &error) else {
                if let error { g_error_free(error) }
                continue
            }
            schema = g_settings_schema_source_lookup(source, schemaID, 0)
            g_settings_schema_source_unref(source)
        }
        guard let schema else { return nil }
        defer { g_settings_schema_unref(schema) }
        guard requiredKeys.allSatisfy({ g_settings_schema_has_key(schema, $0) != 0 }) else { return nil }
        ref = ObjectRef(adopting: g_settings_new_full(schema, nil, nil)!)
    }

    public func int(_ key: String) -> Int32 { g_settings_get_int(settings, key) }
    public func setInt(_ key: String, _ value: Int32) { g_settings_set_int(settings, key, value) }
    public func double(_ key: String) -> Double { g_settings_get_double(settings, key) }
    public func bool(_ key: String) -> Bool { g_settings_get_boolean(settings, key) != 0 }
    public func setBool(_ key: String, _ value: Bool) { g_settings_set_boolean(settings, key, value ? 1 : 0) }
    public func string(_ key: String) -> String {
        guard let value = g_settings_get_string(settings, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }
    public func setString(_ key: String, _ value: String) { g_settings_set_string(settings, key, value) }
    public func strings(_ key: String) -> [String] {
        guard let values = g_settings_get_strv(settings, key) else { return [] }
        defer { g_strfreev(values) }
        var result: [String] = []
        var i = 0
        while let value = values[i] { result.append(String(cString: value)); i += 1 }
        return result
    }
    public func setStrings(_ key: String, _ values: [String]) {
        var cValues: [UnsafePointer<CChar>?] = values.map { UnsafePointer(strdup($0)) }
        cValues.append(nil)
        g_settings_set_strv(settings, key, &cValues)
        cValues.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
    }

    /// Call `changed` each time `key` changes (GSettings' detailed `changed::KEY` signal).
    public func onChanged(_ key: String, _ changed: @escaping @MainActor () -> Void) {
        // GSettings emits `changed` only for keys read since: read it once.
        _ = g_settings_get_value(settings, key).map { g_variant_unref($0) }
        Signal.connectPointer(ref.pointer, "changed::\(key)") { _ in changed() }
    }
}
