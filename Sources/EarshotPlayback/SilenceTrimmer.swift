import CEarshot
import CGLib
import CGStreamer
import Foundation

/// Cuts long silences out of the audio on its way to the output, without touching the episode's timeline.
///
/// A probe on the limiter's output in the filter bin (before the listener's volume) measures each buffer
/// (32-bit float audio). Once a silence has
/// lasted `kept`, its further buffers are dropped, and the pad's running-time offset is lowered by what was
/// dropped: GStreamer re-sends the segment with that offset, so the sink plays the next sound at once
/// instead of waiting out the gap on its clock (time is really saved, at any rate and with a synchronised
/// sink). Buffer timestamps and the segment's start and time are untouched, so stream time — positions,
/// seeks, durations — stays the episode's own. A flush (a seek) resets the offset, as the pipeline's
/// running time restarts. The probe runs on the streaming thread; shared state sits behind a lock.
final class SilenceTrimmer: @unchecked Sendable {  // all mutable state is behind `lock`
    /// RMS level under which a buffer counts as silent: -50 dBFS (speech is at -30 to -10 dBFS, a quiet
    /// room's noise floor under -55 dBFS).
    static let threshold: Float = 0.003_16
    /// How much of each silence is kept, as a natural pause (running time, ns).
    static let kept: Int64 = 300_000_000

    private let lock = NSLock()
    private var enabled = false
    private var segment = GstSegment()
    private var hasSegment = false
    private var channels = 1
    /// Running time of the current silence so far, and what was dropped since the last flush.
    private var silentRun: Int64 = 0
    private var droppedSinceFlush: Int64 = 0
    /// Running time dropped since the last `resetTimeSaved()`.
    private var saved: Int64 = 0

    /// Installs the probe on `pad` (the limiter's source pad); it stays while the pad lives.
    init(pad: UnsafeMutablePointer<GstPad>) {
        let mask = GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue
            | GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue
        gst_pad_add_probe(pad, GstPadProbeType(rawValue: mask), { pad, info, data in
            guard let pad, let info, let data else { return GST_PAD_PROBE_OK }
            return Unmanaged<SilenceTrimmer>.fromOpaque(data).takeUnretainedValue().observe(pad, info)
        }, Unmanaged.passRetained(self).toOpaque(), { data in
            if let data { Unmanaged<SilenceTrimmer>.fromOpaque(data).release() }
        })
    }

    /// Whether silences are cut; switching it takes effect from the next buffer.
    var isEnabled: Bool {
        get { lock.withLock { enabled } }
        set { lock.withLock { enabled = newValue } }
    }

    /// Running time (ns) dropped since the last reset: how much sooner the episode ends.
    var timeSaved: Int64 { lock.withLock { saved } }

    /// Starts counting the time saved afresh (a new episode).
    func resetTimeSaved() { lock.withLock { saved = 0 } }

    private func observe(_ pad: UnsafeMutablePointer<GstPad>, _ info: UnsafeMutablePointer<GstPadProbeInfo>) -> GstPadProbeReturn {
        if let event = earshot_probe_info_event(info) {
            observe(event: event, on: pad)
            return GST_PAD_PROBE_OK
        }
        guard let buffer = earshot_probe_info_buffer(info) else { return GST_PAD_PROBE_OK }
        return keeps(buffer, on: pad) ? GST_PAD_PROBE_OK : GST_PAD_PROBE_DROP
    }

    private func observe(event: UnsafeMutablePointer<GstEvent>, on pad: UnsafeMutablePointer<GstPad>) {
        switch earshot_event_type(event) {
        case GST_EVENT_FLUSH_STOP:
            lock.withLock {
                silentRun = 0
                droppedSinceFlush = 0
            }
            gst_pad_set_offset(pad, 0)
        case GST_EVENT_SEGMENT:
            var parsed: UnsafePointer<GstSegment>?
            gst_event_parse_segment(event, &parsed)
            guard let parsed else { return }
            lock.withLock {
                segment = parsed.pointee
                hasSegment = true
            }
        case GST_EVENT_CAPS:
            var caps: UnsafeMutablePointer<GstCaps>?
            gst_event_parse_caps(event, &caps)
            guard let caps, let structure = gst_caps_get_structure(caps, 0) else { return }
            var count: gint = 1
            gst_structure_get_int(structure, "channels", &count)
            lock.withLock { channels = max(1, Int(count)) }
        default:
            break
        }
    }

    /// Whether `buffer` goes on; a dropped one lowers the pad's offset by its running time.
    private func keeps(_ buffer: UnsafeMutablePointer<GstBuffer>, on pad: UnsafeMutablePointer<GstPad>) -> Bool {
        let pts = earshot_buffer_pts(buffer), length = earshot_buffer_duration(buffer)
        let offset: Int64? = lock.withLock {
            guard enabled, hasSegment, pts != GStreamer.timeNone, length != GStreamer.timeNone else {
                silentRun = 0
                return nil
            }
            guard Self.isSilent(buffer, channels: channels) else {
                silentRun = 0
                return nil
            }
            var segment = self.segment
            let start = gst_segment_to_running_time(&segment, GST_FORMAT_TIME, pts)
            let end = gst_segment_to_running_time(&segment, GST_FORMAT_TIME, pts + length)
            guard start != GStreamer.timeNone, end != GStreamer.timeNone, end > start else { return nil }
            let span = Int64(end - start)
            silentRun += span
            guard silentRun > Self.kept else { return nil }
            droppedSinceFlush += span
            saved += span
            return -droppedSinceFlush
        }
        guard let offset else { return true }
        gst_pad_set_offset(pad, gint64(offset))  // the segment is re-sent with it before the next buffer
        return false
    }

    /// Whether the buffer's RMS level (over all channels) is under `threshold`.
    private static func isSilent(_ buffer: UnsafeMutablePointer<GstBuffer>, channels: Int) -> Bool {
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return false }
        defer { gst_buffer_unmap(buffer, &map) }
        let count = Int(map.size) / MemoryLayout<Float>.size
        guard count > 0, let data = map.data else { return false }
        let samples = UnsafeRawPointer(data).bindMemory(to: Float.self, capacity: count)
        var sum: Float = 0
        for index in 0..<count { sum += samples[index] * samples[index] }
        return (sum / Float(count)).squareRoot() < threshold
    }
}
