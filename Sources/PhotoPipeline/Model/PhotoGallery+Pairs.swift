// Why this exists: a camera's RAW file and its JPEG shown as one photo (the folder's listing pairs them): which rows have a RAW companion, for their badge and for Trash and Rotate, which act on both files.
import Foundation

extension PhotoGallery {
    /// The path of the RAW file shown with `row`'s JPEG, if it has one.
    public func companion(of row: Int) -> String? {
        guard !companionsByPath.isEmpty, let url = records.entry(row).url, url.isFileURL else { return nil }
        return companionsByPath[url.path]
    }

    /// The same for the photo at `url`.
    public func companion(of url: URL) -> String? {
        guard !companionsByPath.isEmpty, url.isFileURL else { return nil }
        return companionsByPath[url.path]
    }
}
