import EarshotTestSupport
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

    /// A copy of `mp3` with an ID3v2.4 tag in front holding a CTOC and one CHAP per chapter (see
    /// `ID3Chapters`); `end` closes the last chapter.
    static func withChapters(_ mp3: URL, _ chapters: [(milliseconds: UInt32, title: String)], end: UInt32, name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(ID3Chapters.tagged(Array(try Data(contentsOf: mp3)), chapters, end: end)).write(to: url)
        return url
    }
}
