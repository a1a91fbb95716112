// Why this exists: libavif (through CCameraCodecs) for the helper: an AVIF image sequence's size and frame count from its boxes, and its frames decoded into values of ours, for the viewer to play (GdkPixbuf's AVIF loader shows the first frame only).
import CCameraCodecs
import Foundation
import PhotoFormats

public enum AVIFCodec {
    /// The sequence's size and how many frames it holds; nil when libavif cannot read its boxes.
    public static func facts(_ file: Data) -> (width: Int, height: Int, frames: Int)? {
        var width: UInt32 = 0, height: UInt32 = 0, frames: UInt32 = 0
        let code = file.withUnsafeBytes { cp_avif_read_info($0.bindMemory(to: UInt8.self).baseAddress, $0.count, &width, &height, &frames) }
        return code == CP_OK ? (Int(width), Int(height), Int(frames)) : nil
    }

    /// At most `mostFrames` frames of at most `mostPixels` each, RGBA; stops between frames when
    /// `isCancelled` says so.
    public static func decode(_ file: Data, mostPixels: Int, mostFrames: Int, isCancelled: @escaping () -> Bool) -> Result<[CameraFrame], CameraFailure> {
        let frames = FrameCollector(isCancelled: isCancelled)
        let context = Unmanaged.passUnretained(frames).toOpaque()
        let code = file.withUnsafeBytes { bytes in
            cp_avif_decode(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt64(max(mostPixels, 0)), UInt32(clamping: max(mostFrames, 1)),
                           context, FrameCollector.take)
        }
        if let failure = CameraFailure(code: code) { return .failure(failure) }
        return .success(frames.frames)
    }
}
