import EarshotFeed
import Foundation

/// The feeds an OPML file lists, as `earshot import` needs them: their URLs, in document order, and
/// one line for each outline that was left out (a duplicate, a link, an address that is not http(s)),
/// naming its line in the file.
struct OPMLInput: Equatable {
    var feeds: [URL]
    var skipped: [String]

    /// Reads an OPML document with EarshotFeed's reader; a file that is not OPML, or not well-formed,
    /// is a `CommandFailure` naming the line (without the file's name).
    static func read(_ bytes: [UInt8]) throws -> OPMLInput {
        do throws(OPMLError) {
            let result = try OPMLDocument.parse(bytes)
            return OPMLInput(feeds: result.feeds.map(\.url), skipped: result.skipped.map(\.description))
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
