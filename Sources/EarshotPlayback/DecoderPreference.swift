import CEarshot
import CGStreamer

/// Makes GStreamer's autoplugging prefer a native audio decoder over FFmpeg's (gst-libav) for the same
/// format, in this process only.
///
/// Loading gst-libav maps libavcodec, libavformat and libavfilter with everything they link (x265,
/// flite voices, librsvg…): about 33 MB of resident memory for a daemon that plays speech. GStreamer
/// 1.22 ranks `mpg123audiodec` and `avdec_mp3` equally (marginal), and the tie goes to the name that
/// sorts first, so every MP3 episode loaded libav; for AAC, `avdec_aac` outranks `faad`. Here each
/// native decoder that accepts what a libav decoder accepts is ranked just above it; the libav
/// decoder keeps its rank, so it still decodes whatever no native decoder can.
///
/// Only the registry is consulted: no plugin is loaded to decide.
enum DecoderPreference {
    /// The plugin whose decoders are avoided when another can do the job.
    static let avoidedPlugin = "libav"

    /// Raises the rank of native audio decoders over libav's where their sink caps overlap.
    /// - Returns: the names of the decoders that were promoted (for the log and the tests).
    @discardableResult
    static func preferNativeDecoders() -> [String] {
        let kinds = GstElementFactoryListType(EARSHOT_GST_FACTORY_TYPE_AUDIO_DECODER)
        guard let list = gst_element_factory_list_get_elements(kinds, GST_RANK_MARGINAL) else { return [] }
        defer { gst_plugin_feature_list_free(list) }

        var avoided: [Decoder] = [], native: [Decoder] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            let decoder = Decoder(factory: OpaquePointer(current.pointee.data))
            if decoder.plugin == avoidedPlugin { avoided.append(decoder) } else { native.append(decoder) }
            node = current.pointee.next
        }
        defer { (avoided + native).forEach { $0.release() } }

        var promoted: [String] = []
        for libav in avoided {
            for candidate in native where candidate.rank <= libav.rank && candidate.accepts(anyOf: libav) {
                candidate.rank = libav.rank + 1
                if !promoted.contains(candidate.name) { promoted.append(candidate.name) }
            }
        }
        return promoted
    }
}

/// One decoder factory from the registry: its name, plugin, rank and the caps its sink pads accept.
private final class Decoder {
    let factory: OpaquePointer
    let name: String
    let plugin: String
    let sinkCaps: UnsafeMutablePointer<GstCaps>

    init(factory: OpaquePointer) {
        self.factory = factory
        let allocatedName = gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self))
        name = allocatedName.map { String(cString: $0) } ?? ""
        g_free(allocatedName)
        plugin = gst_plugin_feature_get_plugin_name(factory).map { String(cString: $0) } ?? ""
        let caps = gst_caps_new_empty()!
        var node = gst_element_factory_get_static_pad_templates(factory)
        while let current = node {
            let template = UnsafeMutableRawPointer(current.pointee.data)!.assumingMemoryBound(to: GstStaticPadTemplate.self)
            if template.pointee.direction == GST_PAD_SINK, let accepted = gst_static_pad_template_get_caps(template) {
                gst_caps_append(caps, accepted)  // takes `accepted`
            }
            node = UnsafePointer(current.pointee.next)
        }
        sinkCaps = caps
    }

    /// The factory's rank; setting it changes what autoplugging picks, in this process.
    var rank: UInt32 {
        get { gst_plugin_feature_get_rank(factory) }
        set { gst_plugin_feature_set_rank(factory, newValue) }
    }

    /// Whether some stream `other` decodes could be given to this decoder.
    func accepts(anyOf other: Decoder) -> Bool {
        gst_caps_can_intersect(sinkCaps, other.sinkCaps) != 0
    }

    func release() {
        gst_mini_object_unref(UnsafeMutableRawPointer(sinkCaps).assumingMemoryBound(to: GstMiniObject.self))
    }
}
