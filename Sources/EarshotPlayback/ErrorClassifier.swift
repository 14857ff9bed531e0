import CEarshot
import CGLib
import CGStreamer
import Foundation

/// What a GStreamer ERROR message said, copied out of the message.
struct PipelineFailure {
    /// GError domain and code.
    let domain: GQuark
    let code: Int32
    /// GError message and the debug string.
    let message: String
    let debug: String

    /// Copies the error out of an ERROR message.
    init(parsing message: UnsafeMutablePointer<GstMessage>) {
        var error: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        gst_message_parse_error(message, &error, &debug)
        domain = error?.pointee.domain ?? 0
        code = error?.pointee.code ?? 0
        self.message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
        self.debug = debug.map { String(cString: $0) } ?? ""
        if let error { g_error_free(error) }
        g_free(debug)
    }

    /// The HTTP status souphttpsrc mentions in its debug text ("Not Found (404), URL: …"), if any.
    var httpStatus: Int? {
        guard let match = debug.range(of: #"\((\d{3})\), URL"#, options: .regularExpression) else { return nil }
        return Int(debug[match].dropFirst().prefix(3))
    }
}

/// A decoder or demuxer playbin reported as missing (a "missing-plugin" element message).
struct MissingPlugin {
    /// GStreamer's description, e.g. "MPEG-4 AAC decoder" or "text/html decoder".
    let description: String
    /// The media type it would have handled, e.g. "audio/mpeg" or "text/html".
    let mediaType: String

    /// The missing plugin announced by `message`, or nil when it is some other message.
    init?(message: UnsafeMutablePointer<GstMessage>) {
        guard gst_is_missing_plugin_message(message) != 0 else { return nil }
        let text = gst_missing_plugin_message_get_description(message)
        description = text.map { String(cString: $0) } ?? "unknown plugin"
        g_free(text)
        var type = ""
        if let structure = gst_message_get_structure(message),
           let value = gst_structure_get_value(structure, "detail"),
           let caps = gst_value_get_caps(value), gst_caps_get_size(caps) > 0,
           let first = gst_caps_get_structure(caps, 0) {
            type = String(cString: gst_structure_get_name(first))
        }
        mediaType = type
    }
}

/// Turns a pipeline failure into the owner's `PlaybackError.Reason`.
enum ErrorClassifier {
    /// The reason for `failure`, or nil when the pipeline did not say why (a network source that stopped
    /// with a bare flow error — souphttpsrc 1.22 reports a refused connection that way) and the connection
    /// itself must be examined.
    static func reason(for failure: PipelineFailure, missing: MissingPlugin?, isNetworkURI: Bool) -> PlaybackError.Reason? {
        if let missing {
            // A missing decoder for audio is a codec problem; for anything else (an HTML page, a
            // subtitle file, a video-only stream) the episode simply is not audio we can play.
            return missing.mediaType.hasPrefix("audio/")
                ? .missingDecoder(missing.description)
                : .unsupportedFormat(missing.mediaType.isEmpty ? missing.description : missing.mediaType)
        }
        if failure.domain == gst_resource_error_quark() {
            switch failure.code {
            case Int32(GST_RESOURCE_ERROR_NOT_FOUND.rawValue):
                return .notFound
            case Int32(GST_RESOURCE_ERROR_OPEN_READ.rawValue), Int32(GST_RESOURCE_ERROR_READ.rawValue),
                 Int32(GST_RESOURCE_ERROR_OPEN_READ_WRITE.rawValue), Int32(GST_RESOURCE_ERROR_NOT_AUTHORIZED.rawValue):
                if let status = failure.httpStatus { return status == 404 || status == 410 ? .notFound : .httpStatus(status) }
                return isNetworkURI ? nil : .other
            default:
                return failure.httpStatus.map { .httpStatus($0) } ?? .other
            }
        }
        if failure.domain == gst_stream_error_quark() {
            switch failure.code {
            case Int32(GST_STREAM_ERROR_TYPE_NOT_FOUND.rawValue), Int32(GST_STREAM_ERROR_WRONG_TYPE.rawValue),
                 Int32(GST_STREAM_ERROR_DEMUX.rawValue), Int32(GST_STREAM_ERROR_FORMAT.rawValue):
                return .unsupportedFormat("unrecognised data")
            case Int32(GST_STREAM_ERROR_CODEC_NOT_FOUND.rawValue):
                return .missingDecoder(failure.message)
            case Int32(GST_STREAM_ERROR_DECODE.rawValue):
                return .decodingFailed
            case Int32(GST_STREAM_ERROR_FAILED.rawValue):
                // "Internal data stream error": the real cause was not posted.
                return isNetworkURI ? nil : .other
            default:
                return .other
            }
        }
        if failure.domain == gst_core_error_quark(), failure.code == Int32(GST_CORE_ERROR_MISSING_PLUGIN.rawValue) {
            return .missingDecoder(failure.message)
        }
        return .other
    }
}
