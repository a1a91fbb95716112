// Why this exists: the few GTK and Pango enums the app uses, as Swift enums, so the app needs no C import.
import CGtk

public enum Align: Sendable {
    case fill, start, end, center
    var gtk: GtkAlign {
        switch self {
        case .fill: return GTK_ALIGN_FILL
        case .start: return GTK_ALIGN_START
        case .end: return GTK_ALIGN_END
        case .center: return GTK_ALIGN_CENTER
        }
    }
}

public enum Justification: Sendable {
    case left, right, center, fill
    var gtk: GtkJustification {
        switch self {
        case .left: return GTK_JUSTIFY_LEFT
        case .right: return GTK_JUSTIFY_RIGHT
        case .center: return GTK_JUSTIFY_CENTER
        case .fill: return GTK_JUSTIFY_FILL
        }
    }
}

/// Where a label that does not fit is cut.
public enum Ellipsize: Sendable {
    case none, start, middle, end
    var pango: PangoEllipsizeMode {
        switch self {
        case .none: return PANGO_ELLIPSIZE_NONE
        case .start: return PANGO_ELLIPSIZE_START
        case .middle: return PANGO_ELLIPSIZE_MIDDLE
        case .end: return PANGO_ELLIPSIZE_END
        }
    }
}

/// When a scrolled window shows a scrollbar.
public enum ScrollbarPolicy: Sendable {
    case always, automatic, never, external
    var gtk: GtkPolicyType {
        switch self {
        case .always: return GTK_POLICY_ALWAYS
        case .automatic: return GTK_POLICY_AUTOMATIC
        case .never: return GTK_POLICY_NEVER
        case .external: return GTK_POLICY_EXTERNAL
        }
    }
}

public enum MessageType: Sendable {
    case info, warning, question, error, other
    var gtk: GtkMessageType {
        switch self {
        case .info: return GTK_MESSAGE_INFO
        case .warning: return GTK_MESSAGE_WARNING
        case .question: return GTK_MESSAGE_QUESTION
        case .error: return GTK_MESSAGE_ERROR
        case .other: return GTK_MESSAGE_OTHER
        }
    }
}

/// The licences the About dialog is used with.
public enum License: Sendable {
    case mitX11
    var gtk: GtkLicense {
        switch self {
        case .mitX11: return GTK_LICENSE_MIT_X11
        }
    }
}

public enum Orientation: Sendable {
    case horizontal, vertical
    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}
