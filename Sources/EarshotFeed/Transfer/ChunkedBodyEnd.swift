import CGLib
import CEarshot
import CSoup
import EarshotGLib

/// Tells a chunked HTTP body that ended with its terminating zero-length chunk from one whose connection
/// closed between two chunks, which libsoup 3.2 reports as the same quiet end of stream.
///
/// libsoup before 3.6.5 (Debian 12 ships 3.2.3) takes a connection that closes where the next chunk-size
/// line (or a chunk's closing CRLF) should come for the end of the body: the read returns 0, `got-body` is
/// emitted and the metrics count as for a complete body (libsoup issue 153, fixed upstream by failing
/// such a read with "Connection terminated unexpectedly"). Only libsoup's own `SoupBodyInputStream`,
/// under its client stream and any content decoder, knows which it was: after the last chunk it marks
/// itself ended and answers any further read with 0 without touching the connection; after a cut it is
/// still waiting for a chunk-size line, so a further read goes down to the connection's buffered stream,
/// which checks the read's cancellable before reading. So one blocking read of one byte with a
/// cancellable that is already cancelled tells them apart without any I/O: 0 at a real end, an error
/// after a cut. With a libsoup that reports the cut itself, the probe only ever sees real ends.
enum ChunkedBodyEnd {
    /// The error a cut chunked body is reported with, as newer libsoup reports it itself.
    static let cutMessage = "the server closed the connection before the last chunk of the body"

    /// The error to fail with when `stream`, a response body that has just returned end-of-stream, is a
    /// chunked body without its terminating chunk; nil for a real end, for bodies that are not chunked and
    /// for streams that are not libsoup's (files).
    static func cutError(of stream: UnsafeMutablePointer<GInputStream>) -> GLibError? {
        guard let body = chunkedBody(under: stream),
              g_input_stream_is_closed(body) == 0, g_input_stream_has_pending(body) == 0 else { return nil }
        let cancelled = g_cancellable_new()
        defer { g_object_unref(UnsafeMutableRawPointer(cancelled)) }
        g_cancellable_cancel(cancelled)
        var byte: UInt8 = 0
        var error: UnsafeMutablePointer<GError>?
        let read = g_input_stream_read(body, &byte, 1, cancelled, &error)
        _ = GLibError(taking: error)
        guard read < 0 else { return nil }
        return GLibError(taking: g_error_new_literal(g_io_error_quark(), Int32(G_IO_ERROR_PARTIAL_INPUT.rawValue), cutMessage))
    }

    /// libsoup's HTTP/1 body stream below `stream` (through the filter streams above it) when its
    /// encoding is chunked.
    private static func chunkedBody(under stream: UnsafeMutablePointer<GInputStream>) -> UnsafeMutablePointer<GInputStream>? {
        let bodyType = g_type_from_name("SoupBodyInputStream")
        guard bodyType != 0 else { return nil }
        var current = stream
        while !isInstance(current, of: bodyType) {
            guard isInstance(current, of: g_filter_input_stream_get_type()),
                  let base = g_filter_input_stream_get_base_stream(
                      UnsafeMutableRawPointer(current).assumingMemoryBound(to: GFilterInputStream.self)) else { return nil }
            current = base
        }
        return encoding(of: current) == Int32(SOUP_ENCODING_CHUNKED.rawValue) ? current : nil
    }

    private static func isInstance(_ stream: UnsafeMutablePointer<GInputStream>, of type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }

    /// The body stream's `encoding` property (a `SoupEncoding`).
    private static func encoding(of body: UnsafeMutablePointer<GInputStream>) -> Int32 {
        var value = GValue()
        g_value_init(&value, soup_encoding_get_type())
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutableRawPointer(body).assumingMemoryBound(to: GObject.self), "encoding", &value)
        return g_value_get_enum(&value)
    }
}
