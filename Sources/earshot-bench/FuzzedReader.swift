import EarshotFeed
import Foundation

/// The readers `earshot-bench fuzz-parser` feeds with mutated documents: the feed parser (whole or in
/// pieces), the OPML reader, the directories' JSON replies (all three readers and Apple's chart), the
/// web page feed-link reader and the transcript readers. A seed's kind comes from its file: anything
/// under a `transcripts` folder is a transcript, else `.opml`, `.json`, `.html`, else a feed.
enum FuzzedReader: String, CaseIterable {
    case feed, opml, directoryReply = "directory reply", webPage = "web page", transcript

    static func of(path: String) -> FuzzedReader {
        if path.split(separator: "/").contains("transcripts") { return .transcript }
        return switch (path as NSString).pathExtension.lowercased() {
        case "opml": .opml
        case "json": .directoryReply
        case "html", "htm": .webPage
        default: .feed
        }
    }

    /// Reads `input`; whether it was accepted (a feed, an OPML list, a directory's shows, feed links,
    /// transcript segments). `chunk` is the size of the pieces a feed arrives in; for a transcript it picks
    /// the media type named (none when nil: the content decides).
    func read(_ input: [UInt8], chunk: Int?) -> Bool {
        switch self {
        case .feed: Self.parseFeed(input, chunk: chunk)
        case .opml: (try? OPMLDocument.parse(input)) != nil
        case .directoryReply:
            Directory.allCases.map { (try? DirectoryReply.shows(input, from: $0)) != nil }.contains(true)
                || (try? DirectoryReply.chartIDs(input)) != nil
        case .webPage: !FeedLinkReader.links(in: input, page: URL(string: "https://fuzz.example/page/")!).isEmpty
        case .transcript:
            (try? TranscriptDocument.parse(input, type: chunk.map { Self.transcriptTypes[$0 % Self.transcriptTypes.count] }, url: nil)) != nil
        }
    }

    /// One media type of each transcript format.
    static let transcriptTypes = ["application/json", "text/vtt", "application/x-subrip", "text/html", "text/plain"]

    private static func parseFeed(_ input: [UInt8], chunk: Int?) -> Bool {
        guard let chunk else { return (try? FeedParser.parse(input, baseURL: URL(string: "https://fuzz.example/feed.xml")).get()) != nil }
        let parser = FeedParser(baseURL: URL(string: "https://fuzz.example/feed.xml"))
        input.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                parser.feed(UnsafeRawBufferPointer(rebasing: buffer[offset..<min(buffer.count, offset + chunk)]))
                offset += chunk
            }
        }
        return (try? parser.finish().get()) != nil
    }
}
