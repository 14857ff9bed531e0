import EarshotFeed
import Foundation
import Testing

/// Loads and parses the fixture feeds shipped with the tests.
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return Array(try Data(contentsOf: url))
    }

    static func parse(_ name: String, base: String = "https://example.com/podcast/feed.xml") throws -> ParsedFeed {
        try FeedParser.parse(bytes(name), baseURL: URL(string: base)).get()
    }

    /// The parse failure of `document`, or nil when it parsed.
    static func failure(_ document: [UInt8]) -> FeedError? {
        if case .failure(let error) = FeedParser.parse(document, baseURL: nil) { return error }
        return nil
    }
}

extension FeedError {
    /// The reason of an `.invalidData` error, else nil.
    var invalidDataReason: String? {
        if case .invalidData(let reason, _, _) = self { return reason }
        return nil
    }
}
