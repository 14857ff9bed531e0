import Foundation

/// Apple's chart of top podcasts (`/{country}/rss/toppodcasts/limit=N/genre=G/json`), a feed turned into
/// JSON: `{"feed": {"entry": [{"im:name": {"label": "…"}, "id": {"label": "https://podcasts.apple.com/…",
/// "attributes": {"im:id": "123"}}, "im:artist": {"label": "…"}}]}}`. The entries carry no feed
/// address: their ids are looked up (`/lookup?id=…`), and `ordered` puts what the lookup found back in
/// chart order. A chart of one entry has an object where the list would be; an empty chart has none.
enum ITunesChartReply {
    /// The ids in chart order, most popular first.
    static func ids(_ bytes: [UInt8]) throws(DirectoryError) -> [String] {
        let reply = try DirectoryReply.decode(Reply.self, bytes, expecting: "a “feed”")
        return reply.feed.entries.compactMap(\.id)
    }

    /// The shows `lookedUp` found, in the order of `chart` (ids the lookup did not find are left out).
    static func ordered(_ lookedUp: [DirectoryShow], chart ids: [String]) -> [DirectoryShow] {
        var byID: [String: DirectoryShow] = [:]
        for show in lookedUp { if let id = show.id, byID[id] == nil { byID[id] = show } }
        var seen = Set<String>()
        return ids.compactMap { id in seen.insert(id).inserted ? byID[id] : nil }
    }

    private struct Reply: Decodable {
        let feed: Feed
    }

    private struct Feed: Decodable {
        let entries: [Entry]

        private enum Key: String, CodingKey { case entry }

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            if let list = try? fields.decodeIfPresent([Lenient<Entry>].self, forKey: .entry) {
                entries = list.compactMap(\.value)
            } else if let one = try? fields.decodeIfPresent(Entry.self, forKey: .entry) {
                entries = [one]
            } else {
                entries = []
            }
        }
    }

    private struct Entry: Decodable {
        let id: String?

        private enum Key: String, CodingKey { case id }
        private enum IDKey: String, CodingKey { case attributes }
        private enum AttributeKey: String, CodingKey { case imID = "im:id" }

        init(from decoder: Decoder) throws {
            let attributes = try? decoder.container(keyedBy: Key.self).nestedContainer(keyedBy: IDKey.self, forKey: .id)
                .nestedContainer(keyedBy: AttributeKey.self, forKey: .attributes)
            id = attributes?.text(.imID).flatMap { $0.allSatisfy(\.isASCIIDigit) ? $0 : nil }
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
