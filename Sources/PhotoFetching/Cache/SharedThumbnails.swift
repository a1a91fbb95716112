// Why this exists: thumbnails of local photos in the desktop's shared cache ($XDG_CACHE_HOME/thumbnails), exactly as the freedesktop Thumbnail Managing Standard says, so the app and the file manager reuse each other's.
import PhotoFormats
import Foundation
import GdkPixbuf
import GLibRuntime
import PhotoDecoding

/// - `normal/` (128 px), `large/` (256 px), `x-large/`, `xx-large/`: the image scaled to fit
///   that square, keeping its aspect ratio; named by the MD5 of the photo's canonical URI.
/// - 8-bit RGBA PNG with `Thumb::URI` and `Thumb::MTime` (required) and `Thumb::Size`,
///   `Thumb::Mimetype`, `Thumb::Image::Width`, `Thumb::Image::Height`, `Software`.
/// - Valid only if its URI matches and its MTime *equals* the photo's; a stale one is replaced.
/// - Written to a temporary file in the same folder and renamed; folders 0700, files 0600.
/// - The app's own carry `X-Classic-Photos::Colour` `sRGB`: made with the photo's colour profile
///   applied (GNOME's thumbnailer on bookworm ignores profiles).
/// - Photos that could not be read get `fail/classic-photos-VERSION/NAME.png`; one that has not
///   changed since is not decoded again.
public final class SharedThumbnails: Sendable {
    /// What went wrong with its folder, said once.
    private let log = LogOnce()
    public enum Size: String, CaseIterable, Sendable {
        case normal, large, xLarge = "x-large", xxLarge = "xx-large"
        public var pixels: Int {
            switch self {
            case .normal: return 128
            case .large: return 256
            case .xLarge: return 512
            case .xxLarge: return 1024
            }
        }
        /// The size that covers a row of `pixels` device pixels (normal up to 128, large above…).
        public static func covering(_ pixels: Int) -> Size {
            allCases.first { $0.pixels >= pixels } ?? .xxLarge
        }
    }

    public let folder: String
    public static let software = "Classic Photos \(AppInfo.version)"
    static let failFolder = "fail/\(AppInfo.executable)-\(AppInfo.version)"

    /// Where the thumbnails other apps wrote are decoded (the app's helpers).
    let decoders: Decoders

    public init(folders: CacheFolders, decoders: Decoders) {
        folder = folders.thumbnails
        self.decoders = decoders
    }

    /// The canonical URI of a local path, as GIO writes it (what the name is the MD5 of).
    public static func uri(forPath path: String) -> String {
        fileURI(forPath: path) ?? "file://" + path
    }

    /// The file name for a URI: its MD5 in hexadecimal, and ".png".
    public static func name(for uri: String) -> String { Checksum.md5(uri) + ".png" }

    public func path(_ size: Size, uri: String) -> String { "\(folder)/\(size.rawValue)/\(Self.name(for: uri))" }
    public func failurePath(uri: String) -> String { "\(folder)/\(Self.failFolder)/\(Self.name(for: uri))" }

    public struct Found {
        /// The thumbnail, at most `size.pixels` on its longest side.
        public let pixbuf: Pixbuf
        public let size: Size
        /// Made with the photo's profile applied (the app's mark): right whatever the photo's
        /// profile. Without it, right only for a photo with no profile or an sRGB one.
        public let profileApplied: Bool
    }

    /// The mark of a thumbnail made with the photo's profile applied.
    static let colourKey = "X-Classic-Photos::Colour"

    /// The mark of a thumbnail of a RAW file turned as its sidecar says (Rotate's turn of a file
    /// it never writes): the orientation, 1–8. Without it, the file as its own EXIF turns it.
    static let sidecarTurnKey = "X-Classic-Photos::Sidecar-Orientation"

    /// A valid thumbnail of the photo at `uri` last modified at `mtime`, in `size` or, if that
    /// one is missing, a larger one, turned as `sidecarTurn` says (nil: by the file alone). Nil
    /// when there is none (or only stale or broken ones).
    public func lookup(uri: String, mtime: Int, size wanted: Size, sidecarTurn: Int? = nil) -> Found? {
        for size in Size.allCases where size.pixels >= wanted.pixels {
            guard let data = Self.readSmallFile(path(size, uri: uri)),
                  // Another app can write here: a file larger than its bucket (or a bomb) is a miss.
                  let decoded = PNGFile.decode(data, by: decoders, keys: ["Thumb::URI", "Thumb::MTime", Self.colourKey, Self.sidecarTurnKey],
                                               maxSide: size.pixels) else { continue }
            // Only exact matches count: a thumbnail of another file (an MD5 clash, a foreign
            // file), of an older version of this one, or turned otherwise, is never shown.
            guard decoded.text["Thumb::URI"] == uri, decoded.text["Thumb::MTime"] == String(mtime),
                  decoded.text[Self.sidecarTurnKey] == sidecarTurn.map(String.init) else { continue }
            return Found(pixbuf: decoded.pixbuf, size: size, profileApplied: decoded.text[Self.colourKey] == "sRGB")
        }
        return nil
    }

    /// Save `thumbnail` (already scaled to fit `size`) for the photo; false if it could not be
    /// written (the caller goes on without it).
    @discardableResult
    public func save(_ thumbnail: Pixbuf, size: Size, uri: String, mtime: Int, fileSize: Int,
                     mimeType: String?, imageWidth: Int, imageHeight: Int, sidecarTurn: Int? = nil) -> Bool {
        let target = path(size, uri: uri)
        guard ensureFolder((target as NSString).deletingLastPathComponent) else { return false }
        // The spec wants RGBA.
        guard let rgba = thumbnail.withAlpha() else { return false }
        var text: [(String, String)] = [("Thumb::URI", uri), ("Thumb::MTime", String(mtime)), ("Thumb::Size", String(fileSize))]
        if let mimeType { text.append(("Thumb::Mimetype", mimeType)) }
        text += [("Thumb::Image::Width", String(imageWidth)), ("Thumb::Image::Height", String(imageHeight)), ("Software", Self.software), (Self.colourKey, "sRGB")]
        if let sidecarTurn { text.append((Self.sidecarTurnKey, String(sidecarTurn))) }
        guard let png = try? PNGFile.encode(rgba, text: text) else { return false }
        return writeAtomically(png, to: target)
    }

    /// Why the photo could not be read last time, if it has not changed since (same MTime):
    /// typed, as it was met, where the entry holds its type (then the user reads it in their
    /// language); else the entry's English words.
    public func knownFailure(uri: String, mtime: Int) -> RememberedFailure? {
        guard let data = Self.readSmallFile(failurePath(uri: uri)),
              let decoded = PNGFile.decode(data, by: decoders, keys: ["Thumb::URI", "Thumb::MTime", Self.reasonKey, Self.failureKey], maxSide: 1) else { return nil }
        guard decoded.text["Thumb::URI"] == uri, decoded.text["Thumb::MTime"] == String(mtime) else { return nil }
        if let typed = decoded.text[Self.failureKey].flatMap({ HelperCoding.decode(DecodeError.self, Data($0.utf8)) }) {
            return .typed(typed)
        }
        return .english(decoded.text[Self.reasonKey] ?? "could not be read")
    }

    /// The failure entry's keys: its reason in English (for people and other tools), and the
    /// typed failure (JSON) the app reads back.
    static let reasonKey = "X-Classic-Photos::Reason", failureKey = "X-Classic-Photos::Failure"

    /// Remember that the photo could not be read (a 1×1 RGBA PNG with the keys, as the spec's
    /// failure entries are), so an unchanged file is not decoded again.
    public func recordFailure(uri: String, mtime: Int, error: DecodeError) {
        let target = failurePath(uri: uri)
        guard ensureFolder((target as NSString).deletingLastPathComponent),
              let pixel = Pixbuf(width: 1, height: 1, hasAlpha: true) else { return }
        pixel.fill(0)
        let text = [("Thumb::URI", uri), ("Thumb::MTime", String(mtime)), ("Software", Self.software),
                    (Self.reasonKey, error.description), (Self.failureKey, String(decoding: HelperCoding.encode(error), as: UTF8.self))]
        if let png = try? PNGFile.encode(pixel, text: text) { _ = writeAtomically(png, to: target) }
    }

    /// Remove the app's own failure entries (Clear Cache); shared thumbnails are never removed.
    public func removeOwnFailures() {
        try? FileManager.default.removeItem(atPath: "\(folder)/\(Self.failFolder)")
    }

    private func ensureFolder(_ path: String) -> Bool {
        // The spec: the thumbnails folder and its size folders are 0700.
        guard CacheFolders.makeFolder(folder), CacheFolders.makeFolder(path) else {
            log.say("thumbnails", "the thumbnail folder \(folder) cannot be written; thumbnails of local photos are not saved")
            return false
        }
        return true
    }

    /// A file of the cache, read only if it is a regular file of sane size.
    /// (A symlink is not followed: another app must not point the cache at a file elsewhere.)
    static func readSmallFile(_ path: String, limit: Int = 16 << 20) -> Data? {
        let reader = PosixFileReader(followsSymlinks: false)
        guard (try? reader.status(path: path)).map({ $0.size <= limit }) == true else { return nil }
        return try? reader.read(path: path, limit: limit, progress: {}, isCancelled: { false })
    }
}
