import CEarshot
import CGLib
import CGStreamer
import EarshotGLib

/// Process-wide GStreamer set-up and the conversions between GStreamer time and `Duration`.
enum GStreamer {
    private static let initialization: Result<Void, PlaybackSetupError> = {
        var error: UnsafeMutablePointer<GError>?
        guard gst_init_check(nil, nil, &error) != 0 else {
            let message = GLibError(taking: error)?.message ?? "unknown error"
            return .failure(.gstreamerUnavailable(message))
        }
        gst_pb_utils_init()
        let promoted = DecoderPreference.preferNativeDecoders()
        if !promoted.isEmpty { Log.debug("preferring native decoders over libav: \(promoted.joined(separator: ", "))") }
        return .success(())
    }()

    /// Initialises GStreamer once per process (thread-safe); throws when it cannot be initialised.
    static func initialize() throws(PlaybackSetupError) {
        try initialization.get()
    }

    /// GST_CLOCK_TIME_NONE.
    static let timeNone: GstClockTime = earshot_gst_clock_time_none()

    /// Creates an element from `factory`, taking ownership of it (the floating reference is sunk).
    static func makeElement(_ factory: String) throws(PlaybackSetupError) -> UnsafeMutablePointer<GstElement> {
        guard let element = gst_element_factory_make(factory, nil) else { throw .missingElement(factory) }
        gst_object_ref_sink(element)
        return element
    }
}

extension Duration {
    /// This duration in whole nanoseconds, GStreamer's time unit (rounded toward zero).
    var nanosecondCount: Int64 {
        let (seconds, attoseconds) = components
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }
}
