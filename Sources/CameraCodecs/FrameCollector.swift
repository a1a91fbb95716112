// Why this exists: the frames a C codec hands over one at a time (camera_codecs.h's cp_frame_fn), copied into values of ours as they come, and asked between them whether to stop.
import CCameraCodecs
import Foundation
import PhotoFormats

final class FrameCollector {
    var frames: [CameraFrame] = []
    let isCancelled: () -> Bool
    init(isCancelled: @escaping () -> Bool) { self.isCancelled = isCancelled }

    /// The C callback: `context` is an unretained FrameCollector.
    static let take: cp_frame_fn = { context, rgba, width, height, milliseconds in
        let frames = Unmanaged<FrameCollector>.fromOpaque(context!).takeUnretainedValue()
        let count = Int(width) * Int(height) * 4
        frames.frames.append((CameraPixels(width: Int(width), height: Int(height), hasAlpha: true, bytes: Data(bytes: rgba!, count: count)),
                              Int(milliseconds)))
        return frames.isCancelled() ? 1 : 0
    }
}
