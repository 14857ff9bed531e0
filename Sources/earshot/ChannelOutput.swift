import EarshotFeed
import Foundation

/// The readable table `earshot episodes --feed` prints; the feed's control and bidi characters are shown
/// as visible escapes.
enum ChannelTable {
    static func render(_ channel: Channel) -> String {
        var lines: [String] = []
        lines.append(SafeText.escaped(channel.title ?? "(untitled feed)"))
        if let author = channel.author { lines.append("by \(SafeText.escaped(author))") }
        if let link = channel.link { lines.append(link.absoluteString) }
        if let image = channel.profileImage { lines.append("artwork: \(image.absoluteString)") }
        if let moved = channel.newFeedURL { lines.append("moved to: \(moved.absoluteString)") }
        lines.append("\(channel.episodes.count) episode\(channel.episodes.count == 1 ? "" : "s")")
        lines.append("")
        lines.append("   #  released     length    audio  title")
        for (index, episode) in channel.episodes.enumerated() {
            let number = String(index + 1).leftPadded(to: 4)
            let date = episode.releaseDate?.date.map(day) ?? "?".padded(to: 10)
            let length = (episode.duration.map(clock) ?? "?").leftPadded(to: 8)
            let audio = (episode.soundURL == nil ? "none" : "yes").padded(to: 5)
            lines.append("\(number)  \(date)  \(length)  \(audio)  \(SafeText.escaped(episode.title ?? "(untitled)"))")
        }
        return lines.joined(separator: "\n")
    }

    private static func day(_ date: Date) -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
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

private extension String {
    func padded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
