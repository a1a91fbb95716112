// Why this exists: which image URLs a manifest may use and how they resolve: http(s), file:, or a path relative to the manifest; a share's URIs (sftp:, smb:, dav:, davs:) only in the listing of a folder on that same share, never from a manifest.
import PhotoFormats
import Foundation
import PhotoDecoding
import GLibIO

public enum URLPolicy {
    public static let allowedSchemes: Set<String> = ["http", "https", "file"]

    /// Make a row from a name and a raw URL string, resolving it against the manifest's location.
    /// A bad entry gets a `problem`; it never stops the other rows.
    /// This runs when a row is first bound, so it is kept to one pass over the bytes and one
    /// URL parse for the usual entry (see the benchmark's "a row's entry").
    /// `localFiles`: whether the gallery is the user's own (`Manifest.isUsersOwn`), whose rows may
    /// name files on this computer; by default, any gallery not fetched over HTTP.
    public static func entry(name rawName: String, rawURL: String, manifest: URL, localFiles: Bool? = nil) -> ManifestEntry {
        let nameScan = scan(rawName)
        // A name that would hide or reorder text is shown with visible marks; the row still loads.
        let name = nameScan.control || DisplayText.containsHidden(rawName) ? DisplayText.clean(rawName) : rawName
        var entry = ManifestEntry(name: name, rawURL: rawURL, url: nil)
        if nameScan.control {
            entry.problem = Words("the name contains control characters")
            return entry
        }
        // Parsers turn bytes that are not UTF-8 into U+FFFD REPLACEMENT CHARACTER.
        if nameScan.replacement {
            entry.problem = Words("the name is not valid UTF-8")
            return entry
        }
        if scan(rawURL).replacement {
            entry.problem = Words("the URL is not valid UTF-8")
            return entry
        }
        switch resolve(rawURL, against: manifest, localFiles: localFiles) {
        case .success(let url): entry.url = url
        case .failure(let reason): entry.problem = reason.message
        }
        return entry
    }

    public struct Refusal: Error { public let message: Words }

    /// Resolve `raw` against `base`. Only the user's own galleries (`localFiles`; by default any
    /// not fetched over HTTP) may name files on this computer.
    public static func resolve(_ raw: String, against base: URL, localFiles: Bool? = nil) -> Result<URL, Refusal> {
        let text = trimmed(raw)
        guard !text.isEmpty else { return .failure(Refusal(message: Words("the URL is empty"))) }
        if scan(text).control {
            return .failure(Refusal(message: Words("the URL contains control characters")))
        }
        let resolved: URL?
        if let simple = simpleRelative(text, against: base) {
            resolved = simple
        } else if let scheme = scheme(of: text) {
            guard allowedSchemes.contains(scheme) || isOnShare(text, scheme: scheme, of: base) else {
                return .failure(Refusal(message: Words("unsupported URL scheme “%1$s:”", "\(scheme)")))
            }
            resolved = URL(string: text) ?? text.addingPercentEncoding(withAllowedCharacters: .urlAllowed).flatMap(URL.init(string:))
        } else {
            let encoded = URL(string: text) != nil ? text : text.addingPercentEncoding(withAllowedCharacters: .urlAllowed)
            resolved = encoded.flatMap { URL(string: $0, relativeTo: base)?.absoluteURL }
        }
        guard let url = resolved, let scheme = url.scheme?.lowercased() else {
            return .failure(Refusal(message: Words("invalid URL “%1$s”", "\(text)")))
        }
        if scheme != "file", (url.host ?? "").isEmpty {
            return .failure(Refusal(message: Words("invalid URL “%1$s”: no host", "\(text)")))
        }
        if scheme == "file", isRemote(base) {
            return .failure(Refusal(message: Words("local files are not allowed from a remote gallery")))
        }
        if scheme == "file", localFiles == false {
            return .failure(Refusal(message: Words("local files are not allowed from a gallery downloaded from the web")))
        }
        if scheme == "file", let host = url.host, !host.isEmpty, host.lowercased() != "localhost" {
            return .failure(Refusal(message: Words("not a local file: “%1$s” names another machine (“%2$s”)", "\(text)", "\(host)")))
        }
        return .success(url)
    }

    /// Whether `text` (of a share's `scheme`) names a file on the same share as `base`, a folder on
    /// a share listed as a gallery: the one place a share's URI may come from.
    static func isOnShare(_ text: String, scheme: String, of base: URL) -> Bool {
        guard ShareFiles.schemes.contains(scheme), base.scheme?.lowercased() == scheme, let url = URL(string: text) else { return false }
        return url.host?.lowercased() == base.host?.lowercased() && url.port == base.port && url.user == base.user
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

    /// One pass over the UTF-8 bytes: any control character (C0, DEL, or C1, which UTF-8
    /// writes as C2 80–C2 9F), and any U+FFFD (EF BF BD).
    static func scan(_ text: String) -> (control: Bool, replacement: Bool) {
        var control = false, replacement = false
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { control = true }
            if beforePrevious == 0xEF && previous == 0xBF && byte == 0xBD { replacement = true }
            beforePrevious = previous
            previous = byte
        }
        return (control, replacement)
    }

    /// `raw` without leading and trailing white space; without copying when it has none at
    /// either end (the usual case).
    static func trimmed(_ raw: String) -> String {
        guard let first = raw.utf8.first, let last = raw.utf8.last else { return raw }
        func plain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
        return plain(first) && plain(last) ? raw : raw.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A relative path of plain URL characters with no dot segments, query or fragment
    /// ("photos/a.jpg", "a%20b.png"), joined to the manifest's folder by hand and parsed once;
    /// anything else (nil) takes the general path through Foundation's resolution.
    static func simpleRelative(_ text: String, against base: URL) -> URL? {
        guard text.utf8.first != UInt8(ascii: "/") else { return nil }
        var length = 0, allDots = true, hexLeft = 0
        // A segment is simple when it is not empty, ".", or "..".
        var segmentIsSimple: Bool { length > 0 && !(allDots && length <= 2) }
        for byte in text.utf8 {
            if hexLeft > 0 {
                guard byte.isHexDigit else { return nil }
                hexLeft -= 1
                continue
            }
            switch byte {
            case UInt8(ascii: "/"):
                guard segmentIsSimple else { return nil }
                length = 0
                allDots = true
                continue
            case UInt8(ascii: "%"): hexLeft = 2; allDots = false
            case UInt8(ascii: "."): break
            default:
                guard byte.isPlainPathByte else { return nil }
                allDots = false
            }
            length += 1
        }
        guard hexLeft == 0, segmentIsSimple, let folder = folderPrefix(of: base) else { return nil }
        return URL(string: folder + text)
    }

    /// The manifest's URL up to and including the last "/" of its path (no query or fragment),
    /// for hierarchical http(s) and file URLs; nil for anything else.
    static func folderPrefix(of base: URL) -> String? {
        let absolute = base.absoluteString
        guard absolute.hasPrefix("file:///") || absolute.hasPrefix("http://") || absolute.hasPrefix("https://") else { return nil }
        let utf8 = absolute.utf8
        let end = utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        guard let slash = utf8[..<end].lastIndex(of: UInt8(ascii: "/")) else { return nil }
        // The last slash of "scheme://": a folder slash must come after it ("http://host" has none;
        // "file:///" is the root folder).
        let authoritySlash = absolute.hasPrefix("https:") ? 7 : 6
        guard utf8.distance(from: utf8.startIndex, to: slash) > authoritySlash else { return nil }
        return String(absolute[...slash])
    }

}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }

    /// RFC 3986 unreserved and sub-delims, "@" and "/": what a path may hold unescaped, less
    /// ":" (which could read as a scheme), "%", "." (both checked on their own), "?" and "#".
    var isPlainPathByte: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
             UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"): true
        default: false
        }
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
