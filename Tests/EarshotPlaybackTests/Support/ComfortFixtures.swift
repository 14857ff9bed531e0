import Foundation

/// Generated episodes for the listening-comfort tests: spans of tone, noise or silence, encoded at test
/// time, plus MP3s carrying ID3v2.4 chapter frames.
enum ComfortFixtures {
    /// One span of the programme: an `audiotestsrc` wave at a volume, for some seconds.
    struct Span {
        let wave: String
        let volume: Double
        let seconds: Double

        static func tone(_ seconds: Double, volume: Double = 0.5) -> Span { Span(wave: "sine", volume: volume, seconds: seconds) }
        static func silence(_ seconds: Double) -> Span { Span(wave: "silence", volume: 0, seconds: seconds) }
    }

    private static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-comfort-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: ComfortFixtures.directory) }
        return url
    }()

    /// Renders `spans` (44.1 kHz mono) through `encoder` into a new file named `name`.
    static func make(_ name: String, _ spans: [Span], encoder: String = "wavenc") throws -> URL {
        let url = directory.appendingPathComponent(name)
        let perBuffer = 441
        var parts = ["concat name=c ! audioconvert ! \(encoder) ! filesink location=\"\(url.path)\""]
        for span in spans {
            let buffers = Int((span.seconds * 100).rounded())
            parts.append("audiotestsrc wave=\(span.wave) freq=440 volume=\(span.volume) samplesperbuffer=\(perBuffer) num-buffers=\(buffers) ! audio/x-raw,format=S16LE,rate=44100,channels=1 ! c.")
        }
        try GStreamerTestSupport.run(parts.joined(separator: " "))
        return url
    }

    /// A copy of `mp3` with an ID3v2.4 tag in front holding a CTOC and one CHAP (with a UTF-8 TIT2) per
    /// chapter; `end` closes the last chapter.
    static func withChapters(_ mp3: URL, _ chapters: [(milliseconds: UInt32, title: String)], end: UInt32, name: String) throws -> URL {
        var frames: [UInt8] = []
        let ids = chapters.indices.map { Array("chp\($0)".utf8) }
        frames += frame("CTOC", Array("toc".utf8) + [0, 0x03, UInt8(ids.count)] + ids.flatMap { $0 + [0] })
        for (index, chapter) in chapters.enumerated() {
            let stop = index + 1 < chapters.count ? chapters[index + 1].milliseconds : end
            let title = frame("TIT2", [3] + Array(chapter.title.utf8) + [0])
            frames += frame("CHAP", ids[index] + [0] + bigEndian(chapter.milliseconds) + bigEndian(stop)
                            + bigEndian(.max) + bigEndian(.max) + title)
        }
        let tag = Array("ID3".utf8) + [4, 0, 0] + syncsafe(frames.count) + frames
        let url = directory.appendingPathComponent(name)
        try Data(tag + (try Data(contentsOf: mp3))).write(to: url)
        return url
    }

    private static func frame(_ id: String, _ body: [UInt8]) -> [UInt8] {
        Array(id.utf8) + syncsafe(body.count) + [0, 0] + body
    }

    private static func syncsafe(_ value: Int) -> [UInt8] {
        [21, 14, 7, 0].map { UInt8((value >> $0) & 0x7F) }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) }
    }
}
