import Foundation

/// Turns the outlines of an OPML file, in document order, into its feeds and skipped entries.
///
/// - An outline with an `xmlUrl` attribute (whatever its `type`) is a feed when the address is an
///   absolute http or https URL (white space around it removed; `feed://`, `itpc://`, `pcast://`,
///   `podcast://` read as http) that did not appear before; otherwise it is skipped with the reason.
/// - An outline of `type="link"` or `"include"` with a `url` is skipped as a link: Earshot neither
///   guesses a feed from a link's look nor follows it.
/// - An outline of `type="rss"` without an address is skipped.
/// - Any of those inside an `isComment="true"` outline is skipped as commented out.
/// - Other outlines (folders, notes) are passed over silently; the outlines inside folders count.
///
/// The title is the `title` attribute, else `text` (gPodder writes the show's description into `text`
/// and its title into `title`), white space trimmed; one that is empty or just repeats the address is
/// none.
struct OPMLCollector {
    private(set) var result = OPMLParseResult()
    /// The line where each feed address first appeared, by `OPMLAddress.identity`.
    private var firstLines: [String: Int] = [:]

    mutating func add(_ outline: OPMLOutline) {
        let reason: OPMLSkipReason
        if let written = outline.xmlURL {
            switch OPMLAddress.feedURL(written) {
            case .feed(let url) where !outline.isComment:
                let key = OPMLAddress.identity(url)
                if let firstLine = firstLines[key] {
                    reason = .duplicate(firstLine: firstLine)
                } else {
                    firstLines[key] = outline.line
                    result.feeds.append(OPMLFeed(url: url, title: Self.title(of: outline, for: url),
                                                 htmlURL: OPMLAddress.webPage(outline.htmlURL)))
                    return
                }
            case .feed: reason = .commentedOut
            case .skip(let why): reason = outline.isComment ? .commentedOut : why
            }
        } else if outline.isLink {
            reason = outline.isComment ? .commentedOut : .link
        } else if outline.isMarkedAsFeed {
            reason = outline.isComment ? .commentedOut : .missingAddress
        } else {
            return
        }
        result.skipped.append(OPMLSkippedEntry(line: outline.line, label: outline.label, reason: reason))
    }

    private static func title(of outline: OPMLOutline, for url: URL) -> String? {
        let written = outline.xmlURL?.trimmingCharacters(in: .whitespacesAndNewlines)
        for candidate in [outline.title, outline.text] {
            guard let title = candidate?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty else { continue }
            if title == written || title == url.absoluteString { continue }
            return title
        }
        return nil
    }
}
