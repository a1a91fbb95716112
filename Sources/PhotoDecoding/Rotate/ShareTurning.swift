// Why this exists: Rotate on a share: the photo turned and checked as a local photo is (in the helpers), through the share's safe rewrite (`ShareRewrite`: never over a change on the server).
import PhotoFormats
import Foundation

public enum ShareTurning {
    /// Turn the photo at `uri` a quarter, on its share. Blocking: call off the main loop.
    public static func turn(_ uri: String, _ turn: QuarterTurn, by decoders: Decoders) throws(TurnRefusal) {
        let name = URL(string: uri)?.lastPathComponent
        try ShareRewrite.rewrite(uri) { (bytes) throws(TurnRefusal) in try PhotoTurning.turned(bytes, turn, by: decoders, name: name) }
    }
}
