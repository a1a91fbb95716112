// Why this exists: long animations for tests without waiting minutes for an encoder: the frames of a short GIF (made by ImageMagick) repeated into one with thousands, by copying the file's own blocks.
import PhotoFormats
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline

public enum AnimatedGIF {
    /// `gif` with its frames (each graphic control extension and image) repeated until there
    /// are `frames` of them. Nil if `gif` is not a GIF this reader follows.
    public static func repeating(_ gif: Data, frames: Int) -> Data? {
        guard let blocks = GIFBlocks.read(gif) else { return nil }
        let bytes = [UInt8](gif)
        // The header runs to the first frame's first block (a loop extension stays in it); a
        // frame is its graphic control extension, if any, and its image.
        var head: Int?
        var frameBlocks: [ArraySlice<UInt8>] = []
        var frameStart: Int?
        for block in blocks {
            switch block.kind {
            case .extension(label: 0xF9):
                head = head ?? block.range.lowerBound
                frameStart = block.range.lowerBound
            case .image:
                head = head ?? block.range.lowerBound
                frameBlocks.append(bytes[(frameStart ?? block.range.lowerBound)..<block.range.upperBound])
                frameStart = nil
            case .extension:
                break
            }
        }
        guard let head, !frameBlocks.isEmpty else { return nil }
        var out = Array(bytes[0..<head])
        for index in 0..<frames { out += frameBlocks[index % frameBlocks.count] }
        out.append(0x3B)
        return Data(out)
    }
}
