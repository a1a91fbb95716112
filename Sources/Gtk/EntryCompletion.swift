// Why this exists: GtkEntryCompletion over a list of strings, offered under an entry as it is typed (Tags completes from the tags the gallery already uses).
import CGtk
import GLibRuntime

@MainActor
public final class EntryCompletion {
    private let completion: ObjectRef
    private let store: ObjectRef

    public init() {
        completion = ObjectRef(adopting: gtk_entry_completion_new()!)
        var types: [GType] = [FundamentalType.string]
        store = ObjectRef(adopting: gtk_list_store_newv(1, &types)!)
        gtk_entry_completion_set_model(completion.pointer.opaque, OpaquePointer(store.raw))
        gtk_entry_completion_set_text_column(completion.pointer.opaque, 0)
        gtk_entry_completion_set_minimum_key_length(completion.pointer.opaque, 1)
    }

    /// What is offered: each string whose start matches what is typed, whatever its case.
    public func setStrings(_ strings: [String]) {
        let list = store.raw.assumingMemoryBound(to: GtkListStore.self)
        gtk_list_store_clear(list)
        for string in strings {
            var iter = GtkTreeIter()
            var column: Int32 = 0
            var value = GValue()
            g_value_init(&value, FundamentalType.string)
            g_value_set_string(&value, string)
            gtk_list_store_insert_with_valuesv(list, &iter, -1, &column, &value, 1)
            g_value_unset(&value)
        }
    }

    /// Offered under `entry` from now on.
    public func attach(to entry: Entry) {
        gtk_entry_set_completion(UnsafeMutablePointer<GtkEntry>(OpaquePointer(entry.ref.raw)), completion.pointer.opaque)
    }
}
