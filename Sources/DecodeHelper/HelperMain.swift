// Why this exists: the decoding helper's life: its loaders loaded while it may still open them, then its seccomp filter on, then one request at a time from the app on its standard input (a socket), each answered with pixels in a sealed memfd or the reason there are none.
import CHelperIPC
import CSeccomp
import Foundation
import GdkPixbuf
import PhotoPipeline

public enum DecodeHelperMain {
    /// Run as a helper until the app closes the socket. Never returns.
    public static func run() -> Never {
        // Load every loader module (and the libraries it needs) now: once filtered, a loader
        // could still open one (reading is allowed), but loading them all up front means the
        // first photo of each format costs no more than the next.
        // (A loader closed without data warns that it got none: said to nobody.)
        let errors = dup(2)
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { dup2(null, 2); close(null) }
        for format in PixbufFormats.all {
            if let loader = try? PixbufLoader(type: format.name) { try? loader.close() }
        }
        if errors >= 0 { dup2(errors, 2); close(errors) }
        let status = cps_apply_filter()
        var ready = HelperReady(filtered: status == 0)
        if status != 0 { ready.problem = String(cString: strerror(-status)) }
        send(HelperCoding.encode(ready), fd: -1)
        guard status == 0 else { exit(1) }

        let seconds = ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_HELPER_SECONDS"].flatMap { Int($0) } ?? HelperLaunch.defaultProcessorSeconds
        let requests = HelperRequests(processorSeconds: seconds)
        var buffer = [UInt8](repeating: 0, count: HelperCoding.messageLimit)
        while true {
            var fd: Int32 = -1
            let got = buffer.withUnsafeMutableBytes { cph_receive(0, $0.baseAddress, $0.count, &fd, -1, -1) }
            guard got > 0 else { exit(0) }
            guard let request = HelperCoding.decode(HelperRequest.self, Data(buffer[0..<got])) else {
                if fd >= 0 { close(fd) }
                continue
            }
            let (reply, pixels) = requests.answer(request, input: fd)
            if fd >= 0 { close(fd) }
            guard let reply else { continue }
            send(HelperCoding.encode(reply), fd: pixels)
            if pixels >= 0 { close(pixels) }
        }
    }

    static func send(_ message: Data, fd: Int32) {
        let sent = message.withUnsafeBytes { cph_send(0, $0.baseAddress, $0.count, fd) }
        if sent != 0 { exit(0) }
    }
}
