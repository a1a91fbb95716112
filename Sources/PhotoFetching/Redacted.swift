// Why this exists: a URL's user name and password never reach the trace or a message on screen: they are cut from every URL written out.
import Foundation

public enum Redacted {
    /// `url` without its `user:password@` part (the text unchanged otherwise).
    public static func url(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<schemeEnd.upperBound]) + rest[rest.index(after: at)...]
    }
}
