import CGStreamer

/// The audio file types the installed GStreamer plugins can play, as MIME types (MPRIS
/// `SupportedMimeTypes`). A type counts when its demuxer or parser and a decoder are both installed.
public enum DecoderCatalog {
    /// Each file type, with the element groups it needs: one factory from every group must exist.
    private static let requirements: [(mimeTypes: [String], needs: [[String]])] = [
        (["audio/mpeg", "audio/mp3"], [["mpegaudioparse"], ["mpg123audiodec", "avdec_mp3", "mpg123"]]),
        (["audio/ogg", "audio/vorbis", "audio/x-vorbis+ogg"], [["oggdemux"], ["vorbisdec"]]),
        (["audio/opus", "audio/x-opus+ogg"], [["oggdemux"], ["opusdec"]]),
        (["audio/flac", "audio/x-flac"], [["flacparse"], ["flacdec", "avdec_flac"]]),
        (["audio/mp4", "audio/x-m4a", "audio/aac"], [["qtdemux"], ["avdec_aac", "faad", "fdkaacdec"]]),
        (["audio/wav", "audio/x-wav"], [["wavparse"]]),
        (["audio/webm"], [["matroskademux"], ["opusdec", "vorbisdec"]]),
    ]

    /// The MIME types whose elements are installed (GStreamer is initialised if needed).
    public static func supportedMimeTypes() throws(PlaybackSetupError) -> [String] {
        try GStreamer.initialize()
        return requirements.filter { entry in
            entry.needs.allSatisfy { group in group.contains(where: isInstalled) }
        }.flatMap(\.mimeTypes)
    }

    private static func isInstalled(_ factory: String) -> Bool {
        guard let found = gst_element_factory_find(factory) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(found))
        return true
    }
}
