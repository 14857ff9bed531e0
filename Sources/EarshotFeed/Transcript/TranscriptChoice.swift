import Foundation

/// Which of an episode's transcripts to fetch.
///
/// The rule, in order:
/// 1. **Language.** For each of the listener's languages in turn (`ListenerLanguages`), a link in that
///    exact language (`en-GB` for `en-GB`, regardless of case), else in that language without the
///    region (`en`), else in the same language elsewhere (`en-US`): a listener who prefers English to
///    German gets an `en-US` transcript before a `de` one. Then links that name no language (they are
///    in the feed's language, when `feedLanguage` is given, and are matched by it as above), then any
///    other.
/// 2. **Format**, among links equally good by language: JSON, WebVTT, SubRip, HTML, plain text, then a
///    type Earshot cannot name (a link without a type is judged by its address's extension).
/// 3. The feed's order.
///
/// `rel="captions"` counts for nothing either way: closed captions are a transcript with times, as good
/// as any other file of their format.
public enum TranscriptChoice {
    /// The transcript to fetch from `links`, for a listener who reads `languages` (most preferred
    /// first); nil when there are no links.
    public static func best(of links: [TranscriptLink], languages: [String], feedLanguage: String? = nil) -> TranscriptLink? {
        let wanted = languages.map { $0.lowercased().replacingOccurrences(of: "_", with: "-") }
        return links.enumerated().min { left, right in
            let a = rank(left.element, wanted, feedLanguage), b = rank(right.element, wanted, feedLanguage)
            return (a.language, a.format, left.offset) < (b.language, b.format, right.offset)
        }?.element
    }

    /// How good `link` is: by language (lower is better: three for each place down the preferences, plus
    /// one for the language without the region, two for another region) and by format.
    private static func rank(_ link: TranscriptLink, _ wanted: [String], _ feedLanguage: String?) -> (language: Int, format: Int) {
        let format = (link.type.flatMap(TranscriptFormat.init(mediaType:)) ?? TranscriptFormat(pathExtension: link.url.pathExtension))?.rawValue
            ?? TranscriptFormat.allCases.count
        let unnamed = 3 * wanted.count
        guard let language = (link.language ?? feedLanguage)?.trimmingWhitespace().lowercased().replacingOccurrences(of: "_", with: "-"),
              !language.isEmpty else { return (unnamed, format) }
        let primary = ListenerLanguages.primary(language)
        for (place, preference) in wanted.enumerated() {
            if preference == language { return (3 * place, format) }
            if preference.hasPrefix(language + "-") { return (3 * place + 1, format) }
            if ListenerLanguages.primary(preference) == primary { return (3 * place + 2, format) }
        }
        return (link.language == nil ? unnamed : unnamed + 1, format)
    }
}
