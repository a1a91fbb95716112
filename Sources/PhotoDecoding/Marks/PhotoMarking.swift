// Why this exists: Rate, Pick, Reject and Tags kept in the photo's own file (or its XMP sidecar, `SidecarFile`, where the file is not written): exiv2 makes the new XMP packet and a helper places it (a JPEG's, PNG's, WebP's or TIFF's, nothing else touched), the app checks the answer (taken out, the XMP leaves the original's bytes), and the file is written safely in place. The marks the photo had come back, for Undo.
import PhotoFormats
import Foundation
import MetadataValues

public enum PhotoMarking {
    /// The most the XMP may add to a file.
    static let growth = (64 << 20) + 64

    /// Change the marks of the photo at `path`, in place, the packet made where `decoders` says
    /// (the app's helpers) and checked here; returns the marks it had. Blocking: call off the main loop.
    /// A photo whose own file is not written (`keepsBeside`) has its marks in its sidecar.
    public static func mark(_ path: String, _ change: MarksChange, by decoders: Decoders) throws(TurnRefusal) -> PhotoMarks {
        var before = PhotoMarks()
        let target = keepsBeside(path) ? SidecarFile.path(for: path) : path
        if target != path {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw PhotoRewrite.refusal(ENOENT) }
            try SidecarFile.rewrite(target) { (old) throws(TurnRefusal) in
                let (packet, had) = try marked(old, change, by: decoders, sidecar: true)
                before = had
                return packet
            }
            return before
        }
        try PhotoRewrite.rewrite(path) { (bytes) throws(TurnRefusal) in
            let (file, had) = try marked(bytes, change, by: decoders)
            before = had
            return file
        }
        return before
    }

    /// The same on a share (`uri`), through its safe rewrite (never over a change on the server).
    public static func markOnShare(_ uri: String, _ change: MarksChange, by decoders: Decoders) throws(TurnRefusal) -> PhotoMarks {
        var before = PhotoMarks()
        try ShareRewrite.rewrite(uri) { (bytes) throws(TurnRefusal) in
            // A camera's RAW file is a TIFF inside: only a .tif or .tiff is written.
            if XMPReplacement.isTIFF(bytes), !["tif", "tiff"].contains((uri as NSString).pathExtension.lowercased()) {
                throw TurnRefusal(Words("a camera’s RAW file is never written"))
            }
            let (file, had) = try marked(bytes, change, by: decoders)
            before = had
            return file
        }
        return before
    }

    /// The photo's bytes (or, with `sidecar`, its sidecar's) with their marks changed, by a helper
    /// (or here, with parsers that read here), checked; and the marks it had. A photo is never
    /// taken for a sidecar by its bytes (an SVG starts as a packet does): the caller says which.
    static func marked(_ bytes: [UInt8], _ change: MarksChange, by decoders: Decoders, sidecar beside: Bool = false) throws(TurnRefusal) -> ([UInt8], PhotoMarks) {
        // No sidecar yet: an empty packet is what goes to the helper (an empty memfd reaches it as nothing readable).
        let bytes = beside && bytes.isEmpty ? SidecarFile.emptyPacket : bytes
        if beside {
            guard SidecarFile.isPacket(bytes) else { throw TurnRefusal(Words("its sidecar is not an XMP packet")) }
        } else {
            guard XMPReplacement.canReplace(bytes) else {
                throw TurnRefusal(Words("ratings and picks are kept only in JPEG, PNG, WebP and TIFF photos so far"))
            }
        }
        let answer: [UInt8], before: PhotoMarks
        if let pool = decoders.pool {
            switch pool.askForFile(origin: "file:", bytes: Data(bytes), cancellable: nil, { .mark(id: $0, change) }) {
            case .failure(let error): throw TurnRefusal(Words("its marks could not be changed: %s", error.description))
            case .success(let (reply, file)):
                if case .undecodable(let words)? = reply.error { throw TurnRefusal(words) }
                guard let file, file.count <= bytes.count + growth else { throw TurnRefusal(Words("its marks could not be changed")) }
                answer = [UInt8](file)
                // The helper's word for them, as plain values again (its numbers unchecked until now).
                before = reply.marks.map { PhotoMarks(rating: $0.rating, flag: $0.flag, tags: $0.tags, orientation: $0.orientation) } ?? PhotoMarks()
            }
        } else {
            (answer, before) = try markedHere(bytes, change, parsers: decoders.parsers)
        }
        if beside { try SidecarFile.check(answer) } else { try XMPReplacement.check(answer, against: bytes) }
        // A turn is read only from a sidecar (a photo's own XMP may copy its EXIF's, which shows it).
        var had = before
        if !beside { had.orientation = nil }
        return (answer, had)
    }

    /// Whether the photo at `path` keeps its marks in its sidecar: a kind whose XMP the app does
    /// not place (told by its first bytes alone), or a photo that cannot be written.
    public static func keepsBeside(_ path: String) -> Bool {
        // (Root may write a file of any mode: a read-only one is told by its mode too, as Rotate tells it.)
        var info = stat()
        guard access(path, W_OK) == 0, stat(path, &info) == 0, info.st_mode & 0o222 != 0 else { return true }
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 12)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 12, 0) }
        head = Array(head.prefix(max(0, count)))
        let jpeg = head.starts(with: [0xFF, 0xD8, 0xFF]), png = head.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let webp = head.count == 12 && head[0..<4].elementsEqual(Array("RIFF".utf8)) && head[8..<12].elementsEqual(Array("WEBP".utf8))
        // A TIFF by its name too: a camera's RAW file (DNG, NEF, CR2, ARW…) is a TIFF inside, and is never written.
        let tiff = (head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]))
            && ["tif", "tiff"].contains((path as NSString).pathExtension.lowercased())
        return !(jpeg || png || webp || tiff)
    }

    /// The marks of the sidecar beside the photo at `path`, read in a helper, and when it was
    /// last changed (nil: none, or unreadable). A RAW file's turn is not among them (`sidecarOrientation`).
    public static func sidecarMarks(ofPhoto path: String, by decoders: Decoders) -> (marks: PhotoMarks, modified: Double)? {
        guard let (read, modified) = sidecarRead(ofPhoto: path, by: decoders) else { return nil }
        var marks = read
        marks.orientation = nil
        return (marks, modified)
    }

    /// The sidecar's marks, its turn with them, and when it was last changed.
    static func sidecarRead(ofPhoto path: String, by decoders: Decoders) -> (marks: PhotoMarks, modified: Double)? {
        let sidecar = SidecarFile.path(for: path)
        var info = stat()
        guard lstat(sidecar, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              let bytes = try? SidecarFile.read(sidecar), !bytes.isEmpty,
              let (_, marks) = try? marked(bytes, MarksChange(), by: decoders, sidecar: true) else { return nil }
        return (marks, Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }

    /// What Details shows: the photo's own marks, or its sidecar's where the sidecar is newer than
    /// the photo or the photo has none.
    public static func shown(_ details: PhotoDetails?, photoModified: Double, sidecar: (marks: PhotoMarks, modified: Double)?) -> PhotoDetails? {
        guard let sidecar, sidecar.marks != PhotoMarks() else { return details }
        guard details?.marks == nil || sidecar.modified >= photoModified else { return details }
        var shown = details ?? PhotoDetails()
        shown.marks = sidecar.marks
        return shown
    }

    /// The helper's side: the packet exiv2 makes, placed in the file.
    public static func markedHere(_ bytes: [UInt8], _ change: MarksChange, parsers: ParserLibraries?) throws(TurnRefusal) -> ([UInt8], PhotoMarks) {
        guard let parsers else { throw TurnRefusal(Words("its metadata cannot be read here")) }
        // A sidecar (or none yet): the packet is the whole file.
        let beside = SidecarFile.isPacket(bytes)
        switch parsers.marked(Data(beside && bytes.isEmpty ? SidecarFile.emptyPacket : bytes), change) {
        case .packet(let packet, let before) where beside: return ([UInt8](packet), before)
        case .packet(let packet, let before): return (try XMPReplacement.replaced(bytes, packet: [UInt8](packet)), before)
        case .unreadable: throw TurnRefusal(Words("its metadata could not be read"))
        case .unwritable(let why): throw TurnRefusal(Words("its metadata could not be written: %s", why))
        }
    }
}
