import CEarshot
import CGLib
import CGStreamer
import Foundation

/// The audio formats the engine must play, each generated at test time through its real encoder.
enum AudioFormat: String, CaseIterable, Sendable {
    case mp3CBR, mp3VBR, mp3VBRXing, aacM4A, vorbis, opus, flac, wav

    /// File extension and the Content-Type a podcast host would send.
    var fileExtension: String {
        switch self {
        case .mp3CBR, .mp3VBR, .mp3VBRXing: "mp3"
        case .aacM4A: "m4a"
        case .vorbis, .opus: "ogg"
        case .flac: "flac"
        case .wav: "wav"
        }
    }

    var contentType: String {
        switch self {
        case .mp3CBR, .mp3VBR, .mp3VBRXing: "audio/mpeg"
        case .aacM4A: "audio/mp4"
        case .vorbis, .opus: "audio/ogg"
        case .flac: "audio/flac"
        case .wav: "audio/wav"
        }
    }

    /// Whether this machine has the encoder (AAC may be missing).
    var isAvailable: Bool { encoder != "unavailable" }

    /// Whether decoding gives back exactly the samples that were encoded.
    var isLossless: Bool { self == .flac || self == .wav }

    /// The encoder part of the gst-launch pipeline (nil for WAV, the master every other format is encoded
    /// from); `isAvailable` says whether it is installed.
    var encoder: String? {
        switch self {
        case .mp3CBR: "lamemp3enc target=bitrate bitrate=128 cbr=true"
        case .mp3VBR: "lamemp3enc target=quality quality=4"
        case .mp3VBRXing: "lamemp3enc target=quality quality=4 ! xingmux"
        case .aacM4A:
            if GStreamerTestSupport.hasElement("voaacenc") { "voaacenc bitrate=128000 ! mp4mux" }
            else if GStreamerTestSupport.hasElement("avenc_aac") { "avenc_aac ! mp4mux" }
            else { "unavailable" }
        case .vorbis: "vorbisenc quality=0.6 ! oggmux"
        case .opus: "audioresample ! audio/x-raw,rate=48000 ! opusenc bitrate=128000 ! oggmux"
        case .flac: "flacenc"
        case .wav: nil  // the master itself
        }
    }
}

/// Generated audio files, made once per test run in a temporary directory and shared by all tests.
///
/// The programme alternates white noise (which no codec can predict, so every position sounds different)
/// with silence (which VBR encoders code in tiny frames): VBR files really vary their bitrate, so a seek
/// that estimated byte offsets from an average bitrate would land on the wrong audio.
enum AudioFixtures {
    /// Noise and silence spans, in seconds, in order.
    static let programme: [(noise: Bool, seconds: Double)] = [(true, 1.5), (false, 1.0), (true, 1.5), (false, 0.5), (true, 1.5)]
    /// Total length in seconds.
    static let length = programme.reduce(0) { $0 + $1.seconds }
    /// Positions inside the noise spans, away from their edges.
    static let noiseTargets: [Double] = [0.734_567, 2.9, 3.4, 5.123_456]

    /// A temporary directory for this test run, removed when the process exits.
    private static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-playback-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: AudioFixtures.directory) }
        return url
    }()

    private static let lock = NSRecursiveLock()  // file(_:) makes the master through file(.wav)
    nonisolated(unsafe) private static var made: [AudioFormat: URL] = [:]

    /// The file for `format`, encoding it on first use (nil when its encoder is not installed).
    static func file(_ format: AudioFormat) throws -> URL? {
        try lock.withLock {
            if let url = made[format] { return url }
            guard format.isAvailable else { return nil }
            let url = directory.appendingPathComponent("\(format.rawValue).\(format.fileExtension)")
            if let encoder = format.encoder {
                let master = try masterFile()
                try GStreamerTestSupport.run(
                    "filesrc location=\"\(master.path)\" ! wavparse ! audioconvert ! \(encoder) ! filesink location=\"\(url.path)\"")
            } else {
                try GStreamerTestSupport.run(programmePipeline(encoder: "wavenc", output: url))
            }
            made[format] = url
            return url
        }
    }

    /// The bytes of `format`'s file.
    static func bytes(_ format: AudioFormat) throws -> [UInt8]? {
        try file(format).map { [UInt8](try Data(contentsOf: $0)) }
    }

    /// The programme as WAV, from which the other formats are encoded (encoders such as flacenc and
    /// xingmux do not accept the segment changes `concat` produces, so they get one continuous stream).
    private static func masterFile() throws -> URL {
        try file(.wav)!
    }

    /// A gst-launch pipeline that renders the programme (44.1 kHz stereo) with `encoder` into `output`.
    static func programmePipeline(encoder: String, output: URL) -> String {
        let rate = 44_100, perBuffer = 441
        let caps = "audio/x-raw,format=S16LE,rate=\(rate),channels=2,layout=interleaved"
        var parts = ["concat name=c ! audioconvert ! \(encoder) ! filesink location=\"\(output.path)\""]
        for span in programme {
            let buffers = Int((span.seconds * Double(rate) / Double(perBuffer)).rounded())
            let wave = span.noise ? "white-noise volume=0.4" : "silence"
            parts.append("audiotestsrc wave=\(wave) samplesperbuffer=\(perBuffer) num-buffers=\(buffers) ! \(caps) ! c.")
        }
        return parts.joined(separator: " ")
    }
}
