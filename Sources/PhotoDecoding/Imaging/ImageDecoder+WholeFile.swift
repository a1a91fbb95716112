// Why this exists: XPM and XBM, whose GdkPixbuf loaders read an image piece by piece only through a temporary file of their own, which the decoding helper's filter refuses (it opens files for reading only): an XPM is read whole from the file its bytes already are in (the helper's memfd, as /proc/self/fd/N), then held to the pixel limit and fitted as every other decode is; an XBM is not read at all.
import PhotoFormats
import GdkPixbuf
import GLibRuntime

extension ImageDecoder {
    /// GdkPixbuf's names for the formats read whole from a file.
    static let readWhole: Set<String> = ["xpm"]
    /// Formats not read, though a loader is installed: read whole, GdkPixbuf picks an XBM's
    /// loader only by its file name, which /proc/self/fd/N does not have (and Loupe reads no XBM either).
    public static let notRead: Set<String> = ["xbm"]

    /// The image in `file` (holding the bytes `format` was sniffed from). Its pixels are
    /// allocated before their number is known: the helper's memory limit bounds them, and the
    /// pixel limit refuses the image once read.
    func decodeWhole(file: String, format: String, report: inout Report) throws(DecodeError) -> Thumbnail {
        let pixbuf: Pixbuf
        do throws(GLibError) { pixbuf = try Pixbuf(file: file) } catch { throw DecodeError(error, format: format) }
        report.declaredWidth = pixbuf.width
        report.declaredHeight = pixbuf.height
        report.allocated = true
        guard pixbuf.width * pixbuf.height <= pixelLimit else {
            throw .tooManyPixels(width: pixbuf.width, height: pixbuf.height, limit: pixelLimit)
        }
        return try finished(pixbuf, scaled: true)
    }
}
