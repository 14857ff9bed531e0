import CEarshot
import CGLib
import CSoup
import EarshotGLib

/// Whether an HTTP response body that has just reported its end is whole: a chunked body must have come
/// with its terminating chunk (`ChunkedBodyEnd`), a body with a Content-Length with all of its bytes.
///
/// libsoup 3.2 checks neither when the connection closes early: a chunked body cut between chunks ends
/// quietly, and on a connection the server closes after the answer (`Connection: close`) it reads the
/// body until the close, however short. The bytes that arrived are counted by libsoup's metrics, which
/// `prepare` turns on before the message is sent.
public enum ResponseBodyEnd {
    /// Asks libsoup to count the bytes of `message`'s answer; call it before sending.
    public static func prepare(_ message: OpaquePointer) {
        soup_message_add_flags(message, SOUP_MESSAGE_COLLECT_METRICS)
    }

    /// The error to fail with when the body of `message`, read from `stream` to its end, is not whole; nil
    /// when it is, or when there is no way to tell (no message: a file; no metrics; HTTP/2, whose frames
    /// end a stream explicitly).
    static func cutError(of stream: UnsafeMutablePointer<GInputStream>, message: OpaquePointer?) -> GLibError? {
        if let cut = ChunkedBodyEnd.cutError(of: stream) { return cut }
        guard let message, soup_message_get_http_version(message) != SOUP_HTTP_2_0,
              let metrics = soup_message_get_metrics(message) else { return nil }
        let headers = soup_message_get_response_headers(message)
        guard soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH else { return nil }
        let announced = UInt64(max(0, soup_message_headers_get_content_length(headers)))
        let received = soup_message_metrics_get_response_body_bytes_received(metrics)
        guard received < announced else { return nil }
        let words = "the server closed the connection after \(received) of \(announced) bytes"
        return GLibError(taking: g_error_new_literal(g_io_error_quark(), Int32(G_IO_ERROR_PARTIAL_INPUT.rawValue), words))
    }
}
