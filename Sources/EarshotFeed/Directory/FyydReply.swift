import Foundation

/// fyyd's API 0.2 reply to `/search/podcast`: `{"status": 1, "msg": "ok", "meta": {…}, "data": [{"title":
/// "…", "id": 85, "xmlURL": "https://…", "htmlURL": "…", "imgURL": "…", "author": "…", "episode_count":
/// 300, "lastpub": "2017-04-13 02:03:27", "categories": [52, 61], …}]}`; an error is `{"errors":
/// {"message": "…", "http_code": 400}, "meta": {…}}`. Entries without `xmlURL` are left out.
enum FyydReply {
    static func shows(_ bytes: [UInt8]) throws(DirectoryError) -> [DirectoryShow] {
        let reply = try DirectoryReply.decode(Reply.self, bytes, expecting: "“data”")
        if let errors = reply.errors { throw .refused(errors.message ?? "an error without a message") }
        if reply.status == 0 { throw .refused(reply.msg ?? "status 0") }
        return reply.data?.compactMap { $0.value?.show } ?? []
    }

    private struct Reply: Decodable {
        let status: Int?
        let msg: String?
        let data: [Lenient<Entry>]?
        let errors: Errors?

        private enum Key: String, CodingKey { case status, msg, data, errors }

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            status = fields.count(.status)
            msg = fields.text(.msg)
            data = try? fields.decodeIfPresent([Lenient<Entry>].self, forKey: .data)
            errors = try? fields.decodeIfPresent(Errors.self, forKey: .errors)
        }
    }

    private struct Errors: Decodable {
        let message: String?

        private enum Key: String, CodingKey { case message }

        init(from decoder: Decoder) throws {
            message = try decoder.container(keyedBy: Key.self).text(.message)
        }
    }

    private struct Entry: Decodable {
        let show: DirectoryShow?

        private enum Key: String, CodingKey {
            case title, id, xmlURL, htmlURL, imgURL, layoutImageURL, author, episodeCount = "episode_count", lastpub
        }

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: Key.self)
            guard let feed = fields.link(.xmlURL) else {
                show = nil
                return
            }
            show = DirectoryShow(
                title: fields.plainText(.title) ?? feed.absoluteString, author: fields.plainText(.author), feed: feed,
                episodes: fields.count(.episodeCount), latest: fields.date(.lastpub),
                artwork: fields.link(.imgURL) ?? fields.link(.layoutImageURL), website: fields.link(.htmlURL),
                directory: .fyyd, id: fields.text(.id))
        }
    }
}
