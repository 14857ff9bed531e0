import CEarshot
import CGLib
import CGStreamer
import Foundation

/// Makes every seek land exactly on its target, whatever the demuxer does.
///
/// Most demuxers honour GST_SEEK_FLAG_ACCURATE: the segment after the flush starts at the target and the
/// decoder clips its output to it. Some do not in every mode — `oggdemux` reading an HTTP stream (push
/// mode) lands on the Ogg page before the target and starts the segment there. Their timestamps are still
/// exact, only early; so this probe, on the decoded audio entering the playback filter, moves the start of
/// the first segment after the flush to the target and trims the audio before it, sample-exactly. When
/// the segment already starts at the target it does nothing.
///
/// The engine announces each target (`expect`) before sending the seek; the probe runs on the streaming
/// thread, so the shared state sits behind a lock.
final class LandingGuard: @unchecked Sendable {  // all mutable state is behind `lock`
    private let lock = NSLock()
    /// The stream time (ns) of the seek being sent; taken by the next flush.
    private var expected: Int64?
    /// The target of the landing in progress (after FLUSH_STOP, until the segment arrives).
    private var armed: Int64?
    /// The corrected segment, while buffers before its start are still being trimmed.
    private var trimming: GstSegment?
    /// Whether the next segment is the first after a flush.
    private var awaitingSegment = false
    /// Stream time (ns) where the audio after the last flush starts.
    private var landedAt: Int64?
    private var sampleRate: gint = 0
    private var bytesPerFrame: gint = 0

    /// Installs the probe on `element`'s sink pad (the audio filter playbin feeds decoded audio to).
    init(watching element: UnsafeMutablePointer<GstElement>) {
        guard let pad = gst_element_get_static_pad(element, "sink") else { return }
        defer { gst_object_unref(pad) }
        let mask = GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue
            | GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue
        gst_pad_add_probe(pad, GstPadProbeType(rawValue: mask), { _, info, data in
            guard let info, let data else { return GST_PAD_PROBE_OK }
            return Unmanaged<LandingGuard>.fromOpaque(data).takeUnretainedValue().observe(info)
        }, Unmanaged.passRetained(self).toOpaque(), { data in
            if let data { Unmanaged<LandingGuard>.fromOpaque(data).release() }
        })
    }

    /// The next flush belongs to a seek to `target` nanoseconds of stream time.
    func expect(_ target: Int64) {
        lock.withLock { expected = target }
    }

    /// Where the audio after the most recent flush starts (stream time, ns): the exact landing of the
    /// last seek, once its segment went through. Cleared by the next flush.
    var landing: Int64? { lock.withLock { landedAt } }

    /// Forgets any announced target (the seek was refused, or the pipeline was stopped).
    func reset() {
        lock.withLock {
            expected = nil
            armed = nil
            trimming = nil
            awaitingSegment = false
            landedAt = nil
        }
    }

    private func observe(_ info: UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn {
        if let event = earshot_probe_info_event(info) {
            observe(event: event, info: info)
            return GST_PAD_PROBE_OK
        }
        if let buffer = earshot_probe_info_buffer(info) {
            return trim(buffer, info: info)
        }
        return GST_PAD_PROBE_OK
    }

    private func observe(event: UnsafeMutablePointer<GstEvent>, info: UnsafeMutablePointer<GstPadProbeInfo>) {
        switch earshot_event_type(event) {
        case GST_EVENT_FLUSH_STOP:
            lock.withLock {
                armed = expected
                expected = nil
                trimming = nil
                awaitingSegment = true
                landedAt = nil
            }
        case GST_EVENT_CAPS:
            var caps: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &caps)
            var audio = GstAudioInfo()
            if let caps, gst_audio_info_from_caps(&audio, caps) != 0 {
                lock.withLock {
                    sampleRate = audio.rate
                    bytesPerFrame = audio.bpf
                }
            }
        case GST_EVENT_SEGMENT:
            let (target, afterFlush) = lock.withLock { () -> (Int64?, Bool) in
                defer {
                    armed = nil
                    awaitingSegment = false
                }
                return (armed, awaitingSegment)
            }
            guard afterFlush else { return }
            var parsed: UnsafePointer<GstSegment>?
            gst_event_parse_segment(event, &parsed)
            guard var segment = parsed?.pointee, segment.format == GST_FORMAT_TIME else { return }
            let startTime = gst_segment_to_stream_time(&segment, GST_FORMAT_TIME, segment.start)
            guard startTime != GStreamer.timeNone else { return }
            guard let target, segment.rate > 0, Int64(startTime) < target else {
                lock.withLock { landedAt = Int64(startTime) }
                return
            }
            let targetPosition = gst_segment_position_from_stream_time(&segment, GST_FORMAT_TIME, guint64(target))
            guard targetPosition != GStreamer.timeNone else { return }
            segment.start = targetPosition
            segment.position = targetPosition
            segment.time = guint64(target)
            guard let replacement = gst_event_new_segment(&segment) else { return }
            gst_event_set_seqnum(replacement, gst_event_get_seqnum(event))
            earshot_probe_info_set_data(info, replacement)
            gst_event_unref(event)
            lock.withLock {
                trimming = segment
                landedAt = target
            }
        default:
            break
        }
    }

    /// Trims or drops audio before the corrected segment start; stops once a buffer reaches it.
    private func trim(_ buffer: UnsafeMutablePointer<GstBuffer>, info: UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn {
        guard let (corrected, rate, bpf) = lock.withLock({ trimming.map { ($0, sampleRate, bytesPerFrame) } }),
              rate > 0, bpf > 0 else { return GST_PAD_PROBE_OK }
        var segment = corrected
        let pts = earshot_buffer_pts(buffer)
        if pts != GStreamer.timeNone, pts >= segment.start {
            lock.withLock { trimming = nil }
            return GST_PAD_PROBE_OK
        }
        gst_buffer_ref(buffer)  // gst_audio_buffer_clip consumes one reference; the probe's stays with the pad
        guard let clipped = gst_audio_buffer_clip(buffer, &segment, rate, bpf) else {
            return GST_PAD_PROBE_DROP  // entirely before the target
        }
        lock.withLock { trimming = nil }  // this buffer reaches the target
        if clipped == buffer {
            gst_buffer_unref(clipped)
        } else {
            earshot_probe_info_set_data(info, clipped)
            gst_buffer_unref(buffer)
        }
        return GST_PAD_PROBE_OK
    }
}
