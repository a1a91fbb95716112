// Why this exists: setting accessible properties, whose C API is variadic (gtk_accessible_update_property) and does not import.
import CGtk
import GLibRuntime

public enum Accessible {
    /// Uses the array form, gtk_accessible_update_property_value, which does import.
    public static func update(_ widget: UnsafeMutablePointer<GtkWidget>, label: String?, description: String?) {
        var properties: [GtkAccessibleProperty] = []
        var texts: [String] = []
        if let label { properties.append(GTK_ACCESSIBLE_PROPERTY_LABEL); texts.append(label) }
        if let description { properties.append(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION); texts.append(description) }
        guard !properties.isEmpty else { return }
        var values = [GValue](repeating: GValue(), count: texts.count)
        for i in texts.indices {
            g_value_init(&values[i], FundamentalType.string)
            g_value_set_string(&values[i], texts[i])
        }
        let accessible = OpaquePointer(UnsafeMutableRawPointer(widget))
        gtk_accessible_update_property_value(accessible, Int32(properties.count), &properties, &values)
        for i in values.indices { g_value_unset(&values[i]) }
    }
}
