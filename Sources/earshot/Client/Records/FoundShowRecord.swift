import EarshotLocale
import Foundation

/// A show found by `earshot search` or `earshot top` (a found show dictionary of org.earshot.Earshot1),
/// as `--json` prints it: the D-Bus keys, instants in ISO 8601, unknown values left out.
struct FoundShowRecord: Encodable, Equatable {
    var number: Int
    var title: String
    var author: String?
    /// The feed.
    var url: String
    var episodes: Int?
    var latest: Date?
    var art: String?
    var link: String?
    var directories: [String]
    /// The podcast the library has this feed as.
    var podcast: Int64?
}

extension FoundShowRecord {
    /// Reads a found show dictionary; nil without a number or a feed.
    init?(_ entry: Vardict) {
        guard let number = entry.count("number"), let url = entry.string("url") else { return nil }
        self.init(number: number, title: entry.string("title") ?? url, author: entry.string("author"), url: url,
                  episodes: entry.count("episodes"), latest: entry.date("latest"), art: entry.string("art"), link: entry.string("link"),
                  directories: entry.strings("directories"), podcast: entry.integer("podcast"))
    }
}

/// What a search or a chart answered: the shows, and the directories that gave none (and why).
struct FoundShows: Encodable, Equatable {
    struct Failure: Encodable, Equatable {
        var directory: String
        var error: String
    }

    var results: [FoundShowRecord]
    var failures: [Failure]

    /// One line per directory that failed: "fyyd did not answer within 10 s".
    var failureLines: [String] { failures.map { "\($0.directory) \($0.error)" } }
}

/// The last numbered list, as Results gives it: what it answered and when, and its shows.
struct RecentResults {
    var about: String
    var made: Date?
    var shows: [FoundShowRecord]
}

extension RecentResults {
    /// Reads Results' answer; nil when there is no fresh list.
    init?(about entry: Vardict?, shows: [FoundShowRecord]) {
        guard let entry, let kind = entry.string("kind") else { return nil }
        let country = (entry.string("country") ?? "").uppercased()
        let about = switch kind {
        // TRANSLATORS: a numbered list of shows, as in "there is no show 9 in the search for “news”".
        case "search": tr("the search for “%s”", entry.string("terms") ?? "")
        // TRANSLATORS: a numbered list of shows: Apple's chart for a country (%1$s, its code: DE) and a genre (%2$s).
        case "chart": entry.string("genre").map { tr("Apple's top podcasts in %1$s (%2$s)", country, $0) }
            // TRANSLATORS: a numbered list of shows: Apple's chart for a country (%s, its code: DE).
            ?? tr("Apple's top podcasts in %s", country)
        // TRANSLATORS: a numbered list of shows: those the library's shows recommend (podcast:podroll).
        case "recommended": tr("the shows your shows recommend")
        // TRANSLATORS: a numbered list of shows: the feeds a web page links to (%s, its address).
        default: entry.string("page").map { tr("the feeds of %s", $0) } ?? tr("the feeds of a web page")
        }
        self.init(about: about, made: entry.date("made"), shows: shows)
    }
}
