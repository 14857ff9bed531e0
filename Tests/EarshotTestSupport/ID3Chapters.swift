/// Test audio with chapters: what podcast MP3s carry.
///
/// An ID3v2.4 tag with a CTOC and one CHAP (with a UTF-8 TIT2) per chapter, put in front of an MP3.
public enum ID3Chapters {
    /// `mp3` with the tag in front; `end` (milliseconds) closes the last chapter.
    public static func tagged(_ mp3: [UInt8], _ chapters: [(milliseconds: UInt32, title: String)], end: UInt32) -> [UInt8] {
        var frames: [UInt8] = []
        let ids = chapters.indices.map { Array("chp\($0)".utf8) }
        frames += frame("CTOC", Array("toc".utf8) + [0, 0x03, UInt8(ids.count)] + ids.flatMap { $0 + [0] })
        for (index, chapter) in chapters.enumerated() {
            let stop = index + 1 < chapters.count ? chapters[index + 1].milliseconds : end
            let title = frame("TIT2", [3] + Array(chapter.title.utf8) + [0])
            frames += frame("CHAP", ids[index] + [0] + bigEndian(chapter.milliseconds) + bigEndian(stop)
                            + bigEndian(.max) + bigEndian(.max) + title)
        }
        return Array("ID3".utf8) + [4, 0, 0] + syncsafe(frames.count) + frames + mp3
    }

    private static func frame(_ id: String, _ body: [UInt8]) -> [UInt8] { Array(id.utf8) + syncsafe(body.count) + [0, 0] + body }
    private static func syncsafe(_ value: Int) -> [UInt8] { [21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) } }
    private static func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
}
