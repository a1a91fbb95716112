// Why this exists: Rate, Pick and Reject kept in the photo's own file: exiv2 makes the new XMP packet and a helper places it (a JPEG's, PNG's or WebP's, nothing else touched), the app checks the answer (taken out, the XMP leaves the original's bytes), and the file is written safely in place. The marks the photo had come back, for Undo.
import PhotoFormats
import Foundation
import MetadataValues

public enum PhotoMarking {
    /// The most the XMP may add to a file.
    static let growth = (64 << 20) + 64

    /// Change the marks of the photo at `path`, in place, the packet made where `decoders` says
    /// (the app's helpers) and checked here; returns the marks it had. Blocking: call off the main loop.
    public static func mark(_ path: String, _ change: MarksChange, by decoders: Decoders) throws(TurnRefusal) -> PhotoMarks {
        var before = PhotoMarks()
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
            let (file, had) = try marked(bytes, change, by: decoders)
            before = had
            return file
        }
        return before
    }

    /// The photo's bytes with their marks changed, by a helper (or here, with parsers that read
    /// here), checked; and the marks it had.
    static func marked(_ bytes: [UInt8], _ change: MarksChange, by decoders: Decoders) throws(TurnRefusal) -> ([UInt8], PhotoMarks) {
        guard XMPReplacement.canReplace(bytes) else {
            throw TurnRefusal(Words("ratings and picks are kept only in JPEG, PNG and WebP photos so far"))
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
                before = reply.marks.map { PhotoMarks(rating: $0.rating, flag: $0.flag, tags: $0.tags) } ?? PhotoMarks()
            }
        } else {
            (answer, before) = try markedHere(bytes, change, parsers: decoders.parsers)
        }
        try XMPReplacement.check(answer, against: bytes)
        return (answer, before)
    }

    /// The helper's side: the packet exiv2 makes, placed in the file.
    public static func markedHere(_ bytes: [UInt8], _ change: MarksChange, parsers: ParserLibraries?) throws(TurnRefusal) -> ([UInt8], PhotoMarks) {
        guard let parsers else { throw TurnRefusal(Words("its metadata cannot be read here")) }
        switch parsers.marked(Data(bytes), change) {
        case .packet(let packet, let before): return (try XMPReplacement.replaced(bytes, packet: [UInt8](packet)), before)
        case .unreadable: throw TurnRefusal(Words("its metadata could not be read"))
        case .unwritable(let why): throw TurnRefusal(Words("its metadata could not be written: %s", why))
        }
    }
}
