import EarshotFeed
import Foundation

/// Chapters as stored: a JSON array of `Chapter`, or NULL for none.
enum ChaptersJSON {
    /// The JSON text for `chapters`; nil when there are none. Chapters whose start is not a finite
    /// number cannot be written as JSON and are left out.
    static func text(_ chapters: [Chapter]) -> String? {
        let storable = chapters.filter { $0.start.isFinite }
        guard !storable.isEmpty, let data = try? JSONEncoder().encode(storable) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The chapters in `text`; nil when it is not such a JSON array. A chapter whose start is not a time
    /// within an episode (`EpisodeTime`, stored before that rule) is left out.
    static func chapters(_ text: String) -> [Chapter]? {
        (try? JSONDecoder().decode([Chapter].self, from: Data(text.utf8)))?.filter { EpisodeTime.checked($0.start) != nil }
    }
}
