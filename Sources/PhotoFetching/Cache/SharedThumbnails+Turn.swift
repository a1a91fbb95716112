// Why this exists: a photo Rotate turned, or whose XMP Rate and Flag changed, keeps its shared thumbnails: each the app made for the photo as it was is turned (or kept as it is) and written again for the new file, so neither the app nor the file manager decodes the photo again for them.
import GdkPixbuf
import PhotoDecoding

extension SharedThumbnails {
    /// Rotate turned the photo at `uri` (`clockwise` or not), last modified at `from` and now at
    /// `to` (seconds), `fileSize` bytes now: each thumbnail of it made for `from` is turned and
    /// written for `to`. Only the app's own (its colours are the photo's): another app's is left
    /// to that app. Returns the sizes written.
    @discardableResult
    public func turnEntries(uri: String, from: Int, to: Int, fileSize: Int, clockwise: Bool) -> [Size] {
        rewriteEntries(uri: uri, from: from, to: to, fileSize: fileSize, clockwise: clockwise)
    }

    /// Rate and Flag changed only the XMP of the photo at `uri`: each thumbnail of it made for
    /// `from` is written again, the same pixels, for `to` and `fileSize`. Returns the sizes written.
    @discardableResult
    public func restampEntries(uri: String, from: Int, to: Int, fileSize: Int) -> [Size] {
        rewriteEntries(uri: uri, from: from, to: to, fileSize: fileSize, clockwise: nil)
    }

    /// `clockwise` nil: not turned.
    private func rewriteEntries(uri: String, from: Int, to: Int, fileSize: Int, clockwise: Bool?) -> [Size] {
        var written: [Size] = []
        for size in Size.allCases {
            let keys = ["Thumb::URI", "Thumb::MTime", "Thumb::Mimetype", "Thumb::Image::Width", "Thumb::Image::Height", Self.colourKey]
            guard let data = Self.readSmallFile(path(size, uri: uri)),
                  let decoded = PNGFile.decode(data, by: decoders, keys: keys, maxSide: size.pixels),
                  decoded.text["Thumb::URI"] == uri, decoded.text["Thumb::MTime"] == String(from), decoded.text[Self.colourKey] == "sRGB",
                  let turned = clockwise.map({ decoded.pixbuf.turned(clockwise: $0) }) ?? decoded.pixbuf else { continue }
            let width = decoded.text["Thumb::Image::Width"].flatMap { Int($0) } ?? 0
            let height = decoded.text["Thumb::Image::Height"].flatMap { Int($0) } ?? 0
            if save(turned, size: size, uri: uri, mtime: to, fileSize: fileSize, mimeType: decoded.text["Thumb::Mimetype"],
                    imageWidth: clockwise == nil ? width : height, imageHeight: clockwise == nil ? height : width) {
                written.append(size)
            }
        }
        return written
    }
}
