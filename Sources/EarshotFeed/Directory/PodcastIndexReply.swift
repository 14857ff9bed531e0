import Foundation

/// Podcast Index API 1.0 replies: to `/search/byterm`, `{"status": "true", "feeds": [{"id": 920666,
/// "title": "…", "url": "https://…", "link": "…", "author": "…", "artwork": "…", "image": "…",
/// "episodeCount": 300, "newestItemPubdate": 1714557600, "lastUpdateTime": 1714557600, "dead": 0, …}],
/// "count": 1, "query": "…", "description": "…"}`; to `/podcasts/byfeedid`, `{"status": "true",
/// "feed": {…}}`, where a feed it does not know is `"feed": []`. A refusal is `{"status": "false",
/// "description": "…"}` (`status` is text, and sometimes a boolean). Dead feeds and feeds without a
/// `url` are left out.
enum PodcastIndexReply {
    static func shows(_ bytes: [UInt8]) throws(DirectoryError) -> [DirectoryShow] {
        let reply = try DirectoryReply.decode(Reply.self, bytes, expecting: "“feeds” or “feed”")
        guard reply.succeeded else { throw .refused(reply.description ?? "status false") }
        if let feeds = reply.feeds { return feeds.compactMap { $0.value?.show } }
        if let feed = reply.feed { return feed.show.map { [$0] } ?? [] }
        if reply.emptyFeed { return [] }
        throw .unreadable("JSON without “feeds” or “feed”")
    }

    private struct Reply: Decodable {
        let succeeded: Bool
        let description: String?
        let feeds: [Lenient<Entry>]?
        let feed: Entry?
        /// `"feed": []`, how a lookup says it found nothing.
        let emptyFeed: Bool

        private enum Key: String, CodingKey { case status, description, feeds, feed }

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            let flag = (try? fields.decodeIfPresent(Bool.self, forKey: .status)) ?? fields.text(.status).map { $0.lowercased() == "true" }
            succeeded = flag ?? true
            description = fields.text(.description)
            feeds = try? fields.decodeIfPresent([Lenient<Entry>].self, forKey: .feeds)
            feed = try? fields.decodeIfPresent(Entry.self, forKey: .feed)
            emptyFeed = (try? fields.decodeIfPresent([Lenient<Entry>].self, forKey: .feed))?.isEmpty ?? false
        }
    }

    private struct Entry: Decodable {
        let show: DirectoryShow?

        private enum Key: String, CodingKey {
            case id, title, url, link, author, ownerName, artwork, image, episodeCount, newestItemPubdate, lastUpdateTime, dead
        }

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            guard let feed = fields.link(.url), (fields.count(.dead) ?? 0) == 0 else {
                show = nil
                return
            }
            show = DirectoryShow(
                title: fields.plainText(.title) ?? feed.absoluteString,
                author: fields.plainText(.author) ?? fields.plainText(.ownerName), feed: feed,
                episodes: fields.count(.episodeCount),
                latest: fields.unixTime(.newestItemPubdate) ?? fields.unixTime(.lastUpdateTime),
                artwork: fields.link(.artwork) ?? fields.link(.image), website: fields.link(.link),
                directory: .podcastindex, id: fields.text(.id))
        }
    }
}
