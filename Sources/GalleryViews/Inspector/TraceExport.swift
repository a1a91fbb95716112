// Why this exists: Export in the inspector: the session's trace so far, as JSON lines (the `--trace` format), copied where the user says, with the outcome shown.
import AppLanguage
import Foundation
import Gtk
import PhotoPipeline
import PhotoFetching
import PhotoTrace

@MainActor
package struct TraceExport {
    package let parent: ApplicationWindow
    /// The session's trace, exported.
    package let trace: Trace
    /// Tell the user how it went (`failed`: the text is the reason).
    package let status: (_ text: String, _ failed: Bool) -> Void

    package func run() {
        guard trace.path != nil else {
            return failed(tr("this session's trace could not be written anywhere"))
        }
        let chooser = FileChooserNative(title: tr("Export Trace"), parent: parent, acceptLabel: tr("_Export"),
                                        cancelLabel: tr("_Cancel"), save: true, suggestedName: "classic-photos-trace.jsonl")
        chooser.show { uri in
            guard let uri, let url = URL(string: uri), url.isFileURL else { return }
            trace.flush()
            // Beside the target, then renamed over it: a failure leaves what was there, and a
            // folder at that path is never removed.
            let result: Result<Void, AtomicFileError>
            do {
                let parts = try trace.paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
                result = AtomicFile.write(parts.reduce(Data(), +), to: url.path, durable: true)
            } catch {
                result = .failure(AtomicFileError(code: EIO))
            }
            switch result {
            case .success:
                trace.emit(.exported(path: url.path, ok: true))
                status(fill(tr("Exported to %s"), url.path), false)
            case .failure(let error):
                trace.emit(.exported(path: url.path, ok: false))
                failed(fill(tr("%s: %s"), url.path, error.description))
            }
        }
    }

    /// An export that failed says why, in the inspector and on standard error.
    private func failed(_ reason: String) {
        try? FileHandle.standardError.write(contentsOf: Data("classic-photos: could not export the trace: \(reason)\n".utf8))
        status(fill(tr("Could not export the trace: %s"), reason), true)
    }
}
