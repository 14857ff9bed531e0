import CEarshot
import CGLib
import CSoup
import EarshotGLib
import Foundation

/// The `SoupServer` itself; lives and dies on the fixture server's thread.
final class ServerHandle {
    private let server: UnsafeMutablePointer<SoupServer>
    private let state: RouteTable

    init(state: RouteTable) {
        self.state = state
        server = earshot_soup_server_new("earshot-fixture")!
        soup_server_add_handler(server, nil, { _, message, path, _, data in
            let handle = Unmanaged<ServerHandle>.fromOpaque(data!).takeUnretainedValue()
            handle.handle(message!, path: path.map { String(cString: $0) } ?? "/")
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Listens on 127.0.0.1 and returns the port, or nil with `error` set.
    func listen(error message: inout String?) -> UInt32? {
        var error: UnsafeMutablePointer<GError>?
        let address = g_inet_socket_address_new_from_string("127.0.0.1", 0)
        defer { g_object_unref(UnsafeMutableRawPointer(address)) }
        guard soup_server_listen(server, address, SoupServerListenOptions(rawValue: 0), &error) != 0 else {
            message = GLibError(taking: error)?.message
            return nil
        }
        let uris = soup_server_get_uris(server)
        defer { g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) } }
        guard let first = uris?.pointee.data else { return nil }
        return UInt32(g_uri_get_port(OpaquePointer(first)))
    }

    func close() {
        soup_server_disconnect(server)
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// The port the client's connection comes from (0 when unknown).
    private func clientPort(of message: OpaquePointer) -> UInt16 {
        guard let address = soup_server_message_get_remote_address(message) else { return 0 }
        return g_inet_socket_address_get_port(UnsafeMutableRawPointer(address).assumingMemoryBound(to: GInetSocketAddress.self))
    }

    private func handle(_ message: OpaquePointer, path: String) {
        let request = FixtureRequest(
            method: String(cString: soup_server_message_get_method(message)),
            path: path,
            query: g_uri_get_query(soup_server_message_get_uri(message)).map { String(cString: $0) },
            headers: headers(soup_server_message_get_request_headers(message)),
            clientPort: clientPort(of: message))
        let responseHeaders = soup_server_message_get_response_headers(message)
        switch state.respond(to: request) {
        case .status(let code):
            soup_server_message_set_status(message, UInt32(code), nil)
        case .body(let bytes, let contentType, let extra):
            soup_server_message_set_status(message, 200, nil)
            for (name, value) in extra { soup_message_headers_replace(responseHeaders, name, value) }
            bytes.withUnsafeBytes {
                soup_server_message_set_response(message, contentType, SOUP_MEMORY_COPY, $0.baseAddress, gsize($0.count))
            }
        case .shared(let body, let contentType):
            respond(message, with: body, contentType: contentType)
        case .ranged(let body, let contentType, let extra, let honoursRange):
            let requestHeaders = soup_server_message_get_request_headers(message)
            let ifRange = request.headers["if-range"]
            if !honoursRange || (ifRange != nil && ifRange != extra["ETag"] && ifRange != extra["Last-Modified"]) {
                // libsoup answers Range requests on a complete 200 by itself; without the header it cannot.
                soup_message_headers_remove(requestHeaders, "Range")
            }
            for (name, value) in extra { soup_message_headers_replace(responseHeaders, name, value) }
            respond(message, with: body, contentType: contentType)
        case .paced(let bytes, let contentType, let bytesPerTick, let interval, let extra):
            for (name, value) in extra { soup_message_headers_replace(responseHeaders, name, value) }
            PacedBody.start(message, body: bytes, contentType: contentType, bytesPerTick: bytesPerTick,
                            intervalMilliseconds: interval)
        case .raw(let bytes):
            let stream = soup_server_message_steal_connection(message)
            var written: gsize = 0
            bytes.withUnsafeBytes {
                _ = g_output_stream_write_all(g_io_stream_get_output_stream(stream), $0.baseAddress, gsize($0.count),
                                              &written, nil, nil)
            }
            g_io_stream_close(stream, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(stream))
        case .gzip(let bytes, let contentType):
            soup_server_message_set_status(message, 200, nil)
            soup_message_headers_replace(responseHeaders, "Content-Encoding", "gzip")
            let compressed = Gzip.compress(bytes)
            compressed.withUnsafeBytes {
                soup_server_message_set_response(message, contentType, SOUP_MEMORY_COPY, $0.baseAddress, gsize($0.count))
            }
        case .redirect(let status, let location):
            soup_server_message_set_redirect(message, UInt32(status), location)
        case .neverAnswer:
            soup_server_message_pause(message)
        case .endless(let chunk, let contentType, let limit):
            EndlessBody.start(message, chunk: chunk, contentType: contentType, limit: limit)
        }
    }

    private func respond(_ message: OpaquePointer, with body: SharedBody, contentType: String) {
        let responseHeaders = soup_server_message_get_response_headers(message)
        soup_server_message_set_status(message, 200, nil)
        soup_message_headers_set_content_type(responseHeaders, contentType, nil)
        let responseBody = soup_server_message_get_response_body(message)
        soup_message_body_append_bytes(responseBody, body.bytes)
        soup_message_body_complete(responseBody)
    }

    private func headers(_ raw: OpaquePointer?) -> [String: String] {
        var result: [String: String] = [:]
        var iter = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iter, raw)
        var name: UnsafePointer<CChar>?
        var value: UnsafePointer<CChar>?
        while soup_message_headers_iter_next(&iter, &name, &value) != 0 {
            if let name, let value { result[String(cString: name).lowercased()] = String(cString: value) }
        }
        return result
    }
}

/// A chunked response that appends one more chunk each time the previous one was written.
private final class EndlessBody {
    let chunk: [UInt8]
    let limit: Int
    var sent = 0

    private init(chunk: [UInt8], limit: Int) {
        self.chunk = chunk
        self.limit = limit
    }

    static func start(_ message: OpaquePointer, chunk: [UInt8], contentType: String, limit: Int) {
        let body = EndlessBody(chunk: chunk, limit: limit)
        soup_server_message_set_status(message, 200, nil)
        let headers = soup_server_message_get_response_headers(message)
        soup_message_headers_set_encoding(headers, SOUP_ENCODING_CHUNKED)
        soup_message_headers_set_content_type(headers, contentType, nil)
        let callback: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { message, data in
            Unmanaged<EndlessBody>.fromOpaque(data!).takeUnretainedValue().appendNext(message!)
        }
        g_signal_connect_data(UnsafeMutableRawPointer(message), "wrote-chunk",
                              unsafeBitCast(callback, to: GCallback.self),
                              Unmanaged.passRetained(body).toOpaque(),
                              { data, _ in Unmanaged<EndlessBody>.fromOpaque(data!).release() }, GConnectFlags(0))
        body.appendNext(message)
    }

    func appendNext(_ message: OpaquePointer) {
        let responseBody = soup_server_message_get_response_body(message)
        if sent >= limit {
            soup_message_body_complete(responseBody)
        } else {
            chunk.withUnsafeBytes { soup_message_body_append(responseBody, SOUP_MEMORY_COPY, $0.baseAddress, gsize($0.count)) }
            sent += chunk.count
        }
        soup_server_message_unpause(message)
    }
}
