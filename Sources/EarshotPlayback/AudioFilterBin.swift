import CEarshot
import CGLib
import CGStreamer

/// The bin playbin runs decoded audio through (its `audio-filter`), built once per engine:
///
///     audioconvert ! audio/x-raw,format=F32LE ! scaletempo ! compressor ! make-up gain ! limiter ! volume
///
/// with the `SilenceTrimmer` on the limiter's output. Speed is scaletempo's (rate changes keep the pitch);
/// voice boost and silence trimming are switched on and off while playing, without relinking anything:
/// when off, the compressor and the limiter pass buffers through untouched and the gain is 1. The last
/// element is the listener's volume (and fades): after the trimmer, so a low volume or a fade never
/// reads as silence, and after the limiter, so voice boost judges the episode's own level. (playbin's
/// own software volume is off: GStreamer 1.22's playsink leaks the volume element it makes per load.)
final class AudioFilterBin {
    /// The bin (owned).
    let element: UnsafeMutablePointer<GstElement>
    /// Cuts long silences (see `SilenceTrimmer`).
    let trimmer: SilenceTrimmer
    private let compressor: UnsafeMutablePointer<GstElement>
    private let makeUpGain: UnsafeMutablePointer<GstElement>
    private let limiter: UnsafeMutablePointer<GstElement>
    private let listenerVolume: UnsafeMutablePointer<GstElement>

    /// Voice boost: a soft-knee 2.5:1 compressor above -20 dBFS lifts quiet speech relative to loud, the
    /// make-up gain (+9 dB) brings it up, and a brick-wall limiter keeps every sample within ±0.97.
    static let compressorThreshold = "0.1"
    static let compressorRatio = "0.4"
    static let makeUpGainFactor = 2.8
    static let limiterCeiling = "0.97"

    init() throws(PlaybackSetupError) {
        let factories = ["audioconvert", "capsfilter", "scaletempo", "audiodynamic", "volume", "audiodynamic", "volume"]
        var elements: [UnsafeMutablePointer<GstElement>] = []
        defer { elements.forEach { gst_object_unref($0) } }  // the bin holds its own references
        for factory in factories { elements.append(try GStreamer.makeElement(factory)) }
        element = try GStreamer.makeElement("bin")
        let bin = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstBin.self)
        for child in elements { gst_bin_add(bin, child) }
        for (upstream, downstream) in zip(elements, elements.dropFirst()) { gst_element_link(upstream, downstream) }

        let caps = gst_caps_from_string("audio/x-raw,format=F32LE")
        earshot_object_set_object(elements[1], "caps", caps)
        gst_caps_unref(caps)
        compressor = elements[3]
        makeUpGain = elements[4]
        limiter = elements[5]
        listenerVolume = elements[6]
        Self.set(compressor, "characteristics", "soft-knee")
        Self.set(compressor, "threshold", Self.compressorThreshold)
        Self.set(compressor, "ratio", Self.compressorRatio)
        Self.set(limiter, "characteristics", "hard-knee")
        Self.set(limiter, "threshold", Self.limiterCeiling)
        Self.set(limiter, "ratio", "0")

        Self.ghost(elements.first!, "sink", into: element)
        Self.ghost(elements.last!, "src", into: element)
        let limited = gst_element_get_static_pad(limiter, "src")!
        trimmer = SilenceTrimmer(pad: limited)
        gst_object_unref(limited)
        setVoiceBoost(false)
    }

    deinit { gst_object_unref(element) }

    /// Switches voice boost on or off (safe while playing: the elements read their settings per buffer).
    func setVoiceBoost(_ on: Bool) {
        for element in [compressor, limiter] {
            gst_base_transform_set_passthrough(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstBaseTransform.self), on ? 0 : 1)
        }
        earshot_object_set_double(makeUpGain, "volume", on ? Self.makeUpGainFactor : 1)
    }

    /// The listener's linear volume, 0…1 for Earshot (the element takes up to 10); 1 passes buffers
    /// through untouched. Safe while playing: the element reads it per buffer.
    var volume: Double {
        get { earshot_object_get_double(listenerVolume, "volume") }
        set { earshot_object_set_double(listenerVolume, "volume", newValue) }
    }

    /// Exposes `element`'s pad `name` on the bin.
    private static func ghost(_ element: UnsafeMutablePointer<GstElement>, _ name: String, into bin: UnsafeMutablePointer<GstElement>) {
        let pad = gst_element_get_static_pad(element, name)!
        gst_element_add_pad(bin, gst_ghost_pad_new(name, pad))
        gst_object_unref(pad)
    }

    /// Sets a property from its string form (enums, floats).
    private static func set(_ element: UnsafeMutablePointer<GstElement>, _ name: String, _ value: String) {
        gst_util_set_object_arg(UnsafeMutableRawPointer(element).assumingMemoryBound(to: GObject.self), name, value)
    }
}
