import EarshotFeed
import EarshotLocale
import EarshotStore
import Foundation

/// Finding shows: searching the podcast directories, Apple's charts, and the last numbered list a
/// listener was shown (`ResultList`). Directories are asked only here, when a listener searches, asks
/// for the charts, or subscribes to a directory's page of a show (`Finder+Subscribing`), and only those
/// the settings name. Several are asked at once (`DirectoryRound`), each within the timeout, and their
/// answers merged (`ShowRanking`); a directory that fails is reported beside the others' shows. Runs on
/// the loop; the network is behind the `DirectoryAsking` and `PageReading` seams.
public final class Finder {
    /// Which directories are asked, in order of preference, and for how long each.
    public struct Settings: Sendable, Equatable {
        public var directories: [Directory]
        public var timeout: Duration

        public static let defaultTimeout: Duration = .seconds(10)

        public init(directories: [Directory] = [.itunes, .fyyd], timeout: Duration = Self.defaultTimeout) {
            self.directories = directories
            self.timeout = timeout
        }
    }

    let library: Library
    let timers: Timers
    private(set) var asking: DirectoryAsking?
    private(set) var pages: PageReading?
    public private(set) var settings = Settings()
    /// The last numbered list shown, fresh or not.
    var latest: ResultList?
    /// Web pages waiting to be read, and how many are being read (at most `pagesAtOnce`).
    var waitingPages = FIFO<(URL, (Result<[FeedLink], WebPageError>) -> Void)>()
    var pagesReading = 0
    static let pagesAtOnce = 4

    init(library: Library, timers: Timers) {
        self.library = library
        self.timers = timers
    }

    /// Directories are asked through `directories` as `settings` say; web pages are read through `pages`.
    public func connect(directories: DirectoryAsking, pages: PageReading, settings: Settings) {
        asking = directories
        self.pages = pages
        self.settings = settings
    }

    /// The last numbered list, while its numbers may be used (`ResultList.freshness`).
    public var recentResults: ResultList? { latest.flatMap { $0.isFresh(at: timers.now) ? $0 : nil } }

    /// Searches every configured directory for `terms`; the merged list (even an empty one) becomes the
    /// recent one.
    public func search(_ terms: String, completion: @escaping (FinderAnswer) -> Void) throws(LibraryError) {
        let words = terms.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !words.isEmpty else { throw .invalidSetting(tr("give some words to search for")) }
        try ask(.search(words), of: settings.directories, origin: .search(words), terms: words, completion: completion)
    }

    /// Apple's top podcasts in `country` (two letters), in `genre` (a name or number, nil: all).
    public func top(country: String, genre: String?, completion: @escaping (FinderAnswer) -> Void) throws(LibraryError) {
        let code = country.lowercased()
        guard code.count == 2, code.allSatisfy({ ("a"..."z").contains($0) }) else {
            throw .invalidSetting(tr("a country is two letters (ISO 3166), like us or de, not “%s”", "\(country)"))
        }
        var chosen: AppleGenre?
        if let genre {
            guard let named = AppleGenre.named(genre) else {
                throw .invalidSetting(tr("Apple has no genre “%1$s” (its genres: %2$s)", "\(genre)", "\(AppleGenre.spellings)"))
            }
            chosen = named
        }
        guard settings.directories.contains(.itunes) else {
            throw .invalidSetting(tr("the charts are Apple's, and itunes is not among the directories configured"))
        }
        try ask(.chart(country: code, genre: chosen), of: [.itunes], origin: .chart(country: code, genre: chosen), terms: nil,
                completion: completion)
    }

    private func ask(_ query: DirectoryQuery, of directories: [Directory], origin: ResultList.Origin, terms: String?,
                     completion: @escaping (FinderAnswer) -> Void) throws(LibraryError) {
        guard let asking, !directories.isEmpty else {
            throw .invalidSetting(tr("no directories are configured (directories = itunes, fyyd, podcastindex)"))
        }
        _ = DirectoryRound(query, of: directories, through: asking, timers: timers, timeout: settings.timeout) { [weak self] answers in
            guard let self else { return }
            let lists = answers.compactMap { try? $0.1.get() }
            let failures = answers.compactMap { directory, result -> DirectoryFailure? in
                guard case .failure(let error) = result else { return nil }
                return DirectoryFailure(directory: directory, error: error)
            }
            let list = ResultList(origin: origin, shows: marked(ShowRanking.merged(lists, terms: terms)), made: timers.now,
                                  madeAt: timers.date)
            latest = list
            completion(FinderAnswer(list: list, failures: failures))
        }
    }

    /// `shows` with the podcast each is in the library already.
    func marked(_ shows: [FoundShow]) -> [FoundShow] {
        var subscribed: [FeedKey: PodcastID] = [:]
        for podcast in library.podcasts {
            for url in [podcast.url] + podcast.formerURLs where subscribed[FeedKey(url)] == nil { subscribed[FeedKey(url)] = podcast.id }
        }
        return shows.map { show in
            var show = show
            show.podcast = subscribed[FeedKey(show.feed)]
            return show
        }
    }
}

/// What a search or a chart found, and which directories failed.
public struct FinderAnswer: Sendable {
    public let list: ResultList
    public let failures: [DirectoryFailure]
}

/// A directory that gave no answer, and why.
public struct DirectoryFailure: Sendable, Equatable, CustomStringConvertible {
    public let directory: Directory
    public let error: DirectoryError

    public var description: String { "\(directory.name) \(error)" }
}
