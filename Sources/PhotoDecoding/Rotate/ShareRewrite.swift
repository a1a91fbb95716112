// Why this exists: a photo on a share rewritten in place (Rotate, Rate and Flag), where there is no descriptor, device or inode to hold: read whole through GIO within the rewrite's limit, changed and checked as a local photo is (in the helpers), and written back through GIO's replace (the backend writes a temporary file and renames it where it can) only if the share still says of it what it said before it was read, checked twice: by its size and time just before, and by its etag in the replace itself.
import PhotoFormats
import Foundation
import GLibIO
import GLibRuntime

enum ShareRewrite {
    /// Rewrite the photo at `uri` as `transform` makes it from its bytes. Blocking.
    static func rewrite(_ uri: String, _ transform: ([UInt8]) throws(TurnRefusal) -> [UInt8]) throws(TurnRefusal) {
        let cancellable = Cancellable()
        let before: String, read: (bytes: [UInt8]?, etag: String?)
        do throws(GLibError) {
            before = try ShareFiles.stamp(uri: uri, cancellable: cancellable)
            read = try ShareFiles.readWhole(uri: uri, most: PhotoRewrite.maxBytes, cancellable: cancellable)
        } catch {
            throw TurnRefusal(Words(verbatim: error.message))
        }
        guard let bytes = read.bytes else { throw TurnRefusal(Words("it is too large to rewrite")) }
        let changed = try transform(bytes)
        // For the race tests: the server's file may change now.
        if PhotoRewrite.slowWrites { Thread.sleep(forTimeInterval: 3) }
        // Changed since it was read (an etag may be only the time, to the second: its size and
        // time are compared too).
        guard let now = try? ShareFiles.stamp(uri: uri, cancellable: cancellable), now == before else {
            throw TurnRefusal(Words("it changed on the server since it was read"))
        }
        do throws(GLibError) {
            try ShareFiles.replace(uri: uri, with: changed, etag: read.etag, cancellable: cancellable)
        } catch {
            if error.isWrongEtag { throw TurnRefusal(Words("it changed on the server since it was read")) }
            throw TurnRefusal(Words(verbatim: error.message))
        }
    }
}
