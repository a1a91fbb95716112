// Why this exists: one queue in the operations inspector: its width (changed live), a mark while it is suspended, its counts, and a chart of running and queued operations over the last 30 s.
import AppLanguage
import Foundation
import Gtk
import PhotoPipeline
import PhotoTrace

@MainActor
package final class InspectorQueueView {
    package let stage: Stage
    package let container = Box(.vertical, spacing: 4)
    private let title: Label
    private let suspendedMark = Label()
    package let width = SpinButton(min: 1, max: 32)
    private var counts: [Label] = []
    private var shownCounts: [String] = []
    private let chart = DrawingArea(height: 36)
    /// (time, running, waiting), oldest first, the last 30 s.
    private var history: [(t: Double, running: Int, waiting: Int)] = []
    private var now = 0.0
    private var widthShown = 0
    /// The user changed the width (not the trace telling it).
    package var onWidthChanged: ((Stage, Int) -> Void)?

    package static let historySeconds = 30.0

    package init(stage: Stage) {
        self.stage = stage
        title = Label(Self.name(stage))
        title.setXAlign(0)
        title.addCSSClass("heading")
        suspendedMark.text = tr("Suspended")
        suspendedMark.addCSSClass("warning")
        suspendedMark.setAccessible(label: fill(tr("%s suspended"), Self.name(stage)))
        suspendedMark.visible = false
        let header = Box(.horizontal, spacing: 8)
        title.setExpand(horizontal: true)
        header.append(title)
        header.append(suspendedMark)
        container.append(header)

        let widthRow = Box(.horizontal, spacing: 8)
        let widthLabel = Label(mnemonic: Self.widthMnemonic(stage), for: width)
        widthLabel.setXAlign(0)
        widthLabel.setExpand(horizontal: true)
        widthRow.append(widthLabel)
        widthRow.append(width)
        width.setAccessible(label: fill(tr("%s width"), Self.name(stage)))
        width.onValueChanged { [weak self] in
            guard let self, Int(self.width.value) != self.widthShown else { return }
            self.widthShown = Int(self.width.value)
            self.onWidthChanged?(self.stage, self.widthShown)
        }
        container.append(widthRow)

        let countRow = Box(.horizontal, spacing: 10)
        for _ in 0..<5 {
            let label = Label()
            label.addCSSClass("caption")
            countRow.append(label)
            counts.append(label)
            shownCounts.append("")
        }
        container.append(countRow)
        chart.setAccessible(label: fill(tr("%s: running and queued operations, last 30 seconds"), Self.name(stage)))
        chart.onDraw { [weak self] context in self?.draw(context) }
        container.append(chart)
    }

    package static func name(_ stage: Stage) -> String {
        switch stage {
        case .download: return tr("Download queue")
        case .filtration: return tr("Filtration queue")
        case .viewer: return tr("Viewer queue")
        case .export: return tr("Export queue")
        }
    }

    package static func widthMnemonic(_ stage: Stage) -> String {
        switch stage {
        case .download: return tr("_Downloads at once")
        case .filtration: return tr("_Filters at once")
        case .viewer: return tr("_Viewer loads at once")
        case .export: return tr("_Exports at once")
        }
    }

    /// Show the queue's counts at time `t` (seconds since launch).
    package func update(_ queue: QueueCounts, at t: Double) {
        if queue.width > 0, queue.width != widthShown {
            widthShown = queue.width
            width.value = Double(queue.width)
        }
        suspendedMark.visible = queue.suspended
        let texts = [
            fill(tr("%s running"), String(queue.running)), fill(tr("%s queued"), String(queue.waiting)),
            fill(tr("%s finished"), String(queue.finished)), fill(tr("%s cancelled"), String(queue.cancelled)),
            fill(tr("%s failed"), String(queue.failed)),
        ]
        for (index, text) in texts.enumerated() where shownCounts[index] != text {
            shownCounts[index] = text
            counts[index].text = text
            counts[index].setAccessible(label: Self.name(stage) + ": " + text)
        }
        now = t
        if history.last.map({ $0.running != queue.running || $0.waiting != queue.waiting }) ?? true {
            history.append((t, queue.running, queue.waiting))
        }
        while history.count > 2, history[1].t < t - Self.historySeconds { history.removeFirst() }
        chart.queueDraw()
    }

    /// Running operations filled, queued ones as a line, as steps over the last 30 s.
    private func draw(_ context: DrawContext) {
        guard !history.isEmpty else { return }
        let start = now - Self.historySeconds
        let top = Double(max(widthShown, history.map { max($0.running, $0.waiting) }.max() ?? 1, 1))
        func x(_ t: Double) -> Double { max(0, (t - start) / Self.historySeconds * context.width) }
        func y(_ value: Int) -> Double { context.height - Double(value) / top * (context.height - 2) }
        func steps(_ value: (Int, Int) -> Int) -> [(Double, Double)] {
            var points: [(Double, Double)] = []
            for (index, sample) in history.enumerated() {
                let end = index + 1 < history.count ? history[index + 1].t : now
                let v = value(sample.running, sample.waiting)
                points.append((x(sample.t), y(v)))
                points.append((x(end), y(v)))
            }
            return points
        }
        let palette = ChartPalette.forText(context.foregroundColour)
        context.setColor(0.5, 0.5, 0.5, 0.12)
        context.fillRect(x: 0, y: 0, width: context.width, height: context.height)
        context.setColor(palette.running, 0.75)
        context.fillArea(steps { running, _ in running }, baseline: context.height)
        context.setColor(palette.waitingLine)
        context.strokeLine(steps { _, waiting in waiting }, lineWidth: 1.5)
    }
}
