import EarshotTestSupport
import Foundation
import Glibc

/// MP3 episodes generated once per test run with GStreamer's real encoder (audiotestsrc → lamemp3enc,
/// with the Xing/Info header LAME-encoded podcasts carry),
/// and the feed that lists them: two long enough to seek around in, one short one to reach its end.
enum AudioFixtures {
    /// (file name, seconds); the feed lists the newest first.
    static let episodes: [(name: String, seconds: Int)] = [("newest.mp3", 50), ("middle.mp3", 3), ("oldest.mp3", 50)]

    private static let cache = Cache()

    /// The generated files' bytes by name.
    static func files() throws -> [String: [UInt8]] { try cache.files() }

    /// A real PNG made by GStreamer's encoder, for the cover-art tests: 64 × 64 of videotestsrc's
    /// `pattern` (its colour bars unless told).
    static func coverPNG(pattern: String = "smpte") throws -> [UInt8] { try cache.cover(pattern: pattern) }

    /// The feed: newest first, enclosure URLs under `audio` on the audio server (`audioBase`), the
    /// channel image at `art/cover.png` there.
    static func feed(audioBase: URL, extraItems: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
        <channel><title>Daemon Show</title><itunes:author>Test Author</itunes:author>
        <itunes:image href="\(audioBase.absoluteString)/art/cover.png"/>
        \(extraItems)
        <item><guid>ep-newest</guid><title>Newest episode</title><pubDate>Wed, 03 Jan 2024 10:00:00 GMT</pubDate>
          <description>&lt;p&gt;The newest one&lt;/p&gt;</description>
          <enclosure url="\(audioBase.absoluteString)/audio/newest.mp3" type="audio/mpeg" length="1"/></item>
        <item><guid>ep-middle</guid><title>Middle episode</title><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate>
          <enclosure url="\(audioBase.absoluteString)/audio/middle.mp3" type="audio/mpeg" length="1"/></item>
        <item><guid>ep-nosound</guid><title>No audio</title><pubDate>Mon, 01 Jan 2024 12:00:00 GMT</pubDate></item>
        <item><guid>ep-oldest</guid><title>Oldest episode</title><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate>
          <itunes:duration>0:50</itunes:duration>
          <enclosure url="\(audioBase.absoluteString)/audio/oldest.mp3" type="audio/mpeg" length="1"/></item>
        </channel></rss>
        """
    }

    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var generated: [String: [UInt8]]?

        func files() throws -> [String: [UInt8]] {
            try lock.withLock {
                if let generated { return generated }
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-audio-\(getpid())")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                var files: [String: [UInt8]] = [:]
                for (index, episode) in episodes.enumerated() {
                    let path = directory.appendingPathComponent(episode.name).path
                    let buffers = episode.seconds * 44_100 / 1024
                    let status = try ChildProcess(
                        ["gst-launch-1.0", "-q", "audiotestsrc", "num-buffers=\(buffers)", "freq=\(330 + index * 110)",
                         "!", "audioconvert", "!", "lamemp3enc", "target=bitrate", "bitrate=32", "cbr=true",
                         "!", "xingmux", "!", "filesink", "location=\(path)"]).wait()
                    guard status == 0 else { throw TestFailure("could not encode \(episode.name)") }
                    files[episode.name] = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                }
                generated = files
                return files
            }
        }

        private var pngs: [String: [UInt8]] = [:]

        func cover(pattern: String) throws -> [UInt8] {
            try lock.withLock {
                if let png = pngs[pattern] { return png }
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-cover-\(getpid())-\(pattern).png").path
                let status = try ChildProcess(["gst-launch-1.0", "-q", "videotestsrc", "pattern=\(pattern)", "num-buffers=1", "!",
                                               "video/x-raw,width=64,height=64", "!", "pngenc", "!", "filesink",
                                               "location=\(path)"]).wait()
                guard status == 0 else { throw TestFailure("could not make a PNG") }
                let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                pngs[pattern] = bytes
                return bytes
            }
        }
    }
}
