import Foundation

/// OPML 2.0 subscription lists: reading one another podcast app exported, and writing Earshot's library
/// as one.
public enum OPMLDocument {
    /// The feeds `bytes` (a whole OPML file) subscribes to, and the outlines left out with their line
    /// and reason (see `OPMLParseResult`). Throws when the file is not well-formed XML or not OPML, with
    /// the line at fault. A file read as it arrives goes through `OPMLStreamReader` instead.
    public static func parse(_ bytes: [UInt8]) throws(OPMLError) -> OPMLParseResult {
        let reader = OPMLStreamReader()
        bytes.withUnsafeBytes { reader.read($0) }
        return try reader.finish()
    }

    /// An OPML 2.0 document (UTF-8) listing `feeds` in order, one `<outline type="rss">` each with
    /// `text` (the title, else the address, as OPML requires one), `title` when known, `xmlUrl` and
    /// `htmlUrl` when known, under a head with `title` and `created` as `dateCreated`.
    public static func render(title: String, feeds: [OPMLFeed], created: Date) -> String {
        OPMLWriter.render(title: title, feeds: feeds, created: created)
    }
}
