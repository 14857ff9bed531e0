import CGLib
import CGStreamer

/// Finds chapters in the pipeline's TAG and TOC messages.
enum ChapterReader {
    /// The chapters of the ID3v2 CHAP frames a TAG message carries (none when it carries none).
    static func chapters(inTagMessage message: UnsafeMutablePointer<GstMessage>) -> [AudioChapter] {
        var tags: UnsafeMutablePointer<GstTagList>?
        gst_message_parse_tag(message, &tags)
        guard let tags else { return [] }
        defer { gst_tag_list_unref(tags) }
        let name = "private-id3v2-frame"
        var frames: [ID3ChapterParser.Frame] = []
        for index in 0..<gst_tag_list_get_tag_size(tags, name) {
            var sample: OpaquePointer?
            guard gst_tag_list_get_sample_index(tags, name, index, &sample) != 0, let sample else { continue }
            defer { gst_sample_unref(sample) }
            var version: gint = 4
            if let info = gst_sample_get_info(sample) { gst_structure_get_int(info, "version", &version) }
            guard let buffer = gst_sample_get_buffer(sample) else { continue }
            var map = GstMapInfo()
            guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { continue }
            if let data = map.data { frames.append(.init(bytes: Array(UnsafeBufferPointer(start: data, count: Int(map.size))), version: Int(version))) }
            gst_buffer_unmap(buffer, &map)
        }
        return ID3ChapterParser.chapters(in: frames)
    }

    /// The chapters of a TOC message (editions are walked into; entries without a start are skipped).
    static func chapters(inTOCMessage message: UnsafeMutablePointer<GstMessage>) -> [AudioChapter] {
        var toc: OpaquePointer?
        var updated: gboolean = 0
        gst_message_parse_toc(message, &toc, &updated)
        guard let toc else { return [] }
        defer { gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(toc)) }  // gst_toc_unref is a macro
        return chapters(in: gst_toc_get_entries(toc)).sorted { $0.start < $1.start }
    }

    private static func chapters(in list: UnsafeMutablePointer<GList>?) -> [AudioChapter] {
        var found: [AudioChapter] = []
        var node = list
        while let current = node {
            node = current.pointee.next
            guard let raw = current.pointee.data else { continue }
            let entry = OpaquePointer(raw)
            if gst_toc_entry_get_entry_type(entry) == GST_TOC_ENTRY_TYPE_EDITION {
                found += chapters(in: gst_toc_entry_get_sub_entries(entry))
                continue
            }
            var start: gint64 = -1, stop: gint64 = -1
            guard gst_toc_entry_get_start_stop_times(entry, &start, &stop) != 0, start >= 0 else { continue }
            var title = ""
            if let tags = gst_toc_entry_get_tags(entry) {
                var text: UnsafeMutablePointer<gchar>?
                if gst_tag_list_get_string(tags, "title", &text) != 0, let text {
                    title = String(cString: text)
                    g_free(text)
                }
            }
            found.append(AudioChapter(start: Double(start) / 1e9, title: title))
        }
        return found
    }
}
