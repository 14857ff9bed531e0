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
        let about = switch kind {
        case "search": "the search for “\(entry.string("terms") ?? "")”"
        case "chart": "Apple's top podcasts in \((entry.string("country") ?? "").uppercased())"
            + (entry.string("genre").map { " (\($0))" } ?? "")
        case "recommended": "the shows your shows recommend"
        default: "the feeds of \(entry.string("page") ?? "a web page")"
        }
        self.init(about: about, made: entry.date("made"), shows: shows)
    }
}
