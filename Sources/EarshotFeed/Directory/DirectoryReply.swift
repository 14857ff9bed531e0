import Foundation

/// Reads a directory's reply: the shows in it, in the directory's order, or why the reply is not what
/// the directory documents. Never more than what the bytes say: nothing is fetched while reading.
public enum DirectoryReply {
    /// The shows in `bytes`, a reply of `directory` to a search or a lookup.
    public static func shows(_ bytes: [UInt8], from directory: Directory) throws(DirectoryError) -> [DirectoryShow] {
        switch directory {
        case .itunes: try ITunesReply.shows(bytes)
        case .fyyd: try FyydReply.shows(bytes)
        case .podcastindex: try PodcastIndexReply.shows(bytes)
        }
    }

    /// The ids of Apple's chart in `bytes`, most popular first (the chart has no feeds: look them up).
    public static func chartIDs(_ bytes: [UInt8]) throws(DirectoryError) -> [String] { try ITunesChartReply.ids(bytes) }

    /// The shows an Apple lookup found, in the order of the chart's `ids` (ids it did not find left out).
    public static func inChartOrder(_ lookedUp: [DirectoryShow], ids: [String]) -> [DirectoryShow] {
        ITunesChartReply.ordered(lookedUp, chart: ids)
    }

    /// Decodes `bytes` as `Document`, naming what is missing when it is not one.
    static func decode<Document: Decodable>(_ type: Document.Type, _ bytes: [UInt8], expecting: String) throws(DirectoryError) -> Document {
        do {
            return try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw .unreadable("not JSON")
        } catch {
            throw .unreadable("JSON without \(expecting)")
        }
    }
}
