// Why this exists: the inspector's waterfall: the latest operations, newest on top, each with its row, photo, stage and bars for time queued, waiting on a dependency and running (a download split into libsoup's phases), and its outcome in words and colour; selecting a line shows its row in the list.
import AppLanguage
import PhotoFormats
import Foundation
import Gtk
import PhotoDecoding
import PhotoPipeline
import PhotoFetching
import PhotoTrace

/// One operation as the trace told it.
package struct WaterfallLine {
    package let queue: Stage
    package let row: Int
    package let queued: Double
    /// The photo's name and URL, looked up once when the operation was queued.
    package let name: String?
    package let url: String?
    package var dependency: Double?
    package var started: Double?
    package var ended: Double?
    package var outcome: Outcome = .running
    /// connect, TLS, waiting for the first byte, receiving (ms), for a download that sent a request.
    package var phases: [Double]?

    package enum Outcome: Equatable {
        case running, finished, cancelled
        case failed(String)
        case source(ImageSource)
    }
}

@MainActor
package final class InspectorWaterfall {
    package static let shownLines = 30

    package let list = ListBox()
    private var lines: [WaterfallLine] = []
    /// What `render` showed, newest first (the bars draw from it).
    private var shown: [WaterfallLine] = []
    private var views: [(box: Box, label: Label, bars: DrawingArea)] = []
    private var shownTexts: [String] = []
    private var now = 0.0
    private var axisStart = 0.0
    /// The photo's name for a row, and its URL (to match libsoup's timings to downloads).
    package var rowName: (Int) -> String? = { _ in nil }
    package var rowURL: (Int) -> String? = { _ in nil }
    /// A line was selected: show its row.
    package var onSelect: ((Int) -> Void)?

    package init() {
        list.addCSSClass("boxed-list")
        list.setAccessible(label: tr("Operations, newest first"))
        for index in 0..<Self.shownLines {
            let box = Box(.vertical, spacing: 2)
            box.setMargins(4)
            let label = Label()
            label.setXAlign(0)
            label.setEllipsize(.end)
            label.addCSSClass("caption")
            let bars = DrawingArea(height: 8)
            bars.onDraw { [weak self] context in self?.drawBars(index, context) }
            box.append(label)
            box.append(bars)
            box.visible = false
            list.append(box)
            views.append((box, label, bars))
            shownTexts.append("")
        }
        list.onRowActivated { [weak self] index in
            guard let self, self.shown.indices.contains(index) else { return }
            self.onSelect?(self.shown[index].row)
        }
    }

    /// Fold new trace events into the lines.
    package func add(_ events: [ObservedEvent]) {
        for observed in events {
            let t = observed.t
            switch observed.event {
            case .queued(let queue, let row):
                lines.append(WaterfallLine(queue: queue, row: row, queued: t, name: rowName(row), url: rowURL(row)))
            case .dependency(let row, _):
                if let index = last(.viewer, row) { lines[index].dependency = t }
            case .started(let queue, let row):
                if let index = last(queue, row), lines[index].started == nil { lines[index].started = t }
            case .finished(let queue, let row):
                if let index = last(queue, row), lines[index].ended == nil {
                    lines[index].ended = t
                    lines[index].outcome = .finished
                }
            case .cancelled(let queue, let row):
                if let index = last(queue, row), lines[index].ended == nil {
                    lines[index].ended = t
                    lines[index].outcome = .cancelled
                }
            case .state(let row, .failed, let reason, _):
                if let index = lines.lastIndex(where: { $0.row == row && $0.queue != .viewer && $0.outcome == .finished }) {
                    lines[index].outcome = .failed(reason ?? "")
                }
            case .image(let row, let from, _):
                if let index = lines.lastIndex(where: { $0.row == row && $0.queue == .download && $0.outcome == .finished }) {
                    lines[index].outcome = .source(from)
                }
            case .metrics(let url, let connect, let tls, let wait, let receive):
                if let index = lines.lastIndex(where: { $0.queue == .download && $0.phases == nil && $0.url == url }) {
                    lines[index].phases = [connect, tls, wait, receive]
                }
            default: break
            }
        }
        if lines.count > Self.shownLines * 4 { lines.removeFirst(lines.count - Self.shownLines * 2) }
    }

    /// The latest line of an operation still without an end (or the latest at all).
    private func last(_ queue: Stage, _ row: Int) -> Int? {
        lines.lastIndex { $0.queue == queue && $0.row == row }
    }

    /// Some operation shown has not ended: its bar grows with the clock.
    package var showsUnfinished: Bool { shown.contains { $0.outcome == .running } }

    package func render(now: Double) {
        self.now = now
        shown = Array(lines.suffix(Self.shownLines).reversed())
        axisStart = shown.map(\.queued).min() ?? now
        for (index, view) in views.enumerated() {
            guard index < shown.count else { view.box.visible = false; continue }
            view.box.visible = true
            let text = Self.describe(shown[index], name: shown[index].name)
            if shownTexts[index] != text {
                shownTexts[index] = text
                view.label.text = text
            }
            view.bars.queueDraw()
        }
    }

    package static func describe(_ line: WaterfallLine, name: String?) -> String {
        let stage: String
        switch line.queue {
        case .download: stage = tr("download")
        case .filtration: stage = tr("sepia")
        case .viewer: stage = tr("viewer")
        case .export: stage = tr("export")
        }
        let outcome: String
        switch line.outcome {
        case .running: outcome = line.started == nil ? tr("queued") : tr("running")
        case .finished: outcome = tr("finished")
        case .cancelled: outcome = tr("cancelled")
        case .failed(let reason): outcome = fill(tr("failed: %s"), reason)
        case .source(let source): outcome = RowBadge.look(source).name
        }
        var text = fill(tr("Row %s"), String(line.row)) + " · " + DisplayText.isolate(name ?? "") + " · " + stage + " · " + outcome
        if let ended = line.ended { text += " · " + String(Int(((ended - line.queued) * 1000).rounded())) + " ms" }
        return text
    }

    /// Queued (grey), waiting on a dependency (purple), running (blue, or the download's phases:
    /// connect orange, TLS purple, waiting green, receiving blue), on a shared time axis; red
    /// when it failed, faded when cancelled. Shades for the style (ChartPalette).
    private func drawBars(_ index: Int, _ context: DrawContext) {
        guard shown.indices.contains(index) else { return }
        let line = shown[index]
        let start = axisStart
        let span = max(now - start, 0.001)
        func x(_ t: Double) -> Double { (t - start) / span * context.width }
        let end = line.ended ?? now
        let alpha = line.outcome == .cancelled ? 0.35 : 1
        let runStart = line.started ?? end
        let waitEnd = line.dependency ?? runStart
        let palette = ChartPalette.forText(context.foregroundColour)
        context.setColor(palette.queued, alpha)
        context.fillRect(x: x(line.queued), y: 1, width: max(1, x(waitEnd) - x(line.queued)), height: context.height - 2)
        if let dependency = line.dependency {
            context.setColor(palette.dependency, alpha)
            context.fillRect(x: x(dependency), y: 1, width: max(1, x(runStart) - x(dependency)), height: context.height - 2)
        }
        guard line.started != nil else { return }
        if case .failed = line.outcome { context.setColor(palette.failed, alpha) } else { context.setColor(palette.running, alpha) }
        context.fillRect(x: x(runStart), y: 1, width: max(1, x(end) - x(runStart)), height: context.height - 2)
        if let phases = line.phases {
            var t = runStart
            for (ms, colour) in zip(phases, palette.phases) where ms > 0 {
                context.setColor(colour, alpha)
                context.fillRect(x: x(t), y: 1, width: max(1, ms / 1000 / span * context.width), height: context.height - 2)
                t += ms / 1000
            }
        }
    }
}
