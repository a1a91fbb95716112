// Why this exists: a share's JPEG shown at once from its own EXIF thumbnail, read with one short ranged read and decoded in a helper, so a screen of photos on a slow link appears before any photo is read whole.
import Foundation
import GLibIO
import PhotoDecoding
import PhotoFetching
import PhotoFormats

extension ImageDownloader {
    /// The bytes first read for a preview: a camera's EXIF, with its 160 × 120 thumbnail, is
    /// mostly smaller; a larger one is read on to its end (at most `ExifThumbnail.startBytes`).
    static let firstPreviewRead = 16 * 1024

    /// Whether the photo at `url` may have a preview to show first: a JPEG on a share (a local
    /// photo is read whole as fast as its preview).
    public static func hasPreview(_ url: URL) -> Bool {
        guard ShareFiles.isShare(url.absoluteString) else { return false }
        return ["jpg", "jpeg", "jpe", "jfif"].contains(url.pathExtension.lowercased())
    }

    /// The photo's EXIF thumbnail from its first bytes, as the row's square; none (nil) when it
    /// has none that decodes, or its start could not be read (the photo's own read says why). A
    /// share that stopped answering fails the row now, rather than making it wait twice.
    func previewed(_ context: WorkContext) throws(FetchError) -> StageOutcome {
        let start: Data
        do throws(FetchError) {
            // A first read most cameras' EXIF fits in, read on as far as its segment's length says.
            start = try source.fetcher.files.fetchSharedStart(source.url, count: Self.firstPreviewRead, most: ExifThumbnail.startBytes,
                                                              cancellable: context.cancellable, extending: ExifThumbnail.bytesNeeded)
        } catch .cancelled {
            return .cancelled
        } catch .timedOut(let seconds) {
            return .failed(StageFailure(.timedOut(seconds: seconds)))
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
