// Why this exists: an HTTP failure's reason phrase as words: the standard phrases of the statuses a photo server answers with are the app's words (translated at its edge); a server's own phrase is shown as it sent it.
import PhotoFormats

enum HTTPStatusPhrase {
    /// The phrase for `code`: the app's own when the server sent the standard English one
    /// (libsoup's, soup_status_get_phrase, which a server built on it sends).
    static func words(_ code: Int, sent: String) -> Words {
        let standard: (english: String, words: Words)? = switch code {
        case 400: ("Bad Request", Words("Bad Request"))
        case 401: ("Unauthorized", Words("Unauthorized"))
        case 403: ("Forbidden", Words("Forbidden"))
        case 404: ("Not Found", Words("Not Found"))
        case 410: ("Gone", Words("Gone"))
        case 429: ("Too Many Requests", Words("Too Many Requests"))
        case 500: ("Internal Server Error", Words("Internal Server Error"))
        case 502: ("Bad Gateway", Words("Bad Gateway"))
        case 503: ("Service Unavailable", Words("Service Unavailable"))
        case 504: ("Gateway Timeout", Words("Gateway Timeout"))
        default: nil
        }
        guard let standard, sent == standard.english else { return Words(verbatim: sent) }
        return standard.words
    }
}
