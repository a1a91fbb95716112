// Why this exists: what every decode ends with, whichever way its pixels were read: EXIF orientation applied, the image scaled to fit when the loader did not scale it, and the centred square cut when one is asked for.
import PhotoFormats
import GdkPixbuf

extension ImageDecoder {
    /// `loaded` oriented, fitted (when `scaled`) and cropped to a square (when asked).
    func finished(_ loaded: Pixbuf, scaled: Bool) throws(DecodeError) -> Thumbnail {
        // EXIF orientation (JPEG, TIFF): a new pixbuf, rotated or not.
        guard var pixbuf = loaded.applyingEmbeddedOrientation() else { throw .undecodable(Words("could not orient the image")) }
        if scaled, let size = Self.fit(width: pixbuf.width, height: pixbuf.height,
                                       maxSide: Self.side(pixbuf.width, pixbuf.height, maxDimension, maxPixels), cover: squareCrop) {
            guard let scaled = pixbuf.scaled(width: size.width, height: size.height) else { throw .undecodable(Words("could not scale the image")) }
            pixbuf = scaled
        }
        if squareCrop {
            let width = pixbuf.width, height = pixbuf.height
            let side = min(width, height, maxDimension)
            if width != side || height != side {
                // A region shares its parent's pixels; copy it so the larger buffer is freed.
                guard let cropped = pixbuf.region(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side)?.copy() else {
                    throw .undecodable(Words("could not crop the image"))
                }
                pixbuf = cropped
            }
        }
        return Thumbnail(pixbuf)
    }
}
