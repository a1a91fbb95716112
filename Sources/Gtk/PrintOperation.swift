// Why this exists: GtkPrintOperation, GTK's print dialog and printing (to a printer, or GTK's Print to File as PDF): one page, drawn with cairo from a pixbuf fitted to the page.
import CGtk
import GdkPixbuf
import GLibRuntime

@MainActor
public final class PrintOperation {
    public let ref: ObjectRef
    private var operation: UnsafeMutablePointer<GtkPrintOperation> { ref.pointer.raw.assumingMemoryBound(to: GtkPrintOperation.self) }
    /// Kept while the dialog and the printing run (GTK holds the operation, not this object).
    private var keptWhileRunning: PrintOperation?
    /// `done` was called (GTK may also emit `done` for a run that failed at once).
    private var finished = false

    /// How it ended.
    public enum Outcome: Sendable, Equatable { case printed, cancelled, failed(String) }

    /// One page, named `jobName`; `landscape` turns the page; `suggestedFile` is Print to
    /// File's file (a PDF) unless the user picks another.
    public init(jobName: String, landscape: Bool, suggestedFile: String) {
        ref = ObjectRef(adopting: gtk_print_operation_new()!)
        gtk_print_operation_set_job_name(operation, jobName)
        gtk_print_operation_set_n_pages(operation, 1)
        gtk_print_operation_set_allow_async(operation, 1)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        let setup = gtk_page_setup_new()!
        gtk_page_setup_set_orientation(setup, landscape ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT)
        gtk_print_operation_set_default_page_setup(operation, setup)
        g_object_unref(setup.raw)
        let settings = gtk_print_settings_new()!
        gtk_print_settings_set_orientation(settings, landscape ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT)
        if let uri = g_filename_to_uri(suggestedFile, nil, nil) {
            gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_URI, uri)
            g_free(uri)
        }
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf")
        gtk_print_operation_set_print_settings(operation, settings)
        g_object_unref(settings.raw)
    }

    /// The page drawn: `pixbuf` fitted inside the printable area, centred, its sides kept.
    public func drawing(_ pixbuf: Pixbuf) {
        Signal.connectPointerInt(ref.pointer, "draw-page") { context, _ in
            guard let context = context.map(OpaquePointer.init), let cairo = gtk_print_context_get_cairo_context(context) else { return }
            let pageWidth = gtk_print_context_get_width(context), pageHeight = gtk_print_context_get_height(context)
            let width = Double(pixbuf.width), height = Double(pixbuf.height)
            let scale = min(pageWidth / width, pageHeight / height)
            cairo_save(cairo)
            cairo_translate(cairo, (pageWidth - width * scale) / 2, (pageHeight - height * scale) / 2)
            cairo_scale(cairo, scale, scale)
            gdk_cairo_set_source_pixbuf(cairo, pixbuf.pointer, 0, 0)
            cairo_paint(cairo)
            cairo_restore(cairo)
        }
    }

    /// Show the print dialog over `parent`; `done` says how it ended (after the page was sent).
    public func run(parent: Window, done: @escaping @MainActor (Outcome) -> Void) {
        keptWhileRunning = self
        let finish = { [weak self] (outcome: Outcome) in
            guard let self, !self.finished else { return }
            self.finished = true
            self.keptWhileRunning = nil
            done(outcome)
        }
        Signal.connectInt(ref.pointer, "done") { [weak self] result in
            guard let self else { return }
            finish(self.outcome(GtkPrintOperationResult(rawValue: UInt32(result))))
        }
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent.gtkWindow, &error)
        if result == GTK_PRINT_OPERATION_RESULT_ERROR { finish(.failed(error.map { GLibError(taking: $0).message } ?? "printing failed")) }
    }

    private func outcome(_ result: GtkPrintOperationResult) -> Outcome {
        switch result {
        case GTK_PRINT_OPERATION_RESULT_APPLY: return .printed
        case GTK_PRINT_OPERATION_RESULT_CANCEL: return .cancelled
        default:
            var error: UnsafeMutablePointer<GError>?
            gtk_print_operation_get_error(operation, &error)
            return .failed(error.map { GLibError(taking: $0).message } ?? "printing failed")
        }
    }
}
