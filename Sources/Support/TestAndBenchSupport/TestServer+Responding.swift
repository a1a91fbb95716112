// Why this exists: how the test server answers one request as its plan says: at once, late, trickled, cut short or never, keeping the request alive while its timers refer to it.
import CGLib
import CSoup
import Foundation

extension TestServer {
    /// One request, kept alive (a reference) while timers still refer to it, and told when
    /// libsoup is done with it (the client went away, or the response was sent).
    final class Exchange {
        let message: OpaquePointer
        var finished = false
        /// Run (on the server's thread) when libsoup is done with the request.
        var onFinished: (() -> Void)?
        init(_ message: OpaquePointer) {
            self.message = message
            g_object_ref(message.raw)
            let box = Unmanaged.passRetained(self).toOpaque()
            let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
                let exchange = Unmanaged<Exchange>.fromOpaque(data!).takeUnretainedValue()
                exchange.finished = true
                exchange.onFinished?()
                exchange.onFinished = nil
            }
            g_signal_connect_data(message.raw, "finished", unsafeBitCast(thunk, to: GCallback.self), box,
                                  { data, _ in Unmanaged<Exchange>.fromOpaque(data!).release() }, GConnectFlags(rawValue: 0))
        }
        /// Drop the reference once no timer needs it.
        func release() { g_object_unref(message.raw) }
    }

    func respond(_ exchange: Exchange, _ plan: ServerPlan) {
        let message = exchange.message
        soup_server_message_set_status(message, plan.status, nil)
        let headers = soup_server_message_get_response_headers(message)
        soup_message_headers_replace(headers, "Content-Type", plan.contentType)
        for (name, value) in plan.headers { soup_message_headers_replace(headers, name, value) }
        let body = soup_server_message_get_response_body(message)
        switch plan.mode {
        case .normal:
            append(body, plan.body)
            soup_message_body_complete(body)
            exchange.release()
        case .truncate:
            soup_message_headers_set_content_length(headers, goffset(plan.body.count))
            append(body, plan.body.prefix(plan.body.count / 2))
            // Once the half has gone out, drop the connection: shut down, not closed, so that
            // the descriptor libsoup still watches is not reused by the next connection.
            later(100) {
                if !exchange.finished, let socket = soup_server_message_get_socket(message) { g_socket_shutdown(socket, 1, 1, nil) }
                exchange.release()
            }
        case .hangUp:
            // The socket is taken now: once the answer is sent, the message lets go of it.
            let socket = soup_server_message_get_socket(message)
            if let socket { g_object_ref(socket) }
            exchange.onFinished = {
                guard let socket else { return }
                // Shut down, not closed: libsoup reads the end as a client that went away.
                g_socket_shutdown(socket, 1, 1, nil)
                g_object_unref(socket)
            }
            append(body, plan.body)
            soup_message_body_complete(body)
            exchange.release()
        case .stall:
            soup_message_headers_set_content_length(headers, goffset(max(plan.body.count, 1024)))
            append(body, plan.body.prefix(256))
            exchange.release()
        case .trickle(let interval):
            soup_message_headers_set_content_length(headers, goffset(plan.body.count))
            trickle(exchange, body: body, remaining: plan.body, interval: interval)
        }
    }

    func trickle(_ exchange: Exchange, body: UnsafeMutablePointer<SoupMessageBody>?, remaining: Data, interval: UInt32) {
        guard !exchange.finished else { exchange.release(); return }
        guard !remaining.isEmpty else { soup_message_body_complete(body); exchange.release(); return }
        append(body, remaining.prefix(1))
        soup_server_message_unpause(exchange.message)
        later(interval) { [self] in trickle(exchange, body: body, remaining: remaining.dropFirst(), interval: interval) }
    }

    func append(_ body: UnsafeMutablePointer<SoupMessageBody>?, _ data: Data) {
        guard !data.isEmpty else { return }
        data.withUnsafeBytes { soup_message_body_append(body, SOUP_MEMORY_COPY, $0.baseAddress, gsize($0.count)) }
    }

    /// A one-shot timer on the server's own context.
    func later(_ ms: UInt32, _ work: @escaping () -> Void) {
        let source = g_timeout_source_new(ms)
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        g_source_set_callback(source, { data in
            Unmanaged<WorkBox>.fromOpaque(data!).takeUnretainedValue().work()
            return 0
        }, box, { data in Unmanaged<WorkBox>.fromOpaque(data!).release() })
        g_source_attach(source, context)
        g_source_unref(source)
    }
}

private final class WorkBox {
    let work: () -> Void
    init(_ work: @escaping () -> Void) { self.work = work }
}
