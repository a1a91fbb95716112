// Why this exists: GdkPixbufLoader as an owned Swift type: fed in chunks on a worker, told the size to decode at as soon as the image declares its own, closed, and asked what it made.
import CGLib
import CGdkPixbuf
import Foundation
import GLibRuntime

/// One decode. Its signals are emitted on the thread that feeds it (a worker), so handlers
/// must not assume the main actor. Closed on deinit if the caller did not close it (a loader
/// finalized open warns).
public final class PixbufLoader {
    public let ref: ObjectRef
    private var pointer: UnsafeMutablePointer<GdkPixbufLoader> { ref.pointer.as(GdkPixbufLoader.self) }
    private var closed = false

    /// A loader that picks its format from the first bytes it is given.
    public init() { ref = ObjectRef(adopting: gdk_pixbuf_loader_new()!) }

    /// A loader for one format (`PixbufFormat.name`): it never picks another, whatever the
    /// bytes say, so what was checked before decoding is what decodes.
    public init(type: String) throws(GLibError) {
        let made = try withGError { gdk_pixbuf_loader_new_with_type(type, $0) }
        guard let made else { throw GLibError(domain: "gdk-pixbuf-error-quark", code: 3, message: "no loader for “\(type)”") }
        ref = ObjectRef(adopting: made)
    }

    deinit { if !closed { gdk_pixbuf_loader_close(pointer, nil) } }

    /// `size-prepared`: the image declared its size; the handler may call `setSize`
    /// (0 × 0 tells the loader not to allocate, and to expect closing).
    public func onSizePrepared(_ handler: @escaping (_ width: Int, _ height: Int) -> Void) {
        Signal.connectIntIntOffMain(pointer, "size-prepared") { width, height in handler(Int(width), Int(height)) }
    }

    /// `area-prepared`: the loader has allocated the pixels.
    public func onAreaPrepared(_ handler: @escaping () -> Void) {
        Signal.connectOffMain(pointer, "area-prepared", handler)
    }

    /// Decode at this size (from `onSizePrepared`), downscaling while decoding where the format can.
    public func setSize(width: Int, height: Int) { gdk_pixbuf_loader_set_size(pointer, Int32(width), Int32(height)) }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(GLibError) {
        _ = try withGError { gdk_pixbuf_loader_write(pointer, bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count), $0) }
    }

    /// Feed `data` in pieces of `chunkSize` bytes (a loader fed a whole animation at once can take
    /// minutes), asking `stop` before each piece (a refusal, a cancel, a deadline); returns
    /// whether every piece was fed. Throws the loader's own error.
    public func feed(_ data: Data, chunkSize: Int, stop: () -> Bool) throws(GLibError) -> Bool {
        var failure: GLibError?
        let fed: Bool = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                if stop() { return false }
                let count = min(chunkSize, raw.count - offset)
                do throws(GLibError) {
                    try write(UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count)]))
                } catch {
                    failure = error
                    return false
                }
                offset += count
            }
            return true
        }
        if let failure { throw failure }
        return fed
    }

    public func write(_ data: Data) throws(GLibError) {
        let failure: GLibError? = data.withUnsafeBytes { raw in
            do throws(GLibError) { try write(raw); return nil } catch { return error }
        }
        if let failure { throw failure }
    }

    /// Finish the decode; throws what the loader found wrong.
    public func close() throws(GLibError) {
        guard !closed else { return }
        closed = true
        _ = try withGError { gdk_pixbuf_loader_close(pointer, $0) }
    }

    /// What it decoded (a reference of the caller's own), once it has.
    public var pixbuf: Pixbuf? { gdk_pixbuf_loader_get_pixbuf(pointer).map(Pixbuf.init(retaining:)) }

    /// The format it recognised: its short name ("png", "jpeg"), its first MIME type and its
    /// description as the loader gives it ("WebP image", in the user's language).
    public var format: (name: String, mimeType: String?, description: String?)? {
        guard let format = gdk_pixbuf_loader_get_format(pointer), let name = takeString(gdk_pixbuf_format_get_name(format)) else { return nil }
        let description = takeString(gdk_pixbuf_format_get_description(format))
        var mimeType: String?
        if let types = gdk_pixbuf_format_get_mime_types(format) {
            mimeType = types[0].map { String(cString: $0) }
            g_strfreev(types)
        }
        return (name, mimeType, description)
    }
}
