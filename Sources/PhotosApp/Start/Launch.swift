// Why this exists: start-up, in order: options, translations, the trace, the main-loop bridge, then the GtkApplication; the executable only calls it.
import AppLanguage
import Foundation
import GLibIO
import GLibRuntime
import Gtk
import PhotoPipeline
import PhotoTrace

public enum Launch {
    /// Run the app with its command line; returns the exit status.
    @MainActor
    public static func run(_ arguments: [String]) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments)
        } catch let error as CommandLineOptions.UsageError {
            if let message = error.message {
                FileHandle.standardError.write(Data("classic-photos: \(message)\n\n\(CommandLineOptions.usage)\n".utf8))
                return 2
            }
            print(CommandLineOptions.usage)
            return 0
        } catch {
            return 2
        }

        Localization.setUp()
        // Before any worker may reach them (a GLib deadlock otherwise: GIODefaults).
        GIODefaults.makeHere()
        // The app's one trace, handed to whatever reports (there is no process-wide one). The
        // operations inspector reads every event through this observer, from the first one on.
        let trace = Trace()
        trace.observer = TraceObserver()
        // CLASSIC_PHOTOS_TRACE does what --trace does, for launches that cannot add options (a desktop file's Exec line).
        var sessionTrace: SessionTrace?
        if let path = options.tracePath ?? ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_TRACE"] {
            do { try trace.open(path: path) } catch {
                try? FileHandle.standardError.write(contentsOf: Data("classic-photos: cannot write the trace to \(path): \(error)\n".utf8))
                return 2
            }
        } else {
            // Without --trace the session's trace still goes to a private file, removed at exit,
            // so the inspector can export it.
            sessionTrace = SessionTrace.start(in: trace)
        }
        // However the process ends, what was traced reaches the file: a second launch in
        // WindowStateAppTests ended with status 0 before its first frame (twice in about 100
        // loaded runs, once in a fresh one), its trace holding only its first event.
        // (on_exit hands the trace over, kept for the life of the process: no global holds it.)
        on_exit({ _, trace in trace.map { Unmanaged<Trace>.fromOpaque($0).takeUnretainedValue().flush() } },
                Unmanaged.passRetained(trace).toOpaque())
        SessionBusCheck.disableAccessibilityWithoutBus()
        // Before GTK opens the display, which loads GL unless told there is no GPU to find.
        let renderer = RendererChoice.prepare()
        MainLoop.installDispatchBridge()
        let sandbox = DecoderSandbox.start(trace: trace)
        let app = ClassicPhotosApp(options: options, sandbox: sandbox, renderer: renderer, trace: trace)
        let status = app.run(arguments: options.remaining)
        sandbox.stop()
        trace.close()
        sessionTrace?.remove()
        app.services.drags.removeFiles()
        app.services.copies.removeFiles()
        return status
    }
}
