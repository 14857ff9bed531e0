import CEarshot
import CGLib
import CGStreamer

/// The `playbin` element and the calls the engine makes on it. Owns one reference to it and sets it
/// to NULL before releasing it.
final class Playbin {
    /// The playbin element (owned).
    let element: UnsafeMutablePointer<GstElement>
    /// The audio filter: speed, voice boost, silence trimming.
    let filters: AudioFilterBin
    /// Corrects landings of demuxers that do not seek accurately (watches the audio filter's input).
    let landingGuard: LandingGuard

    /// Bound of the download ring buffer (an unlinked temporary file): an hour of 128 kbit/s audio.
    static let ringBufferBytes: guint64 = 64 << 20

    /// A playbin that plays audio only (no video or subtitles), with progressive download for network
    /// streams, and `AudioFilterBin` as its audio filter (scaletempo keeps the pitch at any rate; voice
    /// boost and silence trimming can be switched while playing; the volume is the filter's, not
    /// playbin's software volume, whose element GStreamer 1.22 leaks on every load).
    init() throws(PlaybackSetupError) {
        element = try GStreamer.makeElement("playbin")
        do { filters = try AudioFilterBin() } catch {
            gst_object_unref(element)
            throw error
        }
        earshot_object_set_object(element, "audio-filter", filters.element)
        landingGuard = LandingGuard(watching: filters.element)
        // Progressive download: network streams go through a file-backed ring buffer that demuxers read
        // with random access (pull mode), as they read files. In push mode some demuxers (oggdemux) seek
        // only approximately, or refuse to, over HTTP; in pull mode every format seeks accurately.
        earshot_object_set_uint(element, "flags",
            EARSHOT_GST_PLAY_FLAG_AUDIO | EARSHOT_GST_PLAY_FLAG_DOWNLOAD)
        earshot_object_set_uint64(element, "ring-buffer-max-size", Self.ringBufferBytes)
        RingBufferReaper.watch(element)
    }

    deinit {
        gst_element_set_state(element, GST_STATE_NULL)
        gst_object_unref(element)
    }

    /// The pipeline's bus (a new reference the caller must unref).
    func bus() -> UnsafeMutablePointer<GstBus> {
        gst_element_get_bus(element)
    }

    /// Sets the URI to play; takes effect from NULL or READY.
    func setURI(_ uri: String) {
        earshot_object_set_string(element, "uri", uri)
    }

    /// Sets the element audio is rendered to; only valid while the pipeline is in NULL.
    func setAudioSink(_ sink: UnsafeMutablePointer<GstElement>) {
        earshot_object_set_object(element, "audio-sink", sink)
    }

    /// Asks for a state change; returns GStreamer's answer (ASYNC for most changes to PAUSED/PLAYING).
    @discardableResult
    func setState(_ state: GstState) -> GstStateChangeReturn {
        if state == GST_STATE_NULL { landingGuard.reset() }
        return gst_element_set_state(element, state)
    }

    /// Waits (blocking, popping the bus) until a message shows that no HTTP request of the pipeline is
    /// waiting for its response, or `timeoutSeconds` pass. Only for when the engine goes away; while it
    /// lives, it waits for the same messages on its bus watch.
    func awaitResponse(timeoutSeconds: Double) {
        let bus = bus()
        defer { gst_object_unref(bus) }
        let deadline = g_get_monotonic_time() + gint64(timeoutSeconds * 1e6)
        let types = GstMessageType(rawValue: GST_MESSAGE_ELEMENT.rawValue | GST_MESSAGE_ERROR.rawValue | GST_MESSAGE_ASYNC_DONE.rawValue)
        while case let remaining = deadline - g_get_monotonic_time(), remaining > 0 {
            guard let message = gst_bus_timed_pop_filtered(bus, GstClockTime(remaining) * 1000, types) else { return }
            defer { gst_message_unref(message) }
            if ResponseGuard.endsWait(message) { return }
        }
    }

    /// Sends a flushing, accurate seek to `position` (nanoseconds) at `rate`; returns the seek's seqnum
    /// (which the new segment, and its EOS, carry), or nil when refused.
    func seek(to position: Int64, rate: Double) -> guint32? {
        let target = max(0, position)
        landingGuard.expect(target)
        let flags = GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_ACCURATE.rawValue)
        guard let event = gst_event_new_seek(
            rate, GST_FORMAT_TIME, flags,
            GST_SEEK_TYPE_SET, gint64(target),
            GST_SEEK_TYPE_SET, -1  // no stop position: play to the end
        ) else {
            landingGuard.reset()
            return nil
        }
        let seqnum = gst_event_get_seqnum(event)
        guard gst_element_send_event(element, event) != 0 else {  // takes the event
            landingGuard.reset()
            return nil
        }
        return seqnum
    }

    /// The current stream position in nanoseconds, when the pipeline can tell.
    func queryPosition() -> Int64? {
        var value: gint64 = -1
        guard gst_element_query_position(element, GST_FORMAT_TIME, &value) != 0, value >= 0 else { return nil }
        return Int64(value)
    }

    /// Whether the pipeline says it can seek in time now (a SEEKING query); false when it cannot tell.
    func isSeekable() -> Bool {
        guard let query = gst_query_new_seeking(GST_FORMAT_TIME) else { return false }
        defer { gst_query_unref(query) }
        guard gst_element_query(element, query) != 0 else { return false }
        var seekable: gboolean = 0
        gst_query_parse_seeking(query, nil, &seekable, nil, nil)
        return seekable != 0
    }

    /// The stream's duration in nanoseconds, when known.
    func queryDuration() -> Int64? {
        var value: gint64 = -1
        guard gst_element_query_duration(element, GST_FORMAT_TIME, &value) != 0, value > 0 else { return nil }
        return Int64(value)
    }
}
