// Why this exists: a decode's colour told to the trace by the operation that asked for it (the decoder itself, which runs in helpers, traces nothing).
import Foundation
import PhotoDecoding
import PhotoFetching
import PhotoTrace

extension ImageDecoder.Report {
    /// The `colour` trace event for the photo at `url`, if it carried a profile.
    func traceColour(of url: URL, in trace: Trace) {
        guard profileName != nil || profileIgnored != nil else { return }
        trace.emit(.colour(url: Redacted.url(url.absoluteString), profile: profileName, converted: profileConverted, ignored: profileIgnored))
    }
}
