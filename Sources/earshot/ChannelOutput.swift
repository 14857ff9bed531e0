import EarshotFeed
import EarshotLocale
import Foundation

/// The readable table `earshot episodes --feed` prints; the feed's control and bidi characters are shown
/// as visible escapes. The columns keep their widths in the C locale (number 4, day 10, length 8, audio 5)
/// and widen to a translated heading or a longer day, measured in terminal columns.
enum ChannelTable {
    static func render(_ channel: Channel) -> String {
        var lines: [String] = []
        // TRANSLATORS: `earshot episodes --feed` of a feed without a title.
        lines.append(SafeText.escaped(channel.title ?? tr("(untitled feed)")))
        // TRANSLATORS: `earshot episodes --feed`: the feed's author.
        if let author = channel.author { lines.append(tr("by %s", SafeText.escaped(author))) }
        if let link = channel.link { lines.append(link.absoluteString) }
        // TRANSLATORS: `earshot episodes --feed`: the address of the feed's artwork.
        if let image = channel.profileImage { lines.append(tr("artwork: %s", image.absoluteString)) }
        // TRANSLATORS: `earshot episodes --feed`: the new address a feed says it moved to (itunes:new-feed-url).
        if let moved = channel.newFeedURL { lines.append(tr("moved to: %s", moved.absoluteString)) }
        lines.append(trn("%d episode", "%d episodes", channel.episodes.count, channel.episodes.count))
        lines.append("")
        let rows = channel.episodes.enumerated().map { index, episode in
            // TRANSLATORS: the "audio" cell of `earshot episodes --feed`: whether the episode has an audio file (keep it short).
            [String(index + 1), episode.releaseDate?.date.map(day) ?? "?", episode.duration.map(clock) ?? "?",
             episode.soundURL == nil ? trc("audio column", "none") : trc("audio column", "yes"), SafeText.escaped(episode.title ?? tr("(untitled)"))]
        }
        // TRANSLATORS: column headings of `earshot episodes --feed`; a column widens to fit its heading, so keep them short.
        // "audio" says whether the episode has an audio file.
        let headings = ["#", trc("column heading", "released"), trc("column heading", "length"), trc("column heading", "audio"),
                        // TRANSLATORS: a column heading; the column widens to fit it, so keep it short.
                        trc("column heading", "title")]
        let widths = [4, 10, 8, 5].enumerated().map { column, least in
            rows.reduce(max(least, headings[column].displayWidth)) { max($0, $1[column].displayWidth) }
        }
        let rightAligned = [true, false, true, false]
        for cells in [headings] + rows {
            let laid = (0..<4).map { column in
                rightAligned[column] ? cells[column].leftPadded(toWidth: widths[column]) : cells[column].padded(toWidth: widths[column])
            }
            lines.append((laid + [cells[4]]).joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    /// The release day in UTC, as the locale writes it ("2026-11-28" in the C locale).
    private static func day(_ date: Date) -> String {
        LocaleFormat.current.day(date, timeZone: TimeZone(identifier: "UTC")!)
    }

    private static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
    }
}

/// The JSON `earshot episodes --json` prints: every model field, dates in ISO 8601, durations in seconds.
struct ChannelJSON: Encodable {
    let title: String?
    let link: URL?
    let author: String?
    let description: String
    let profileImage: URL?
    let newFeedURL: URL?
    let episodes: [EpisodeJSON]

    struct EpisodeJSON: Encodable {
        let id: String
        let title: String?
        let description: String
        let rawDescription: String?
        let rawDescriptionFormat: DescriptionFormat
        let releaseDateText: String?
        let releaseDate: Date?
        let soundURL: URL?
        let soundMIMEType: String?
        let soundByteLength: Int64?
        let coverImage: URL?
        let durationSeconds: Double?
        let season: Int?
        let episodeNumber: Int?
        let episodeType: String?
        let link: URL?
        let chaptersURL: URL?
        /// Every podcast:transcript: url, type, language, rel.
        let transcripts: [TranscriptLink]
        /// Podlove Simple Chapters from the feed: start (seconds), title, link, image.
        let chapters: [Chapter]
    }

    static func render(_ channel: Channel) throws -> String {
        let view = ChannelJSON(
            title: channel.title, link: channel.link, author: channel.author, description: channel.description,
            profileImage: channel.profileImage, newFeedURL: channel.newFeedURL,
            episodes: channel.episodes.map { e in
                EpisodeJSON(
                    id: e.id, title: e.title, description: e.description, rawDescription: e.rawDescription,
                    rawDescriptionFormat: e.rawDescriptionFormat, releaseDateText: e.releaseDate?.text,
                    releaseDate: e.releaseDate?.date, soundURL: e.soundURL, soundMIMEType: e.soundMIMEType,
                    soundByteLength: e.soundByteLength, coverImage: e.coverImage, durationSeconds: e.duration,
                    season: e.season, episodeNumber: e.episodeNumber, episodeType: e.episodeType, link: e.link,
                    chaptersURL: e.chaptersURL, transcripts: e.transcripts, chapters: e.chapters)
            })
        return try JSONOutput.render(view)
    }
}
