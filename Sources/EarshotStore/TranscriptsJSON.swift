import EarshotFeed
import Foundation

/// An episode's transcript links as stored: a JSON array of `TranscriptLink`, or NULL for none.
enum TranscriptsJSON {
    /// The JSON text for `links`; nil when there are none.
    static func text(_ links: [TranscriptLink]) -> String? {
        guard !links.isEmpty, let data = try? JSONEncoder().encode(links) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The links in `text`; nil when it is not such a JSON array.
    static func links(_ text: String) -> [TranscriptLink]? {
        try? JSONDecoder().decode([TranscriptLink].self, from: Data(text.utf8))
    }
}
