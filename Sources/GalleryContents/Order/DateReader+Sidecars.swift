// Why this exists: a local photo's marks may be kept beside it, in the sidecar `NAME.EXT.xmp` (the app's own for a HEIC or a read-only photo, darktable's and digiKam's too): read on every visit, never kept in the index, and taken over the photo's own where the sidecar is newer or the photo has none.
import PhotoFormats
import Foundation
import GLibIO
import PhotoDecoding

extension DateReader {
    /// The marks of each of `files` with a sidecar, taken into `facts` where they win (a share's
    /// files have none read here).
    func takeSidecars(_ files: [DatedFile], into facts: inout [String: PhotoFacts]) {
        var info = stat()
        for file in files where !ShareFiles.isShare(file.path) && lstat(SidecarFile.path(for: file.path), &info) == 0 {
            guard let sidecar = PhotoMarking.sidecarMarks(ofPhoto: file.path, by: decoders) else { continue }
            var details = PhotoDetails()
            details.marks = facts[file.fileName]?.marks
            let shown = PhotoMarking.shown(details, photoModified: Double(file.modified) / 1_000_000, sidecar: sidecar)
            var fact = facts[file.fileName] ?? PhotoFacts()
            fact.marks = shown?.marks
            facts[file.fileName] = fact.checked()
        }
    }
}
