// Why this exists: an HTTP failure's reason phrase in the user's language: the standard phrases of the statuses a photo server answers with are translated; a server's own phrase is shown as it sent it.
import Foundation

package enum HTTPStatusText {
    /// The phrase for `code`: translated when the server sent the standard English one (libsoup's,
    /// soup_status_get_phrase, which a server built on it sends).
    package static func phrase(_ code: Int, _ sent: String) -> String {
        let standard: (english: String, translated: String)? = switch code {
        case 400: ("Bad Request", tr("Bad Request"))
        case 401: ("Unauthorized", tr("Unauthorized"))
        case 403: ("Forbidden", tr("Forbidden"))
        case 404: ("Not Found", tr("Not Found"))
        case 410: ("Gone", tr("Gone"))
        case 429: ("Too Many Requests", tr("Too Many Requests"))
        case 500: ("Internal Server Error", tr("Internal Server Error"))
        case 502: ("Bad Gateway", tr("Bad Gateway"))
        case 503: ("Service Unavailable", tr("Service Unavailable"))
        case 504: ("Gateway Timeout", tr("Gateway Timeout"))
        default: nil
        }
        guard let standard, sent == standard.english else { return sent }
        return standard.translated
    }
}
