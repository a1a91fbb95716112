// Why this exists: a photo Rotate turned (a RAW file in its sidecar), or whose XMP Rate and Flag changed, keeps its shared thumbnails: each the app made for the photo as it was is turned (or kept as it is) and written again for the new file, so neither the app nor the file manager decodes the photo again for them.
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

    /// Rotate turned the RAW file at `uri`, last modified at `mtime`, in its sidecar, from
    /// orientation `from` (nil: the file's own) to `to`: each of the app's thumbnails of it turned
    /// as `from` says is turned and written again, saying `to`. Returns the sizes written.
    @discardableResult
    public func turnEntries(uri: String, mtime: Int, fileSize: Int, sidecarTurn from: Int?, to: Int, clockwise: Bool) -> [Size] {
        rewriteEntries(uri: uri, from: mtime, to: mtime, fileSize: fileSize, clockwise: clockwise, sidecarTurn: (from, to))
    }

    /// `clockwise` nil: not turned. `sidecarTurn`: a RAW file's turn in its sidecar, what the
    /// entries say before and what they say after (nil: none).
    private func rewriteEntries(uri: String, from: Int, to: Int, fileSize: Int, clockwise: Bool?, sidecarTurn: (Int?, Int)? = nil) -> [Size] {
        var written: [Size] = []
        for size in Size.allCases {
            let keys = ["Thumb::URI", "Thumb::MTime", "Thumb::Mimetype", "Thumb::Image::Width", "Thumb::Image::Height", Self.colourKey, Self.sidecarTurnKey]
            guard let data = Self.readSmallFile(path(size, uri: uri)),
                  let decoded = PNGFile.decode(data, by: decoders, keys: keys, maxSide: size.pixels),
                  decoded.text["Thumb::URI"] == uri, decoded.text["Thumb::MTime"] == String(from), decoded.text[Self.colourKey] == "sRGB",
                  sidecarTurn.map({ decoded.text[Self.sidecarTurnKey] == $0.0.map(String.init) }) ?? true,
                  let turned = clockwise.map({ decoded.pixbuf.turned(clockwise: $0) }) ?? decoded.pixbuf else { continue }
            let width = decoded.text["Thumb::Image::Width"].flatMap { Int($0) } ?? 0
            let height = decoded.text["Thumb::Image::Height"].flatMap { Int($0) } ?? 0
            // (A sidecar's turn is kept as it was by a restamp: `turnEntries` alone changes it.)
            let turn = sidecarTurn?.1 ?? decoded.text[Self.sidecarTurnKey].flatMap { Int($0) }
            if save(turned, size: size, uri: uri, mtime: to, fileSize: fileSize, mimeType: decoded.text["Thumb::Mimetype"],
                    imageWidth: clockwise == nil ? width : height, imageHeight: clockwise == nil ? height : width, sidecarTurn: turn) {
                written.append(size)
            }
        }
        return written
    }
}
