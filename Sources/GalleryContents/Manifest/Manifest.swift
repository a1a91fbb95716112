// Why this exists: what a loaded gallery manifest is: where it came from, its title, and its rows in file order.
import PhotoFormats
import Foundation
import PhotoDecoding
import PhotoFetching

/// One row of a gallery: a name and the image's URL, resolved against the manifest.
/// `problem` is set when the entry itself is unusable (bad URL, unsupported scheme…):
/// that row fails with the reason, and every other row still loads.
public struct ManifestEntry: Sendable, Equatable {
    public var name: String
    public var rawURL: String
    public var url: URL?
    public var problem: Words?

    public init(name: String, rawURL: String, url: URL?, problem: Words? = nil) {
        self.name = name
        self.rawURL = rawURL
        self.url = url
        self.problem = problem
    }
}

public struct Manifest: Sendable {
    /// Where the manifest was read from (a file: or http(s): URL).
    public var source: URL
    /// The gallery's name, for the window subtitle.
    public var title: String
    public var format: ManifestFormat
    /// Rows in the order the file lists them, compact (see ManifestRows).
    public var rows: ManifestRowStore
    /// Where the manifest came from: `.local` for a file or a loopback server, else the space
    /// of the server that sent it. It decides which addresses its photos may come from.
    public var origin: AddressSpace
    /// A photo the user opened (a folder gallery made for it): the viewer opens on it.
    public var focus: URL?
    /// The user's own gallery: one opened from this computer, a folder or a manifest file with
    /// no web origin (no `user.xdg.origin.url`). Only its rows may name files on this computer,
    /// and only its photos there are offered to other apps (Open With, Save, Copy, Drag).
    public var isUsersOwn: Bool

    /// `isUsersOwn` by default: a local file whose origin is this computer.
    public init(source: URL, title: String, format: ManifestFormat, rows: ManifestRowStore = ManifestRowStore(), origin: AddressSpace = .local,
                focus: URL? = nil, isUsersOwn: Bool? = nil) {
        self.focus = focus
        self.isUsersOwn = isUsersOwn ?? (source.isFileURL && origin == .local)
        self.source = source
        self.title = title
        self.format = format
        self.rows = rows
        self.origin = origin
    }

    public var count: Int { rows.count }

    /// Whether it sorts as a folder does (by name, date taken, modified or size): a folder here
    /// or on a share. A manifest sorts in its own order or by name.
    public var sortsAsFolder: Bool { format == .folder || format == .share }

    /// One row as an entry (its URL resolved, its problem if any): made when asked for.
    public func entry(_ row: Int) -> ManifestEntry { rows.entry(row, manifest: source, localFiles: isUsersOwn) }

    /// Whether `url` is one of the user's own photos: a file on this computer in the user's own gallery.
    public func isUsersOwnPhoto(_ url: URL) -> Bool { isUsersOwn && url.isFileURL }

    /// Every row as an entry (small manifests and tests; a big one asks row by row).
    public var entries: [ManifestEntry] { (0..<count).map(entry) }
}

public enum ManifestFormat: String, Sendable {
    case xmlPlist = "XML property list"
    case binaryPlist = "binary property list"
    case json = "JSON"
    /// Not a manifest: a folder of photos, listed.
    case folder = "folder"
    /// Not a manifest: a folder on a share (SMB, SFTP, WebDAV), listed through GIO.
    case share = "share"
}

/// Why a manifest could not be loaded, naming the line or entry at fault when there is one.
public struct ManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: Words
    /// 1-based line in the file (text formats), when known.
    public var line: Int?
    /// The entry at fault (its name or index), when known.
    public var entry: String?

    public init(_ message: Words, line: Int? = nil, entry: String? = nil) {
        self.message = message
        self.line = line
        self.entry = entry
    }

    /// The same error, naming `entry` if it named none (a fault inside an entry).
    func naming(_ entry: String) -> ManifestError {
        guard self.entry == nil else { return self }
        var named = self
        named.entry = entry
        return named
    }

    /// In English (the trace's words).
    public var description: String { words.description }

    /// The message with the line and the entry it names, to be put in the user's language.
    public var words: Words {
        switch (line, entry) {
        case let (line?, entry?): Words("line %1$s, entry “%2$s”: %3$s", "\(line)", entry, message)
        case let (line?, nil): Words("line %1$s: %2$s", "\(line)", message)
        case let (nil, entry?): Words("entry “%1$s”: %2$s", entry, message)
        case (nil, nil): message
        }
    }
}
