// Why this exists: the sepia kernel against golden values and an independent double-precision reference, within ±1, for RGB, RGBA, gray and gray+alpha.
import Foundation
import XCTest
@testable import PhotoPipeline

final class SepiaKernelTests: XCTestCase {
    /// The reference, written from the definition: out = mix(in, S·in, k), in doubles, rounded half up.
    static func reference(_ rgb: (Double, Double, Double), intensity k: Double) -> [Int] {
        let s: [[Double]] = [[0.3588, 0.7044, 0.1368], [0.2990, 0.5870, 0.1140], [0.2392, 0.4696, 0.0912]]
        let input = [rgb.0, rgb.1, rgb.2]
        return (0..<3).map { c in
            let toned = s[c][0] * input[0] + s[c][1] * input[1] + s[c][2] * input[2]
            let mixed = (1 - k) * input[c] + k * toned
            return Int((min(max(mixed, 0), 255) + 0.5).rounded(.down))
        }
    }

    func run(_ pixels: [UInt8], width: Int, height: Int, channels: Int, intensity: Float = 0.8, parallel: Bool = true,
             path: SepiaKernel.Path = SepiaKernel.fastest) -> [UInt8] {
        var source = pixels
        let outChannels = (channels == 2 || channels == 4) ? 4 : 3
        var output = [UInt8](repeating: 0, count: width * height * outChannels)
        _ = source.withUnsafeMutableBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                SepiaKernel.apply(.init(base: src.baseAddress!, width: width, height: height, rowStride: width * channels, channels: channels),
                                  into: .init(base: dst.baseAddress!, width: width, height: height, rowStride: width * outChannels, channels: outChannels),
                                  intensity: intensity, path: path, parallel: parallel)
            }
        }
        return output
    }

    func testGoldenValues() {
        // Worked by hand from the matrix at intensity 0.8 (see SepiaKernel.swift).
        let cases: [([UInt8], [UInt8])] = [
            ([255, 255, 255], [255, 255, 214]),
            ([128, 128, 128], [148, 128, 108]),
            ([255, 0, 0], [124, 61, 49]),
            ([0, 0, 0], [0, 0, 0]),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(run(input, width: 1, height: 1, channels: 3), expected, "\(input)")
        }
        XCTAssertEqual(run([10, 200, 30], width: 1, height: 1, channels: 3, intensity: 0), [10, 200, 30], "intensity 0 is the identity")
    }

    func testMatchesReferenceWithinOneForEveryLayout() {
        var generator = SystemRandomNumberGenerator()
        for channels in [1, 2, 3, 4] {
            for (width, height) in [(37, 23), (1031, 300)] { // odd widths hit the scalar tail; large ones run in parallel
                let pixels = (0..<(width * height * channels)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                for intensity in [Float(0.8), 0.35] {
                    let out = run(pixels, width: width, height: height, channels: channels, intensity: intensity)
                    let outChannels = (channels == 2 || channels == 4) ? 4 : 3
                    var worst = 0
                    for i in 0..<(width * height) {
                        let p = i * channels
                        let rgb: (Double, Double, Double) = channels <= 2
                            ? (Double(pixels[p]), Double(pixels[p]), Double(pixels[p]))
                            : (Double(pixels[p]), Double(pixels[p + 1]), Double(pixels[p + 2]))
                        let expected = Self.reference(rgb, intensity: Double(intensity))
                        for c in 0..<3 { worst = max(worst, abs(Int(out[i * outChannels + c]) - expected[c])) }
                        if outChannels == 4 {
                            let alpha = (channels == 2 || channels == 4) ? pixels[p + channels - 1] : 255
                            XCTAssertEqual(out[i * outChannels + 3], alpha, "alpha kept")
                            if out[i * outChannels + 3] != alpha { return }
                        }
                    }
                    XCTAssertLessThanOrEqual(worst, 1, "channels \(channels), \(width)×\(height), k \(intensity)")
                }
            }
        }
    }

    /// RGB and RGBA rows are read and written as 32-bit words: rows that start at odd
    /// addresses (padded strides, as GdkPixbuf allows) must give the same pixels.
    func testPaddedRowsAtOddAddressesGiveTheSamePixels() {
        for channels in [3, 4] {
            let width = 29, height = 7, stride = width * channels + 1
            let packed = (0..<(width * height * channels)).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 9) }
            var padded = [UInt8](repeating: 0xAA, count: stride * height + 1)
            for y in 0..<height {
                for x in 0..<(width * channels) { padded[1 + y * stride + x] = packed[y * width * channels + x] }
            }
            var output = [UInt8](repeating: 0xEE, count: stride * height + 1)
            _ = padded.withUnsafeMutableBufferPointer { src in
                output.withUnsafeMutableBufferPointer { dst in
                    SepiaKernel.apply(.init(base: src.baseAddress! + 1, width: width, height: height, rowStride: stride, channels: channels),
                                      into: .init(base: dst.baseAddress! + 1, width: width, height: height, rowStride: stride, channels: channels))
                }
            }
            let expected = run(packed, width: width, height: height, channels: channels)
            for y in 0..<height {
                XCTAssertEqual(Array(output[(1 + y * stride)..<(1 + y * stride + width * channels)]),
                               Array(expected[(y * width * channels)..<((y + 1) * width * channels)]), "channels \(channels), row \(y)")
                XCTAssertEqual(output[1 + y * stride + width * channels], 0xEE, "the padding after row \(y) is left alone")
            }
        }
    }

    func testParallelAndSerialAgree() {
        let width = 1100, height = 500
        let pixels = (0..<(width * height * 3)).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) }
        XCTAssertEqual(run(pixels, width: width, height: height, channels: 3, parallel: true),
                       run(pixels, width: width, height: height, channels: 3, parallel: false))
    }

    /// The kernel is compiled three times (baseline x86-64, x86-64-v3, x86-64-v4) and chosen at run time:
    /// every path this CPU can run gives the very same bytes, for every layout, odd widths
    /// (the scalar tails) and every input byte value.
    func testEveryPathThisMachineRunsGivesIdenticalBytes() {
        let runnable = SepiaKernel.Path.allCases.filter(\.isSupported)
        XCTAssertTrue(runnable.contains(.baseline))
        var generator = SystemRandomNumberGenerator()
        for channels in [1, 2, 3, 4] {
            for (width, height) in [(1, 1), (3, 5), (67, 9), (1031, 300)] {
                var pixels = (0..<(width * height * channels)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                for i in 0..<min(pixels.count, 256) { pixels[i] = UInt8(i) } // every byte value, in every channel position
                for intensity in [Float(0.8), 0.35, 1] {
                    var outputs: [SepiaKernel.Path: [UInt8]] = [:]
                    for path in runnable {
                        outputs[path] = run(pixels, width: width, height: height, channels: channels, intensity: intensity, path: path)
                    }
                    for path in runnable where path != .baseline {
                        XCTAssertTrue(outputs[path] == outputs[.baseline],
                                      "\(path.rawValue) differs from the baseline: channels \(channels), \(width)×\(height), k \(intensity)")
                    }
                }
            }
        }
    }

    /// The run-time choice agrees with the kernel's own view of the CPU (/proc/cpuinfo): a
    /// machine with AVX-512 gets the x86-64-v4 code, one with AVX2 and friends the x86-64-v3
    /// code, any other the baseline.
    func testTheFastestPathTheCPUCanRunIsChosen() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        guard let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else {
            throw XCTSkip("no flags line in /proc/cpuinfo")
        }
        let flags = Set(line.split(separator: " ").map(String.init))
        let v3 = ["avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"].allSatisfy(flags.contains)
        let v4 = v3 && ["avx512f", "avx512dq", "avx512cd", "avx512bw", "avx512vl"].allSatisfy(flags.contains)
        XCTAssertEqual(SepiaKernel.Path.x86_64_v3.isSupported, v3, "cpuid and /proc/cpuinfo disagree about x86-64-v3")
        XCTAssertEqual(SepiaKernel.Path.x86_64_v4.isSupported, v4, "cpuid and /proc/cpuinfo disagree about x86-64-v4")
        XCTAssertEqual(SepiaKernel.fastest, v4 ? .x86_64_v4 : v3 ? .x86_64_v3 : .baseline)
        XCTAssertEqual(SepiaFilter(intensity: 0.8).kernel, SepiaKernel.fastest, "the app runs the fastest path")
    }

    func testCancellationStopsBetweenStripes() {
        let width = 2000, height = 2000
        var pixels = [UInt8](repeating: 128, count: width * height * 3)
        var output = [UInt8](repeating: 0, count: width * height * 3)
        let finished = pixels.withUnsafeMutableBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                SepiaKernel.apply(.init(base: src.baseAddress!, width: width, height: height, rowStride: width * 3, channels: 3),
                                  into: .init(base: dst.baseAddress!, width: width, height: height, rowStride: width * 3, channels: 3),
                                  isCancelled: { true })
            }
        }
        XCTAssertFalse(finished)
        XCTAssertTrue(output.allSatisfy { $0 == 0 }, "a run cancelled before its first stripe writes nothing")
    }
}
