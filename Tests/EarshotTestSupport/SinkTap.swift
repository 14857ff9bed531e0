import CEarshot
import CGLib
import CGStreamer
import Foundation

/// Instrumentation for tests and benchmarks: watches the audio that reaches an output sink, so seek
/// accuracy can be checked on the data itself rather than on a position query. Attach it to the engine's
/// output with `engine.observeOutputPad(tap.attach)`.
///
/// A *landing* starts at each flush (a flushing seek) and at each new stream (a stream-start with a new id). It records the stream time
/// of the first buffer that reaches the sink afterwards and, when the sink receives 32-bit float audio
/// (e.g. an output of `audioconvert ! audio/x-raw,format=F32LE ! fakesink`), up to `captureLimit` samples
/// of the first channel. The probe runs on GStreamer's streaming thread; readers get snapshots.
public final class SinkTap: @unchecked Sendable {  // all mutable state is behind `lock`
    /// What reached the sink after one flush or stream start.
    public struct Landing: Sendable {
        /// Stream time of the first buffer (its PTS mapped through the segment it arrived in).
        public let firstBufferTime: Duration
        /// Sample rate of the audio, from the caps (0 if unknown).
        public let sampleRate: Int
        /// The first samples of channel 0, when the format is F32LE; empty otherwise.
        public let samples: [Float]
        /// How many flushes the sink had seen before this landing (0 for the first stream).
        public let flushIndex: Int
    }

    private struct State {
        var segment = GstSegment()
        var hasSegment = false
        var sampleRate = 0
        var channels = 0
        var isFloat = false
        var armed = true
        var streamID: String?
        var flushes = 0
        var landings = 0
        // The landing being captured.
        var firstBufferTime: Duration?
        var landingRate = 0
        var landingFlushIndex = 0
        var samples: [Float] = []

        var landing: Landing? {
            firstBufferTime.map {
                Landing(firstBufferTime: $0, sampleRate: landingRate, samples: samples, flushIndex: landingFlushIndex)
            }
        }
    }

    private static let timeNone = earshot_gst_clock_time_none()
    private let captureLimit: Int
    private let lock = NSLock()
    private var state = State()

    /// A tap that keeps up to `captureLimit` samples of each landing (0: timestamps only).
    public init(captureLimit: Int = 0) {
        self.captureLimit = captureLimit
    }

    /// The most recent landing, as captured so far.
    public var lastLanding: Landing? { lock.withLock { state.landing } }

    /// How many landings (flushes or stream starts followed by a buffer) the sink has seen.
    public var landingCount: Int { lock.withLock { state.landings } }

    /// How many flushes (flushing seeks that reached the output) the sink has seen since the tap was
    /// attached.
    public var flushCount: Int { lock.withLock { state.flushes } }

    /// Installs the probe on `pad` (an output's sink pad); it stays until the pad is disposed.
    public func attach(to pad: UnsafeMutablePointer<GstPad>) {
        let mask = GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM.rawValue
            | GST_PAD_PROBE_TYPE_EVENT_FLUSH.rawValue
        let box = Unmanaged.passRetained(self).toOpaque()
        gst_pad_add_probe(pad, GstPadProbeType(rawValue: mask), { _, info, data in
            if let info, let data {
                Unmanaged<SinkTap>.fromOpaque(data).takeUnretainedValue().observe(info)
            }
            return GST_PAD_PROBE_OK
        }, box, { data in
            if let data { Unmanaged<SinkTap>.fromOpaque(data).release() }
        })
    }

    private func observe(_ info: UnsafeMutablePointer<GstPadProbeInfo>) {
        if let event = earshot_probe_info_event(info) {
            observe(event: event)
        } else if let buffer = earshot_probe_info_buffer(info) {
            observe(buffer: buffer)
        }
    }

    private func observe(event: UnsafeMutablePointer<GstEvent>) {
        let type = earshot_event_type(event)
        lock.withLock {
            switch type {
            case GST_EVENT_FLUSH_STOP:
                state.flushes += 1
                state.armed = true
            case GST_EVENT_STREAM_START:
                // A new stream, not the same one's sticky events sent again (as after a pad offset change).
                var id: UnsafePointer<gchar>?
                gst_event_parse_stream_start(event, &id)
                let streamID = id.map { String(cString: $0) }
                if streamID != state.streamID || streamID == nil { state.armed = true }
                state.streamID = streamID
            case GST_EVENT_SEGMENT:
                var segment: UnsafePointer<GstSegment>?
                gst_event_parse_segment(event, &segment)
                if let segment {
                    state.segment = segment.pointee
                    state.hasSegment = true
                }
            case GST_EVENT_CAPS:
                var caps: UnsafeMutablePointer<GstCaps>?
                gst_event_parse_caps(event, &caps)
                if let caps, let structure = gst_caps_get_structure(caps, 0) {
                    var rate: gint = 0, channels: gint = 0
                    gst_structure_get_int(structure, "rate", &rate)
                    gst_structure_get_int(structure, "channels", &channels)
                    let format = gst_structure_get_string(structure, "format").map { String(cString: $0) }
                    state.sampleRate = Int(rate)
                    state.channels = Int(channels)
                    state.isFloat = format == "F32LE"
                }
            default:
                break
            }
        }
    }

    private func observe(buffer: UnsafeMutablePointer<GstBuffer>) {
        let pts = earshot_buffer_pts(buffer)
        lock.withLock {
            if state.armed {
                guard state.hasSegment, pts != Self.timeNone else { return }
                var segment = state.segment
                let streamTime = gst_segment_to_stream_time(&segment, GST_FORMAT_TIME, pts)
                state.armed = false
                state.landings += 1
                state.firstBufferTime = .nanoseconds(Int64(bitPattern: UInt64(streamTime)))
                state.landingRate = state.sampleRate
                state.landingFlushIndex = state.flushes
                state.samples = []
            }
            guard state.firstBufferTime != nil, state.isFloat, state.channels > 0,
                  state.samples.count < captureLimit else { return }
            Self.append(buffer, captureLimit: captureLimit, channels: state.channels, to: &state.samples)
        }
    }

    private static func append(_ buffer: UnsafeMutablePointer<GstBuffer>, captureLimit: Int, channels: Int, to samples: inout [Float]) {
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return }
        defer { gst_buffer_unmap(buffer, &map) }
        let frames = Int(map.size) / (MemoryLayout<Float>.size * channels)
        let wanted = min(frames, captureLimit - samples.count)
        guard wanted > 0, let data = map.data else { return }
        let raw = UnsafeRawPointer(data)
        samples.reserveCapacity(samples.count + wanted)
        for frame in 0..<wanted {
            samples.append(raw.loadUnaligned(fromByteOffset: frame * channels * MemoryLayout<Float>.size, as: Float.self))
        }
    }
}
