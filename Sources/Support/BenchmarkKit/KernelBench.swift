// Why this exists: the sepia kernel as the app ships it, in megapixels per second at 12 MP, RGB and RGBA, one thread and all cores, beside the C reference built for this CPU and portably, and memcpy.
import Foundation
import PhotoPipeline
import SepiaReference
import SepiaReferencePortable

public enum KernelBench {
    static let width = 4243, height = 2828 // 12 MP, 3:2

    /// One contender: a name and a run over the whole buffer.
    private struct Contender {
        let name: String
        let run: () -> Void
    }

    public static func run(repetitions: Int) -> [Result] {
        var results: [Result] = []
        let pixels = width * height
        let shipped = SepiaKernel.fastest
        for channels in [3, 4] {
            let label = channels == 3 ? "RGB" : "RGBA"
            var generator = SystemRandomNumberGenerator()
            let source = UnsafeMutablePointer<UInt8>.allocate(capacity: pixels * channels)
            let destination = UnsafeMutablePointer<UInt8>.allocate(capacity: pixels * channels)
            defer { source.deallocate(); destination.deallocate() }
            for i in 0..<(pixels * channels) { source[i] = UInt8.random(in: 0...255, using: &generator) }
            destination.initialize(repeating: 0, count: pixels * channels)
            let coefficients = SepiaKernel.Coefficients(intensity: SepiaKernel.defaultIntensity).a
            let a = UnsafeMutablePointer<Float>.allocate(capacity: 9)
            defer { a.deallocate() }
            for i in 0..<9 { a[i] = coefficients[i] }
            let input = SepiaKernel.Image(base: source, width: width, height: height, rowStride: width * channels, channels: channels)
            let output = SepiaKernel.Image(base: destination, width: width, height: height, rowStride: width * channels, channels: channels)
            func swift(_ path: SepiaKernel.Path, parallel: Bool) -> () -> Void {
                { SepiaKernel.apply(input, into: output, path: path, parallel: parallel) }
            }

            // The app's path first; then each path this CPU runs, the C reference both ways, memcpy.
            var contenders = [Contender(name: "shipped", run: swift(shipped, parallel: false)),
                              Contender(name: "shipped, all cores", run: swift(shipped, parallel: true))]
            for path in SepiaKernel.Path.allCases where path.isSupported {
                contenders.append(Contender(name: path.rawValue, run: swift(path, parallel: false)))
            }
            contenders += [
                Contender(name: "C native", run: { sepia_reference(source, destination, pixels, Int32(channels), a) }),
                Contender(name: "C portable", run: { sepia_reference_portable(source, destination, pixels, Int32(channels), a) }),
                Contender(name: "memcpy", run: { copy_reference(source, destination, pixels * channels) }),
            ]
            // Interleaved, one round of every contender per repetition, so noise on this shared
            // machine hits all of them alike and the ratios pair runs made side by side.
            var seconds: [String: [Double]] = [:]
            for contender in contenders { contender.run() } // warm-up
            for _ in 0..<repetitions {
                for contender in contenders { seconds[contender.name, default: []] += timeIt(1, contender.run) }
            }
            func rate(_ name: String) -> [Double] { (seconds[name] ?? []).map { Double(pixels) / $0 / 1e6 } }
            func ratio(_ a: String, _ b: String) -> [Double] { zip(rate(a), rate(b)).map { $0 / $1 } }

            results.append(Result(name: "sepia \(label) 12 MP, one thread, as shipped (\(shipped.rawValue))", unit: "MPix/s", values: rate("shipped")))
            results.append(Result(name: "sepia \(label) 12 MP, all cores, as shipped", unit: "MPix/s", values: rate("shipped, all cores")))
            for path in SepiaKernel.Path.allCases where path.isSupported {
                results.append(Result(name: "sepia \(label), one thread, \(path.rawValue) code", unit: "MPix/s", values: rate(path.rawValue)))
            }
            results.append(Result(name: "C reference \(label), one thread (-O3 -march=native)", unit: "MPix/s", values: rate("C native")))
            results.append(Result(name: "C reference \(label), one thread (-O3, portable)", unit: "MPix/s", values: rate("C portable")))
            results.append(Result(name: "memcpy \(label) buffer", unit: "MPix/s", values: rate("memcpy")))
            results.append(Result(name: "shipped sepia ÷ C reference (-march=native), \(label), one thread", unit: "×",
                                  values: ratio("shipped", "C native"), target: "≥ 1.0", met: { $0 >= 1.0 }))
            results.append(Result(name: "shipped sepia ÷ C reference (portable), \(label), one thread", unit: "×",
                                  values: ratio("shipped", "C portable")))
            results.append(Result(name: "shipped sepia ÷ memcpy, \(label), one thread", unit: "×",
                                  values: ratio("shipped", "memcpy"), target: "≥ 0.5", met: { $0 >= 0.5 }))
        }
        return results
    }
}
