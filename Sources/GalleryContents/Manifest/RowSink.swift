// Why this exists: where the parsers put rows as they find them: in compact batches, the first one small (a screen's worth, so the list shows at once) and later ones larger, handed over as each fills.
import Foundation

final class RowSink {
    private var current = ManifestRows()
    private var threshold: Int
    private let emit: (ManifestRows) -> Void
    private(set) var total = 0

    /// The first batch holds `first` rows; each later one twice the one before, up to 65,536.
    init(first: Int = 256, emit: @escaping (ManifestRows) -> Void) {
        threshold = first
        self.emit = emit
    }

    func add(name: UnsafeRawBufferPointer, url: UnsafeRawBufferPointer) {
        current.append(name: name, url: url)
        total += 1
        if current.count >= threshold { flush() }
    }

    func add(name: String, url: String) {
        current.append(name: name, url: url)
        total += 1
        if current.count >= threshold { flush() }
    }

    /// Hand over what is collected (at a batch's end, and at the end of the file).
    func flush() {
        guard current.count > 0 else { return }
        current.seal()
        emit(current)
        current = ManifestRows()
        threshold = min(threshold * 2, 65_536)
    }
}
