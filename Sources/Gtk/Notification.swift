// Why this exists: desktop notifications (GNotification, sent through the application), with buttons that activate the app's own actions.
import CGtk
import GLibRuntime

extension Application {
    /// Show (or replace, with the same `id`) a notification; `buttons` are (label, "app.ACTION",
    /// the string the action is activated with, if it takes one).
    public func sendNotification(id: String, title: String, body: String?, defaultAction: String? = nil,
                                 buttons: [(label: String, action: String, target: String?)] = []) {
        let notification = g_notification_new(title)!
        if let body { g_notification_set_body(notification, body) }
        if let defaultAction { g_notification_set_default_action(notification, defaultAction) }
        for button in buttons {
            if let target = button.target {
                g_notification_add_button_with_target_value(notification, button.label, button.action, g_variant_new_string(target))
            } else {
                g_notification_add_button(notification, button.label, button.action)
            }
        }
        g_application_send_notification(ref.pointer.gApplication, id, notification)
        g_object_unref(notification.raw)
    }
}
