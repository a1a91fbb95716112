// Why this exists: when an app's screen stopped changing, read from Xvfb's own framebuffer file (no screenshot round trip, 50 times a second, the same for any app), and how many thumbnails the settled screen shows (solid picture-sized regions on the view's background), so two apps are timed and counted alike.
import Foundation
import TestAndBenchSupport

struct ScreenWatch {
    /// Xvfb's screen as a file (`-fbdir`): an XWD header, then 32-bit pixels (B, G, R, x).
    let path: String

    struct Frame {
        let width: Int, height: Int, stride: Int
        let pixels: [UInt8]
        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let offset = y * stride + x * 4
            return (Int(pixels[offset + 2]), Int(pixels[offset + 1]), Int(pixels[offset]))
        }
    }

    func frame() -> Frame? {
        guard let data = FileManager.default.contents(atPath: path), data.count > 100 else { return nil }
        func field(_ index: Int) -> Int { data[index * 4..<index * 4 + 4].reduce(0) { $0 << 8 | Int($1) } }
        let headerSize = field(0), width = field(4), height = field(5), bitsPerPixel = field(11), stride = field(12), colours = field(19)
        let start = headerSize + colours * 12
        guard bitsPerPixel == 32, start + stride * height <= data.count else { return nil }
        return Frame(width: width, height: height, stride: stride, pixels: [UInt8](data[start..<start + stride * height]))
    }

    /// Save `region` of `frame` as a PNG (through a PPM and ImageMagick), to look at.
    static func save(_ frame: Frame, region: (x: Int, y: Int, width: Int, height: Int), to path: String) {
        var ppm = Data("P6\n\(region.width) \(region.height)\n255\n".utf8)
        ppm.reserveCapacity(ppm.count + region.width * region.height * 3)
        for y in region.y..<min(frame.height, region.y + region.height) {
            for x in region.x..<min(frame.width, region.x + region.width) {
                let (r, g, b) = frame.rgb(x, y)
                ppm.append(contentsOf: [UInt8(r), UInt8(g), UInt8(b)])
            }
        }
        let temporary = path + ".ppm"
        guard (try? ppm.write(to: URL(fileURLWithPath: temporary))) != nil else { return }
        _ = try? Tool.run("/usr/bin/convert", [temporary, path])
        try? FileManager.default.removeItem(atPath: temporary)
    }

    /// Watch the screen from `launched` (system uptime) until it has not changed for `still`
    /// seconds (or `timeout` passed): the seconds from launch to its last change, and that frame.
    func settle(launched: TimeInterval, still: TimeInterval = 3, timeout: TimeInterval = 90) -> (seconds: Double, frame: Frame)? {
        var previous = frame()?.pixels ?? []
        var lastChange: TimeInterval?
        var last: Frame?
        while true {
            usleep(20_000)
            let now = ProcessInfo.processInfo.systemUptime
            guard let current = frame() else { continue }
            if current.pixels != previous {
                lastChange = now
                previous = current.pixels
            }
            last = current
            if let lastChange, now - lastChange >= still { break }
            if now - launched > timeout { return nil }
        }
        guard let lastChange, let last else { return nil }
        return (lastChange - launched, last)
    }

    /// The thumbnails in `frame` within `region` (x, y, width, height): connected regions that
    /// differ from the region's commonest colour (the view's background), picture-sized
    /// (48–400 px a side) and solid (a thumbnail fills its box; text and icons do not).
    static func thumbnails(in frame: Frame, region: (x: Int, y: Int, width: Int, height: Int)) -> Int {
        let step = 2
        let columns = region.width / step, rows = region.height / step
        var counts: [Int: Int] = [:]
        func key(_ c: (Int, Int, Int)) -> Int { c.0 << 16 | c.1 << 8 | c.2 }
        for row in stride(from: 0, to: rows, by: 4) {
            for column in stride(from: 0, to: columns, by: 4) {
                counts[key(frame.rgb(region.x + column * step, region.y + row * step)), default: 0] += 1
            }
        }
        guard let background = counts.max(by: { $0.value < $1.value })?.key else { return 0 }
        let bg = (background >> 16, background >> 8 & 255, background & 255)
        var mask = [Bool](repeating: false, count: columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let c = frame.rgb(region.x + column * step, region.y + row * step)
                mask[row * columns + column] = abs(c.0 - bg.0) + abs(c.1 - bg.1) + abs(c.2 - bg.2) > 24
            }
        }
        var seen = [Bool](repeating: false, count: mask.count)
        var found = 0
        for start in 0..<mask.count where mask[start] && !seen[start] {
            var stack = [start], area = 0
            var minX = Int.max, maxX = 0, minY = Int.max, maxY = 0
            seen[start] = true
            while let index = stack.popLast() {
                area += 1
                let x = index % columns, y = index / columns
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let nx = x + dx, ny = y + dy
                    guard nx >= 0, ny >= 0, nx < columns, ny < rows else { continue }
                    let next = ny * columns + nx
                    if mask[next], !seen[next] { seen[next] = true; stack.append(next) }
                }
            }
            let width = (maxX - minX + 1) * step, height = (maxY - minY + 1) * step
            let solid = Double(area) / Double((maxX - minX + 1) * (maxY - minY + 1))
            if (48...400).contains(width), (48...400).contains(height), solid >= 0.8 { found += 1 }
        }
        return found
    }
}
