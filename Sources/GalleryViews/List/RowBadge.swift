// Why this exists: the inspector's row badges (as Picasso's debug indicators): a corner mark on each thumbnail saying which cache level its image came from, with a letter and an accessible name, not colour alone.
import AppLanguage
import Gtk
import PhotoPipeline
import PhotoFetching

@MainActor
package enum RowBadge {
    /// The mark's letter, its style class (the colour) and what a screen reader says.
    package static func look(_ source: ImageSource) -> (letter: String, style: String, name: String) {
        switch source {
        case .memory: return ("M", "badge-memory", tr("From memory"))
        case .thumbnailCache: return ("T", "badge-thumbnail-cache", tr("From the thumbnail cache"))
        case .httpCache: return ("H", "badge-http-cache", tr("From the HTTP cache"))
        case .revalidated: return ("R", "badge-revalidated", tr("Revalidated with the server"))
        case .network: return ("N", "badge-network", tr("From the network"))
        case .file: return ("F", "badge-file", tr("Read from the file"))
        case .embeddedThumbnail: return ("E", "badge-embedded-thumbnail", tr("The photo's own small preview"))
        }
    }

    package static let styles = ImageSource.allCases.map { look($0).style }

    /// The badges' colours, added once for the display.
    package static let css = """
    .row-badge { font-size: 9px; font-weight: bold; color: white; border-radius: 3px; padding: 0 3px; margin: 1px; }
    .badge-memory { background-color: #1c71d8; }
    .badge-thumbnail-cache { background-color: #813d9c; }
    .badge-http-cache { background-color: #26a269; }
    .badge-revalidated { background-color: #1a5fb4; }
    .badge-network { background-color: #c64600; }
    .badge-file { background-color: #5e5c64; }
    .badge-embedded-thumbnail { background-color: #986a44; }
    """
}
