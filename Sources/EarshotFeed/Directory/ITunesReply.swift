import Foundation

/// Apple's iTunes Search API replies, to `/search` and to `/lookup`:
/// `{"resultCount": 1, "results": [{"wrapperType": "track", "kind": "podcast", "collectionId": 1,
/// "collectionName": "…", "artistName": "…", "feedUrl": "https://…", "trackCount": 300,
/// "releaseDate": "2024-05-01T10:00:00Z", "artworkUrl600": "…", "collectionViewUrl": "…"}]}`, or on a
/// bad request `{"errorMessage": "…"}`. Results without `feedUrl` (Apple keeps some shows' feeds to
/// itself) and entries that are not podcasts are left out; titles may carry entities or tags.
enum ITunesReply {
    static func shows(_ bytes: [UInt8]) throws(DirectoryError) -> [DirectoryShow] {
        let reply = try DirectoryReply.decode(Reply.self, bytes, expecting: "a “results” list")
        if let message = reply.errorMessage { throw .refused(message) }
        guard let results = reply.results else { throw .unreadable("JSON without a “results” list") }
        return results.compactMap { $0.value?.show }
    }

    private struct Reply: Decodable {
        let results: [Lenient<Entry>]?
        let errorMessage: String?
    }

    private struct Entry: Decodable {
        let show: DirectoryShow?

        private enum Key: String, CodingKey {
            case kind, collectionId, collectionName, trackName, artistName, feedUrl, trackCount, releaseDate
            case artworkUrl600, artworkUrl100, collectionViewUrl
        }

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            guard let feed = fields.link(.feedUrl), fields.text(.kind).map({ $0 == "podcast" }) ?? true else {
                show = nil
                return
            }
            show = DirectoryShow(
                title: fields.plainText(.collectionName) ?? fields.plainText(.trackName) ?? feed.absoluteString,
                author: fields.plainText(.artistName), feed: feed, episodes: fields.count(.trackCount),
                latest: fields.date(.releaseDate), artwork: fields.link(.artworkUrl600) ?? fields.link(.artworkUrl100),
                website: fields.link(.collectionViewUrl), directory: .itunes, id: fields.text(.collectionId))
        }
    }
}
