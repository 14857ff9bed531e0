import EarshotCore
import EarshotFeed
import EarshotMPRIS
import Foundation

/// The dictionaries of Search, Top and Results (see dbus/org.earshot.Earshot1.xml).
enum FindingRecords {
    /// A numbered list's shows (`number` from 1).
    static func shows(_ list: ResultList) -> DBusValue {
        BusRecords.list(list.shows.enumerated().map { show($0.element, number: $0.offset + 1) })
    }

    static func show(_ show: FoundShow, number: Int) -> DBusValue {
        var entries: [(String, DBusValue)] = [
            ("number", .uint32(UInt32(clamping: number))), ("title", .string(show.title)), ("url", .string(show.feed.absoluteString)),
            ("directories", .stringArray(show.directories.map(\.name))),
        ]
        if let author = show.author { entries.append(("author", .string(author))) }
        if let episodes = show.episodes { entries.append(("episodes", .uint32(UInt32(clamping: episodes)))) }
        if let latest = show.latest { entries.append(("latest", .int64(seconds(latest)))) }
        if let art = show.artwork { entries.append(("art", .string(art.absoluteString))) }
        if let website = show.website { entries.append(("link", .string(website.absoluteString))) }
        if let podcast = show.podcast { entries.append(("podcast", .int64(podcast.rawValue))) }
        return .vardict(entries)
    }

    static func failures(_ failures: [DirectoryFailure]) -> DBusValue {
        BusRecords.list(failures.map { failure in
            .vardict([("directory", .string(failure.directory.name)), ("error", .string("\(failure.error)"))])
        })
    }

    /// What a list answers: kind s ("search", "chart", "page" or "recommended"), terms s, country s,
    /// genre s, page s, made x.
    static func about(_ list: ResultList) -> DBusValue {
        var entries: [(String, DBusValue)] = [("made", .int64(seconds(list.madeAt)))]
        switch list.origin {
        case .search(let terms):
            entries += [("kind", .string("search")), ("terms", .string(terms))]
        case .chart(let country, let genre):
            entries += [("kind", .string("chart")), ("country", .string(country))]
            if let genre { entries.append(("genre", .string(genre.name))) }
        case .page(let page):
            entries += [("kind", .string("page")), ("page", .string(page.absoluteString))]
        case .recommended:
            entries.append(("kind", .string("recommended")))
        }
        return .vardict(entries)
    }

    /// The feeds a web page links to (Subscribe's `choices`).
    static func choices(_ links: [FeedLink]) -> DBusValue {
        BusRecords.list(links.enumerated().map { index, link in
            var entries: [(String, DBusValue)] = [("number", .uint32(UInt32(clamping: index + 1))), ("url", .string(link.url.absoluteString))]
            if let title = link.title { entries.append(("title", .string(title))) }
            return .vardict(entries)
        })
    }

    private static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
}
