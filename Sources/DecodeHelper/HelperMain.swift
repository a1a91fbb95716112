// Why this exists: the decoding helper's life: its seccomp filter on as it starts (each format's loader is loaded when its first photo comes), then one request at a time from the app on its standard input (a socket), each answered with pixels in a sealed memfd or the reason there are none.
import Foundation
import GdkPixbuf
import HelperIPC
import PhotoDecoding

public enum DecodeHelperMain {
    /// Run as a helper until the app closes the socket. Never returns.
    public static func run() -> Never {
        // The app, on the standard input.
        let app = HelperSocket(adopting: 0)
        // Without bubblewrap's namespaces, the app names what may be read: Landlock leaves the
        // helper that and nothing else of the file system, before anything is loaded.
        var landlock: HelperConfinement.Landlock?
        if let readable = ProcessInfo.processInfo.environment[HelperLaunch.readableVariable] {
            landlock = HelperConfinement.applyLandlock(readable: readable.split(separator: "\n").map(String.init))
            if case .failed(let why) = landlock {
                send(HelperCoding.encode(HelperReady(filtered: false, problem: "its Landlock ruleset could not be set: \(why)")), fd: -1, to: app)
                exit(1)
            }
        }
        // Below the app's main thread, as its workers are: decoding never takes a CPU from a frame.
        BackgroundPriority.lowerHelperThread()
        // No loader module is loaded here: GdkPixbuf loads a format's module (and the libraries it
        // needs) when the first photo of that format arrives, which the filter allows (it reads
        // and maps). Loading all of them first (AVIF's and HEIF's encoders and codecs, SVG's
        // Pango and Cairo) took a start from 12 to 37 ms, and a gallery of JPEGs and PNGs (built
        // into GdkPixbuf) needs none (BENCHMARKS.md, issue 58). Unless asked to (`preloadVariable`).
        if ProcessInfo.processInfo.environment[HelperLaunch.preloadVariable] == "1" { loadEveryLoader() }
        let problem = HelperConfinement.applyFilter()
        var ready = HelperReady(filtered: problem == nil, problem: problem)
        if case .on(let abi) = landlock { ready.landlock = abi } else if landlock == .unsupported { ready.landlock = 0 }
        send(HelperCoding.encode(ready), fd: -1, to: app)
        guard problem == nil else { exit(1) }

        let seconds = ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_HELPER_SECONDS"].flatMap { Int($0) } ?? HelperLaunch.defaultProcessorSeconds
        let requests = HelperRequests(processorSeconds: seconds, app: app)
        while true {
            guard case .message(let data, let fd) = app.receive(limit: HelperCoding.messageLimit) else { exit(0) }
            guard let request = HelperCoding.decode(HelperRequest.self, data) else {
                if fd >= 0 { close(fd) }
                continue
            }
            let (reply, pixels) = requests.answer(request, input: fd)
            if fd >= 0 { close(fd) }
            guard let reply else { continue }
            send(HelperCoding.encode(reply), fd: pixels, to: app)
            if pixels >= 0 { close(pixels) }
        }
    }

    /// Every loader module (and the libraries it needs) loaded now. (A loader closed without data
    /// warns that it got none: said to nobody.)
    static func loadEveryLoader() {
        let errors = dup(2)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { dup2(null, 2); close(null) }
        for format in PixbufFormats.all {
            if let loader = try? PixbufLoader(type: format.name) { try? loader.close() }
        }
        if errors >= 0 { dup2(errors, 2); close(errors) }
    }

    /// A message to the app; a socket it closed ends the helper.
    static func send(_ message: Data, fd: Int32, to app: HelperSocket) {
        if !app.send(message, passing: fd) { exit(0) }
    }
}
