import EarshotCore
import EarshotFeed
import Foundation

/// One line the transcriber writes on stdout (the helper's protocol, docs/transcription.md, "In the daemon"):
/// what it is, a stretch of speech, the end, or why it cannot work.
enum TranscriberLine: Equatable {
    case describe(EngineDescription)
    case segment(TranscriptSegment)
    case done(seconds: Double)
    case error(String)

    /// The line read, or nil for a line that is not one of these (it is logged and skipped).
    init?(_ line: Substring) {
        guard line.utf8.count <= 64 * 1024, let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        if let error = object["error"] as? String {
            self = .error(String(error.prefix(500)))
        } else if object["done"] as? Bool == true {
            self = .done(seconds: Self.seconds(object["seconds"]) ?? 0)
        } else if let text = object["text"] as? String {
            guard let start = Self.seconds(object["start"]), let end = Self.seconds(object["end"]), end >= start else { return nil }
            self = .segment(TranscriptSegment(start: start, end: end, speaker: nil, text: String(text.prefix(10_000))))
        } else if let engine = object["engine"] as? String {
            let languages = (object["languages"] as? [Any] ?? []).compactMap { $0 as? String }
            self = .describe(EngineDescription(engine: String(engine.prefix(100)), model: String((object["model"] as? String ?? "").prefix(100)),
                                               version: String((object["version"] as? String ?? "").prefix(100)), languages: languages,
                                               sampleRate: (object["sampleRate"] as? NSNumber)?.intValue ?? 16_000))
        } else {
            return nil
        }
    }

    /// A finite, non-negative number of seconds below a year, else nil.
    private static func seconds(_ value: Any?) -> Double? {
        guard let seconds = (value as? NSNumber)?.doubleValue else { return nil }
        return seconds.isFinite && seconds >= 0 && seconds < 366 * 86_400 ? seconds : nil
    }
}
