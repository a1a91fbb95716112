// Why this exists: a photo on a share deleted for good (GVfs's SMB, SFTP and WebDAV backends have no trash, so the app asks first, as on a volume without one), only if the share still says of it what it said when the user was asked: a photo changed or replaced on the server meanwhile is kept.
import Foundation
import GLibIO
import GLibRuntime
import PhotoDecoding
import PhotoFormats

public enum ShareDeletion {
    /// What the share says of the photo at `uri` now (nil: it is not there, or the share does
    /// not answer). Blocking: call off the main loop.
    public static func stamp(_ uri: String) -> String? {
        try? ShareFiles.stamp(uri: uri, cancellable: Cancellable())
    }

    /// Delete the photo at `uri` if the share still says `asked` of it. Blocking: call off the
    /// main loop. (GIO has no conditional delete: the check and the delete are two requests.)
    public static func delete(_ uri: String, ifStill asked: String?) throws(TrashFailure) {
        guard let asked else { throw .failed(Words("it is no longer there")) }
        let now: String
        do throws(GLibError) {
            now = try ShareFiles.stamp(uri: uri, cancellable: Cancellable())
        } catch {
            // Gone, or the share not answering: said as it is.
            if error.isNotFound { throw .failed(Words("it is no longer there")) }
            throw .failed(Words(verbatim: error.message))
        }
        guard now == asked else { throw .failed(Words("it changed on the server since")) }
        do throws(GLibError) {
            try ShareFiles.delete(uri: uri, cancellable: Cancellable())
        } catch {
            throw .failed(Words(verbatim: error.message))
        }
    }
}
