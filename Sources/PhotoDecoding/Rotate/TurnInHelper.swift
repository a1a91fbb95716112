// Why this exists: every turn of a photo's bytes is computed in a helper in the app's helpers (no parser, no zlib, no box walk of the edit's runs on the user's file in the app): the request and its answer's size bound in one place, what each edit then checks in its own.
import PhotoFormats
import Foundation

enum TurnInHelper {
    /// The file turned by a helper of the user's own files (never lent to another origin), at
    /// most `most` bytes; refused with the helper's reason, or with why no answer came.
    static func asked(_ file: [UInt8], _ turn: QuarterTurn, in pool: HelperPool, most: Int) throws(TurnRefusal) -> [UInt8] {
        switch pool.askForFile(origin: "file:", bytes: Data(file), cancellable: nil, { .turn(id: $0, turn) }) {
        case .failure(let error): throw TurnRefusal(Words("it could not be turned: %s", error.description))
        case .success(let (reply, turned)):
            if case .undecodable(let words)? = reply.error { throw TurnRefusal(words) }
            guard let turned, turned.count <= most else { throw TurnRefusal(Words("it could not be turned")) }
            return [UInt8](turned)
        }
    }
}
