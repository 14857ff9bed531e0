import CEarshot
import CGLib
import CGStreamer
import EarshotGLib

/// Running whole gst-launch pipelines to completion, for making fixtures.
enum GStreamerTestSupport {
    struct PipelineError: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether an element factory is installed.
    static func hasElement(_ name: String) -> Bool {
        ensureInitialized()
        guard let factory = gst_element_factory_find(name) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(factory))
        return true
    }

    /// Runs `description` until EOS (or an error, which is thrown), without a main loop.
    static func run(_ description: String, timeoutSeconds: Double = 120) throws {
        ensureInitialized()
        var error: UnsafeMutablePointer<GError>?
        let parsed = gst_parse_launch(description, &error)
        if let failure = GLibError(taking: error) {
            if let parsed { gst_object_unref(parsed) }
            throw PipelineError(description: "\(description): \(failure.message)")
        }
        guard let pipeline = parsed else { throw PipelineError(description: "empty pipeline") }
        gst_object_ref_sink(pipeline)
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        let bus = gst_element_get_bus(pipeline)
        defer { gst_object_unref(bus) }
        gst_element_set_state(pipeline, GST_STATE_PLAYING)
        let types = GstMessageType(rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
        guard let message = gst_bus_timed_pop_filtered(bus, GstClockTime(timeoutSeconds * 1e9), types) else {
            throw PipelineError(description: "\(description): timed out")
        }
        defer { gst_message_unref(message) }
        if earshot_message_type(message) == GST_MESSAGE_ERROR {
            var gerror: UnsafeMutablePointer<GError>?
            gst_message_parse_error(message, &gerror, nil)
            throw PipelineError(description: "\(description): \(GLibError(taking: gerror)?.message ?? "error")")
        }
    }

    private static let initialized: Bool = gst_init_check(nil, nil, nil) != 0

    private static func ensureInitialized() { _ = initialized }
}
