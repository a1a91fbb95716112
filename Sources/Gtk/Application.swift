// Why this exists: GtkApplication: the app's identity, `activate` and `open`, actions and accelerators, and keeping the session awake during a slideshow.
import CGtk
import GLibRuntime

@MainActor
public final class Application {
    public let ref: ObjectRef
    var pointer: UnsafeMutablePointer<GtkApplication> { ref.raw.assumingMemoryBound(to: GtkApplication.self) }

    /// `handlesOpen` sets G_APPLICATION_HANDLES_OPEN, so `app FILE-or-URL` arrives as `open`.
    public init(id: String, handlesOpen: Bool = true, nonUnique: Bool = false) {
        var flags = handlesOpen ? G_APPLICATION_HANDLES_OPEN : G_APPLICATION_DEFAULT_FLAGS
        if nonUnique { flags = GApplicationFlags(rawValue: flags.rawValue | G_APPLICATION_NON_UNIQUE.rawValue) }
        ref = ObjectRef(adopting: gtk_application_new(id, flags)!)
    }

    public func onActivate(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "activate", fn) }
    public func onStartup(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "startup", fn) }
    /// Receives the URIs of the files or URLs given on the command line.
    public func onOpen(_ fn: @escaping Signal.Open) { Signal.connectOpen(ref.pointer, fn) }

    /// Runs the main loop until the last window closes; returns the exit status.
    public func run(arguments: [String]) -> Int32 {
        var cArgs = arguments.map { strdup($0) }
        defer { cArgs.forEach { free($0) } }
        return cArgs.withUnsafeMutableBufferPointer { buffer in
            g_application_run(ref.pointer.gApplication, Int32(buffer.count), buffer.baseAddress)
        }
    }

    public func quit() { g_application_quit(ref.pointer.gApplication) }

    /// Keep the session from going idle (screen blanked, screen saver) while `window` shows
    /// something to watch: GTK asks the session manager, or the Inhibit portal. 0 if refused.
    /// Hand the cookie back to `uninhibit`.
    public func inhibitIdle(_ window: Window?, reason: String) -> UInt32 {
        gtk_application_inhibit(pointer, window?.gtkWindow, GTK_APPLICATION_INHIBIT_IDLE, reason)
    }

    public func uninhibit(_ cookie: UInt32) {
        if cookie != 0 { gtk_application_uninhibit(pointer, cookie) }
    }

    /// Add a parameterless app action (`app.NAME`) with optional accelerators.
    public func addAction(_ name: String, accels: [String] = [], _ fn: @escaping Signal.Plain) {
        let action = g_simple_action_new(name, nil)!
        // `activate` is (action, parameter, user_data): the handler takes the (unused) parameter.
        Signal.connectPointer(action, "activate") { _ in fn() }
        add(action, name)
        if !accels.isEmpty { setAccels(for: "app.\(name)", accels) }
    }

    /// Add an app action that takes a string (`app.NAME`, activated with one: a notification's
    /// button carries it, so a freshly started app knows what it was for).
    public func addAction(_ name: String, parameter fn: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        let action = g_simple_action_new(name, type)!
        g_variant_type_free(type)
        Signal.connectPointer(action, "activate") { value in
            guard let value else { return }
            fn(String(cString: g_variant_get_string(OpaquePointer(value), nil)))
        }
        add(action, name)
    }

    /// Add an app action that takes an integer (`app.NAME(3)`), with keys for some of its
    /// values (`accels[3]`: the keys of `app.NAME(3)`).
    public func addAction(_ name: String, integer fn: @escaping @MainActor (Int) -> Void, accels: [Int: [String]] = [:]) {
        let type = g_variant_type_new("i")
        let action = g_simple_action_new(name, type)!
        g_variant_type_free(type)
        Signal.connectPointer(action, "activate") { value in
            guard let value else { return }
            fn(Int(g_variant_get_int32(OpaquePointer(value))))
        }
        add(action, name)
        for (value, keys) in accels { setAccels(for: "app.\(name)(\(value))", keys) }
    }

    /// Add an app action with a string state (`app.NAME`, shown as radio items): `changed` gets
    /// each state asked for; the state becomes it.
    public func addStatefulAction(_ name: String, state: String, _ changed: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        let action = g_simple_action_new_stateful(name, type, g_variant_new_string(state))!
        g_variant_type_free(type)
        // `change-state` is (action, GVariant *value, user_data).
        Signal.connectPointer(action, "change-state") { value in
            guard let value else { return }
            let variant = OpaquePointer(value)
            // The state first: a handler that refuses it (a manifest asked to sort by size) sets
            // it back, and that is what stays.
            g_simple_action_set_state(action, variant)
            changed(String(cString: g_variant_get_string(variant, nil)))
        }
        add(action, name)
    }

    /// GLib lets a second action of the same name replace the first without a word (the export's
    /// Open Folder once took Ctrl+Alt+O's place): a debug build, which every test runs, stops there.
    private func add(_ action: OpaquePointer, _ name: String) {
        assert(g_action_map_lookup_action(ref.pointer.opaque, name) == nil, "app.\(name) is added twice")
        g_action_map_add_action(ref.pointer.opaque, action)
        g_object_unref(action.raw)
    }

    /// Activate an app action that takes a string, as a menu or a notification would.
    public func activateAction(_ name: String, _ value: String) {
        g_action_group_activate_action(OpaquePointer(ref.pointer.raw), name, g_variant_new_string(value))
    }

    /// Ask a stateful action added with `addStatefulAction` for a new state (its handler runs, as from a menu).
    public func changeActionState(_ name: String, _ state: String) {
        g_action_group_change_action_state(OpaquePointer(ref.pointer.raw), name, g_variant_new_string(state))
    }

    /// Add an app action with a boolean state (`app.NAME`, shown as a check item): `changed`
    /// gets each state asked for; the state becomes it.
    public func addToggleAction(_ name: String, state: Bool, _ changed: @escaping @MainActor (Bool) -> Void) {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(state ? 1 : 0))!
        Signal.connectPointer(action, "change-state") { value in
            guard let value else { return }
            let variant = OpaquePointer(value)
            g_simple_action_set_state(action, variant)
            changed(g_variant_get_boolean(variant) != 0)
        }
        add(action, name)
    }

    /// Set a toggle action's state as it is, without asking (its handler does not run).
    public func setActionState(_ name: String, _ state: Bool) {
        guard let action = g_action_map_lookup_action(ref.pointer.opaque, name) else { return }
        g_simple_action_set_state(action, g_variant_new_boolean(state ? 1 : 0))
    }

    /// Set a stateful action's state as it is, without asking (its handler does not run): what
    /// the menu shows when the state changed elsewhere.
    public func setActionState(_ name: String, _ state: String) {
        guard let action = g_action_map_lookup_action(ref.pointer.opaque, name) else { return }
        g_simple_action_set_state(action, g_variant_new_string(state))
    }

    /// Offer an app action or not: a disabled one is greyed in menus and its keys do nothing.
    public func setActionEnabled(_ name: String, _ enabled: Bool) {
        guard let action = g_action_map_lookup_action(ref.pointer.opaque, name) else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    /// The keys of an app action now (`app.NAME`).
    public func accels(for detailedAction: String) -> [String] {
        guard let keys = gtk_application_get_accels_for_action(pointer, detailedAction) else { return [] }
        defer { g_strfreev(keys) }
        var found: [String] = []
        var index = 0
        while let key = keys[index] {
            found.append(String(cString: key))
            index += 1
        }
        return found
    }

    public func setAccels(for detailedAction: String, _ accels: [String]) {
        var cAccels: [UnsafePointer<CChar>?] = accels.map { UnsafePointer(strdup($0)) }
        cAccels.append(nil)
        gtk_application_set_accels_for_action(pointer, detailedAction, &cAccels)
        cAccels.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
    }

}
