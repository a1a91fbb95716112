// Why this exists: a share's JPEG shown at once from its own EXIF thumbnail, read with one short ranged read and decoded in a helper, so a screen of photos on a slow link appears before any photo is read whole.
import Foundation
import GLibIO
import PhotoDecoding
import PhotoFetching
import PhotoFormats

extension ImageDownloader {
    /// Whether the photo at `url` may have a preview to show first: a JPEG on a share (a local
    /// photo is read whole as fast as its preview).
    public static func hasPreview(_ url: URL) -> Bool {
        guard ShareFiles.isShare(url.absoluteString) else { return false }
        return ["jpg", "jpeg", "jpe", "jfif"].contains(url.pathExtension.lowercased())
    }

    /// The photo's EXIF thumbnail from its first bytes, as the row's square; none (nil) when it
    /// has none that decodes. Only a failure to read says anything of the photo, and the
    /// photo's own read says it again: so that too is none here.
    func previewed(_ context: WorkContext) throws(FetchError) -> StageOutcome {
        let start: Data
        do throws(FetchError) {
            start = try source.fetcher.fetchStart(source.url, count: ExifThumbnail.startBytes, cancellable: context.cancellable)
        } catch .cancelled {
            return .cancelled
        } catch {
            return .preview(nil)
        }
        if context.isCancelled { return .cancelled }
        var decoder = decoder(box: rowPixels)
        decoder.embeddedThumbnail = true
        var report = ImageDecoder.Report()
        do throws(DecodeError) {
            let thumbnail = try decoder.decode(start, by: source.decoders, report: &report, within: source.decoders.budget,
                                               cancellable: context.cancellable, isCancelled: { context.isCancelled })
            return .preview(RowThumbnail.square(thumbnail.pixbuf, pixels: rowPixels))
        } catch .cancelled {
            return .cancelled
        } catch {
            return .preview(nil)
        }
    }
}
