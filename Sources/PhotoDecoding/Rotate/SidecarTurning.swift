// Why this exists: Rotate of a camera's RAW file, which is never written: its turn kept in its XMP sidecar's `tiff:Orientation` (as Lightroom and digiKam keep it), composed from the sidecar's orientation or else the file's own, and read back wherever the RAW is decoded, so its rows, viewer and exports show it turned.
import PhotoFormats
import Foundation
import MetadataValues

public enum SidecarTurning {
    /// A turn kept in a sidecar: the orientation it said before (nil: none, the file's own
    /// counted) and the one it says now.
    public struct Turn: Sendable, Equatable {
        public let before: Int?
        public let after: Int
    }

    /// Whether the file at `path` is a camera's RAW file (by its first bytes and its name).
    static func isRaw(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 16)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 16, 0) }
        guard count > 0, case .raw? = CameraFile.kind(of: Data(head.prefix(count)), name: (path as NSString).lastPathComponent) else { return false }
        return true
    }

    /// Turn the RAW file at `path` a quarter in its sidecar (the sidecar's write is `SidecarFile`'s:
    /// never over another program's change). The orientation it starts from is the sidecar's, or
    /// the file's own as its EXIF says (read in a helper); a RAW whose own cannot be read is refused.
    static func turn(_ path: String, _ turn: QuarterTurn, by decoders: Decoders) throws(TurnRefusal) -> Turn {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw PhotoRewrite.refusal(ENOENT) }
        var done: Turn?
        try SidecarFile.rewrite(SidecarFile.path(for: path)) { (old) throws(TurnRefusal) in
            // (No sidecar yet: nothing to read.)
            let had = old.isEmpty ? PhotoMarks() : try PhotoMarking.marked(old, MarksChange(), by: decoders, sidecar: true).1
            let start: Int
            if let kept = had.orientation {
                start = kept
            } else if let facts = PhotoFacts.read(paths: [path], by: decoders, cancellable: nil).first ?? nil {
                start = facts.orientation.flatMap { (1...8).contains($0) ? $0 : nil } ?? 1
            } else {
                throw TurnRefusal(Words("its orientation could not be read"))
            }
            let after = turn.turning(orientation: start)
            let (packet, _) = try PhotoMarking.marked(old, MarksChange(orientation: after), by: decoders, sidecar: true)
            done = Turn(before: had.orientation, after: after)
            return packet
        }
        guard let done else { throw TurnRefusal(Words("its sidecar could not be written")) }
        return done
    }

    /// Whether the file at `path` (or a folder's entry of that name) keeps its turn in its sidecar:
    /// named as a camera's RAW file, which is never written. Its sidecar's change can turn its images.
    public static func keepsTurnBeside(_ path: String) -> Bool {
        CameraFile.rawExtensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// The orientation the sidecar of the file at `path` keeps for it, if the file is named as
    /// a camera's RAW file and has a sidecar that says one (read in a helper); nil otherwise.
    public static func orientation(ofPhoto path: String, by decoders: Decoders) -> Int? {
        guard keepsTurnBeside(path) else { return nil }
        return PhotoMarking.sidecarRead(ofPhoto: path, by: decoders)?.marks.orientation
    }
}

extension ImageDecoder {
    /// Decoding the photo at `url` (`decoding(_:)`), a RAW file turned as its sidecar says.
    public mutating func decoding(_ url: URL, by decoders: Decoders) {
        decoding(url)
        if url.isFileURL { sidecarOrientation = SidecarTurning.orientation(ofPhoto: url.path, by: decoders) }
    }
}
