// Why this exists: which image URLs a manifest may use and how they resolve: http(s), file:, or a path relative to the manifest.
import Foundation

public enum URLPolicy {
    public static let allowedSchemes: Set<String> = ["http", "https", "file"]

    /// Make a row from a name and a raw URL string, resolving it against the manifest's location.
    /// A bad entry gets a `problem`; it never stops the other rows.
    public static func entry(name rawName: String, rawURL: String, manifest: URL) -> ManifestEntry {
        let name = displayName(rawName)
        var entry = ManifestEntry(name: name, rawURL: rawURL, url: nil)
        if rawName.unicodeScalars.contains(where: isControl) {
            entry.problem = "the name contains control characters"
            return entry
        }
        // Parsers turn bytes that are not UTF-8 into U+FFFD REPLACEMENT CHARACTER.
        if rawName.contains("\u{FFFD}") {
            entry.problem = "the name is not valid UTF-8"
            return entry
        }
        if rawURL.contains("\u{FFFD}") {
            entry.problem = "the URL is not valid UTF-8"
            return entry
        }
        switch resolve(rawURL, against: manifest) {
        case .success(let url): entry.url = url
        case .failure(let reason): entry.problem = reason.message
        }
        return entry
    }

    public struct Refusal: Error { public let message: String }

    /// Resolve `raw` against `base`. Remote galleries may not reach local files.
    public static func resolve(_ raw: String, against base: URL) -> Result<URL, Refusal> {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(Refusal(message: "the URL is empty")) }
        if text.unicodeScalars.contains(where: isControl) {
            return .failure(Refusal(message: "the URL contains control characters"))
        }
        let resolved: URL?
        if let scheme = scheme(of: text) {
            guard allowedSchemes.contains(scheme) else {
                return .failure(Refusal(message: "unsupported URL scheme “\(scheme):”"))
            }
            resolved = URL(string: text) ?? text.addingPercentEncoding(withAllowedCharacters: .urlAllowed).flatMap(URL.init(string:))
        } else {
            let encoded = URL(string: text) != nil ? text : text.addingPercentEncoding(withAllowedCharacters: .urlAllowed)
            resolved = encoded.flatMap { URL(string: $0, relativeTo: base)?.absoluteURL }
        }
        guard let url = resolved, let scheme = url.scheme?.lowercased() else {
            return .failure(Refusal(message: "invalid URL “\(text)”"))
        }
        if scheme != "file", (url.host ?? "").isEmpty {
            return .failure(Refusal(message: "invalid URL “\(text)”: no host"))
        }
        if isRemote(base), scheme == "file" {
            return .failure(Refusal(message: "local files are not allowed from a remote gallery"))
        }
        if scheme == "file", let host = url.host, !host.isEmpty, host.lowercased() != "localhost" {
            return .failure(Refusal(message: "not a local file: “\(text)” names another machine (“\(host)”)"))
        }
        return .success(url)
    }

    public static func isRemote(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased()
        return scheme == "http" || scheme == "https"
    }

    /// RFC 3986 scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"; a Windows drive letter is not one.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard candidate.count > 1, let first = candidate.first, first.isASCII, first.isLetter,
              candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            return nil
        }
        return candidate.lowercased()
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// A name fit to show: control characters replaced, so a hostile name cannot garble the row.
    static func displayName(_ raw: String) -> String {
        String(String.UnicodeScalarView(raw.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 }))
    }
}

private extension CharacterSet {
    /// Characters that may stand unescaped in a URL (path, query, fragment and the reserved set).
    static let urlAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.formUnion(.urlQueryAllowed)
        set.formUnion(.urlFragmentAllowed)
        set.insert(charactersIn: "%#")
        return set
    }()
}
