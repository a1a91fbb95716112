// Why this exists: libsoup's own parsers for HTTP header values (dates in the three forms HTTP allows, comma lists, parameter lists), so the pipeline reads caching headers as libsoup reads them, not by hand.
import CGLib
import CSoup
import Foundation

public enum HeaderValue {
    /// An HTTP date (IMF-fixdate, RFC 850 or asctime form); nil for anything else, "0" included.
    public static func date(_ text: String) -> Date? {
        // transfer full: ours to unref.
        guard let parsed = soup_date_time_new_from_http_string(text) else { return nil }
        defer { g_date_time_unref(parsed) }
        return Date(timeIntervalSince1970: Double(g_date_time_to_unix(parsed)))
    }

    /// A comma-separated list (`Vary`, `Pragma`), each element trimmed, a quoted string kept whole.
    public static func list(_ text: String) -> [String] {
        // transfer full: the list and its strings are ours, freed together.
        guard let list = soup_header_parse_list(text) else { return [] }
        defer { soup_header_free_list(list) }
        var items: [String] = []
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            if let data = current.pointee.data { items.append(String(cString: data.assumingMemoryBound(to: CChar.self))) }
            node = current.pointee.next
        }
        return items
    }

    /// A list of parameters (`Cache-Control`): each name lowercased, with its value unquoted, or
    /// nil for a bare token (`no-store`). `strict`: nil when a name appears twice, which for
    /// `Cache-Control` leaves the response's meaning in doubt.
    public static func parameters(_ text: String, strict: Bool) -> [String: String?]? {
        // transfer full: the table owns its keys and values, and is freed whole.
        guard let table = strict ? soup_header_parse_param_list_strict(text) : soup_header_parse_param_list(text) else { return nil }
        defer { soup_header_free_param_list(table) }
        var parameters: [String: String?] = [:]
        var iterator = GHashTableIter()
        g_hash_table_iter_init(&iterator, table)
        var key: gpointer?, value: gpointer?
        while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
            guard let key else { continue }
            let name = String(cString: key.assumingMemoryBound(to: CChar.self)).lowercased()
            // updateValue, not a subscript: `parameters[name] = nil as String?` would remove the bare token.
            parameters.updateValue(value.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }, forKey: name)
        }
        return parameters
    }
}
