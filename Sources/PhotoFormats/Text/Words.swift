// Why this exists: a message a person reads, kept as its English template and its parts until the app's edge, where it is put into the user's language (gettext, by the template). The pipeline says what went wrong without translating, as GLib's N_() marks a string; the trace keeps the English; xgettext finds the templates by the `Words` keyword.
public struct Words: Sendable, Equatable, Codable, CustomStringConvertible {
    /// English, with `%1$s`, `%2$s`… where the parts go (a translation may reorder them).
    public let template: String
    /// What fills a placeholder: text as it is (a name, a number, an address), or words of their own.
    public indirect enum Part: Sendable, Equatable, Codable {
        case text(String)
        case words(Words)
    }
    /// What fills the placeholders, in order.
    public let parts: [Part]
    /// False for text that came from elsewhere already worded (a library's message): shown as it is.
    public let translatable: Bool

    /// A message to translate: `template` must be a string literal, so that xgettext finds it.
    public init(_ template: String, _ parts: any WordsPart...) {
        self.template = template
        self.parts = parts.map(\.wordsPart)
        translatable = true
    }

    /// Text worded elsewhere (GIO's or libsoup's own message, in the user's language already).
    public init(verbatim text: String) {
        template = text
        parts = []
        translatable = false
    }

    /// In English (the trace's words).
    public var description: String { worded { $0 } }

    /// In the language `translate` gives each template in (the app passes gettext).
    public func worded(_ translate: (String) -> String) -> String {
        guard translatable else { return template }
        return Words.fill(translate(template), parts.map { part in
            switch part {
            case .text(let text): text
            case .words(let words): words.worded(translate)
            }
        })
    }

    /// Fill a template's placeholders: `%1$s`, `%2$s`, … by position, or plain `%s` in order.
    /// (String(format:) with `%@` and Swift strings crashes on this Foundation.)
    public static func fill(_ template: String, _ values: [String]) -> String {
        var result = ""
        var next = 0
        var rest = template[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.hasPrefix("s") {
                result += next < values.count ? values[next] : ""
                next += 1
                rest = after.dropFirst()
            } else if let dollar = after.firstIndex(of: "$"), let position = Int(after[..<dollar]), position >= 1,
                      after[after.index(after: dollar)...].hasPrefix("s") {
                result += position <= values.count ? values[position - 1] : ""
                rest = after[after.index(after: dollar)...].dropFirst()
            } else {
                result += "%"
                rest = after
            }
        }
        return result + rest
    }
}

/// What may fill a placeholder of `Words`: text as it is, or words to translate in turn.
public protocol WordsPart: Sendable {
    var wordsPart: Words.Part { get }
}

extension String: WordsPart {
    public var wordsPart: Words.Part { .text(self) }
}

extension Words: WordsPart {
    public var wordsPart: Words.Part { .words(self) }
}
