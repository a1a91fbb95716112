// Why this exists: GtkFileChooserNative (GTK 4.8 has no GtkFileDialog): pick a manifest, with filters.
import CGtk
import GLibRuntime

@MainActor
public final class FileChooserNative {
    public let ref: ObjectRef
    private var chooser: OpaquePointer { ref.pointer.opaque }

    /// `save`: choose a new file's name (with `suggestedName`) instead of an existing file;
    /// `folder`: choose a folder.
    public init(title: String, parent: ApplicationWindow?, acceptLabel: String, cancelLabel: String, save: Bool = false,
                folder: Bool = false, suggestedName: String? = nil) {
        let action = folder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN
        let dialog = gtk_file_chooser_native_new(title, parent?.gtkWindow, action, acceptLabel, cancelLabel)!
        ref = ObjectRef(adopting: dialog)
        gtk_native_dialog_set_modal(ref.pointer.nativeDialog, 1)
        if let suggestedName { gtk_file_chooser_set_current_name(chooser, suggestedName) }
    }

    /// Add a filter by name with MIME types and glob patterns.
    public func addFilter(name: String, mimeTypes: [String] = [], patterns: [String] = []) {
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, name)
        mimeTypes.forEach { gtk_file_filter_add_mime_type(filter, $0) }
        patterns.forEach { gtk_file_filter_add_pattern(filter, $0) }
        gtk_file_chooser_add_filter(chooser, filter)
        g_object_unref(filter.raw)
    }

    /// The name of the filter the user has chosen, if any (read in the completion: taken as the
    /// user answered, before the dialog went).
    public var selectedFilterName: String? { answered?.filter ?? liveFilterName }

    /// What the dialog showed as the user answered: the filter and each choice.
    private var answered: (filter: String?, choices: [String: String])?
    private var choiceIDs: [String] = []

    private var liveFilterName: String? {
        guard let filter = gtk_file_chooser_get_filter(chooser), let name = gtk_file_filter_get_name(filter) else { return nil }
        return String(cString: name)
    }

    /// A choice shown in the dialog: `options` (id, label) as a list, or a check box when empty.
    public func addChoice(id: String, label: String, options: [(id: String, label: String)] = [], selected: String? = nil) {
        var ids: [UnsafePointer<CChar>?] = options.map { UnsafePointer(strdup($0.id)) } + [nil]
        var labels: [UnsafePointer<CChar>?] = options.map { UnsafePointer(strdup($0.label)) } + [nil]
        defer {
            ids.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
            labels.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
        }
        if options.isEmpty {
            gtk_file_chooser_add_choice(chooser, id, label, nil, nil)
        } else {
            gtk_file_chooser_add_choice(chooser, id, label, &ids, &labels)
        }
        if let selected { gtk_file_chooser_set_choice(chooser, id, selected) }
        choiceIDs.append(id)
    }

    /// The option chosen for a choice ("true" or "false" for a check box), read in the completion.
    public func choice(_ id: String) -> String? {
        answered?.choices[id] ?? liveChoice(id)
    }

    private func liveChoice(_ id: String) -> String? {
        gtk_file_chooser_get_choice(chooser, id).map { String(cString: $0) }
    }

    /// Start in this folder (a local path).
    public func setCurrentFolder(path: String) {
        let file = g_file_new_for_path(path)
        gtk_file_chooser_set_current_folder(chooser, file, nil)
        g_object_unref(file?.raw)
    }

    /// Show the dialog; `completion` gets the chosen file's URI, or nil when cancelled
    /// (Escape gives GTK_RESPONSE_DELETE_EVENT, not CANCEL). The dialog keeps itself alive until
    /// then; the handler is disconnected after the response, which releases it.
    public func show(_ completion: @escaping @MainActor (String?) -> Void) {
        let keepAlive = self
        // The handler's ID, known only once connected (a box, so the closure captures no mutable variable).
        final class HandlerID { var value: Signal.HandlerID = 0 }
        let handler = HandlerID()
        handler.value = Signal.connectInt(ref.pointer, "response") { response in
            var uri: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(keepAlive.chooser) {
                if let cURI = g_file_get_uri(file) { uri = String(cString: cURI); g_free(cURI) }
                g_object_unref(file.raw)
            }
            keepAlive.answered = (keepAlive.liveFilterName,
                                  Dictionary(uniqueKeysWithValues: keepAlive.choiceIDs.compactMap { id in keepAlive.liveChoice(id).map { (id, $0) } }))
            gtk_native_dialog_destroy(keepAlive.ref.pointer.nativeDialog)
            completion(uri)
            Signal.disconnect(keepAlive.ref.pointer, handler.value)
        }
        gtk_native_dialog_show(ref.pointer.nativeDialog)
    }
}
