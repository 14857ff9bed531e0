import EarshotFeed
import Foundation
import Testing

/// Reads the OPML fixtures (Fixtures/opml/) shipped with the tests.
enum OPMLFixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/opml"))
        return Array(try Data(contentsOf: url))
    }

    static func parse(_ name: String) throws -> OPMLParseResult {
        try OPMLDocument.parse(bytes(name))
    }

    /// The error parsing `bytes` throws, or nil when they parse.
    static func failure(_ bytes: [UInt8]) -> OPMLError? {
        do {
            _ = try OPMLDocument.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    static func feed(_ url: String, _ title: String? = nil, html: String? = nil) -> OPMLFeed {
        OPMLFeed(url: URL(string: url)!, title: title, htmlURL: html.map { URL(string: $0)! })
    }
}
