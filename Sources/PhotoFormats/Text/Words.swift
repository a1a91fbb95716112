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
    /// A message with a count: its plural template, and the count that chooses (gettext's
    /// ngettext, whose plural forms differ by language: Korean has one, English two).
    public let plural: String?
    public let count: Int?

    /// A message to translate: `template` must be a string literal, so that xgettext finds it.
    public init(_ template: String, _ parts: any WordsPart...) {
        self.template = template
        self.parts = parts.map(\.wordsPart)
        translatable = true
        plural = nil
        count = nil
    }

    /// A message with a count (`singular` and `plural` must be string literals, so that xgettext
    /// finds them as one message with plural forms).
    public static func plural(_ singular: String, _ plural: String, count: Int, _ parts: any WordsPart...) -> Words {
        Words(singular, plural: plural, count: count, parts: parts.map(\.wordsPart))
    }

    private init(_ singular: String, plural: String, count: Int, parts: [Part]) {
        template = singular
        self.parts = parts
        translatable = true
        self.plural = plural
        self.count = count
    }

    /// Text worded elsewhere (GIO's or libsoup's own message, in the user's language already).
    public init(verbatim text: String) {
        template = text
        parts = []
        translatable = false
        plural = nil
        count = nil
    }

    /// In English (the trace's words).
    public var description: String { worded({ $0 }, plural: { $2 == 1 ? $0 : $1 }) }

    /// In the language `translate` gives each template in, and `plural` each message with a
    /// count (the app passes gettext and ngettext).
    public func worded(_ translate: (String) -> String, plural translatePlural: (String, String, Int) -> String) -> String {
        guard translatable else { return template }
        let chosen = if let plural, let count { translatePlural(template, plural, count) } else { translate(template) }
        return Words.fill(chosen, parts.map { part in
            switch part {
            case .text(let text): text
            case .words(let words): words.worded(translate, plural: translatePlural)
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
