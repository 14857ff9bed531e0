import CEarshot
import CGStreamer
import Testing
@testable import EarshotPlayback

/// Native decoders win over FFmpeg's for the same format, so an MP3 or AAC episode never maps libav's
/// 30-odd megabytes of libraries; libav stays available for what nothing else decodes.
@Suite("Decoder preference")
struct DecoderPreferenceTests {
    /// The decoders autoplugging would try for `caps`, best first (what decodebin does: filter the
    /// registry's audio decoders by sink caps, sort by rank).
    private func candidates(for caps: String) throws -> [String] {
        try GStreamer.initialize()
        let kinds = GstElementFactoryListType(EARSHOT_GST_FACTORY_TYPE_AUDIO_DECODER)
        let all = try #require(gst_element_factory_list_get_elements(kinds, GST_RANK_MARGINAL))
        defer { gst_plugin_feature_list_free(all) }
        let wanted = try #require(gst_caps_from_string(caps))
        defer { gst_mini_object_unref(UnsafeMutableRawPointer(wanted).assumingMemoryBound(to: GstMiniObject.self)) }
        let filtered = gst_element_factory_list_filter(all, wanted, GST_PAD_SINK, 0)
        let sorted = g_list_sort(filtered, gst_plugin_feature_rank_compare_func)
        defer { gst_plugin_feature_list_free(sorted) }
        var names: [String] = []
        var node = sorted
        while let current = node {
            let object = UnsafeMutableRawPointer(current.pointee.data)!.assumingMemoryBound(to: GstObject.self)
            let name = gst_object_get_name(object)
            names.append(String(cString: name!))
            g_free(name)
            node = current.pointee.next
        }
        return names
    }

    @Test func mp3IsDecodedByMpg123BeforeLibav() throws {
        let names = try candidates(for: "audio/mpeg, mpegversion=(int)1, layer=(int)3, rate=(int)44100, channels=(int)2, parsed=(boolean)true")
        #expect(names.first == "mpg123audiodec")
        #expect(names.contains("avdec_mp3"), "libav stays as the fallback")
    }

    @Test func aacIsDecodedByFaadBeforeLibav() throws {
        let names = try candidates(for: "audio/mpeg, mpegversion=(int)4, stream-format=(string)raw, rate=(int)44100, channels=(int)2, framed=(boolean)true")
        #expect(names.first == "faad")
        #expect(names.contains("avdec_aac"), "libav stays as the fallback")
    }

    @Test func formatsOnlyLibavDecodesKeepLibav() throws {
        // WMA has no native decoder; its libav decoder must still be the one picked.
        try #require(GStreamerTestSupport.hasElement("avdec_wmav2"))
        let names = try candidates(for: "audio/x-wma, wmaversion=(int)2, rate=(int)44100, channels=(int)2, block_align=(int)2048, bitrate=(int)128000")
        #expect(names.first == "avdec_wmav2")
    }
}
