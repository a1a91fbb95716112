// Why this exists: the sepia kernel in megapixels per second at 12 MP, RGB and RGBA, one thread and all cores, beside a C reference and memcpy.
import Foundation
import PhotoPipeline
import SepiaReference

public enum KernelBench {
    static let width = 4243, height = 2828 // 12 MP, 3:2

    public static func run(repetitions: Int) -> [Result] {
        var results: [Result] = []
        let pixels = width * height
        for channels in [3, 4] {
            let label = channels == 3 ? "RGB" : "RGBA"
            var generator = SystemRandomNumberGenerator()
            var source = [UInt8](repeating: 0, count: pixels * channels)
            for i in source.indices { source[i] = UInt8.random(in: 0...255, using: &generator) }
            var destination = [UInt8](repeating: 0, count: pixels * channels)
            let coefficients = SepiaKernel.Coefficients(intensity: SepiaKernel.defaultIntensity).a
            func mpix(_ seconds: [Double]) -> [Double] { seconds.map { Double(pixels) / $0 / 1e6 } }

            let swiftSingle: [Double] = source.withUnsafeMutableBufferPointer { src in
                destination.withUnsafeMutableBufferPointer { dst in
                    let input = SepiaKernel.Image(base: src.baseAddress!, width: width, height: height, rowStride: width * channels, channels: channels)
                    let output = SepiaKernel.Image(base: dst.baseAddress!, width: width, height: height, rowStride: width * channels, channels: channels)
                    SepiaKernel.apply(input, into: output, parallel: false) // warm-up
                    let single = timeIt(repetitions) { SepiaKernel.apply(input, into: output, parallel: false) }
                    let all = timeIt(repetitions) { SepiaKernel.apply(input, into: output, parallel: true) }
                    results.append(Result(name: "sepia \(label) 12 MP, all cores", unit: "MPix/s", values: mpix(all)))
                    return single
                }
            }
            let cSingle: [Double] = source.withUnsafeBufferPointer { src in
                destination.withUnsafeMutableBufferPointer { dst in
                    coefficients.withUnsafeBufferPointer { a in
                        sepia_reference(src.baseAddress!, dst.baseAddress!, pixels, Int32(channels), a.baseAddress!)
                        return timeIt(repetitions) { sepia_reference(src.baseAddress!, dst.baseAddress!, pixels, Int32(channels), a.baseAddress!) }
                    }
                }
            }
            let copy: [Double] = source.withUnsafeBufferPointer { src in
                destination.withUnsafeMutableBufferPointer { dst in
                    copy_reference(src.baseAddress!, dst.baseAddress!, pixels * channels)
                    return timeIt(repetitions) { copy_reference(src.baseAddress!, dst.baseAddress!, pixels * channels) }
                }
            }
            let swiftRate = mpix(swiftSingle), cRate = mpix(cSingle), copyRate = mpix(copy)
            results.append(Result(name: "sepia \(label) 12 MP, one thread", unit: "MPix/s", values: swiftRate))
            results.append(Result(name: "C reference \(label), one thread (-O3 -march=native)", unit: "MPix/s", values: cRate))
            results.append(Result(name: "memcpy \(label) buffer", unit: "MPix/s", values: copyRate))
            // Ratios paired run by run, so machine noise hits both sides alike.
            results.append(Result(name: "sepia ÷ C reference, \(label), one thread", unit: "×",
                                  values: zip(swiftRate, cRate).map { $0 / $1 }, target: "≥ 0.9", met: { $0 >= 0.9 }))
            results.append(Result(name: "sepia ÷ memcpy, \(label), one thread", unit: "×",
                                  values: zip(swiftRate, copyRate).map { $0 / $1 }, target: "≥ 0.5", met: { $0 >= 0.5 }))
        }
        return results
    }
}
