import EarshotLocale

/// Why a file could not be read as an OPML subscription list. Its description is one plain line that
/// starts with the line of the file at fault when there is one (`line 12: …`).
public enum OPMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not well-formed XML; `reason` is libxml2's, at `line`.
    case notWellFormed(line: Int, reason: String)
    /// The file is not an OPML document: empty, not XML at all, or XML with another root (an RSS feed, a
    /// web page). `line` is nil when the file has no lines to speak of.
    case notOPML(line: Int?, reason: String)
    /// The file holds something Earshot refuses for safety (declared entities, extreme nesting).
    case refused(line: Int, reason: String)

    /// The line of the file at fault, when known.
    public var line: Int? {
        switch self {
        case .notWellFormed(let line, _), .refused(let line, _): return line
        case .notOPML(let line, _): return line
        }
    }

    public var description: String {
        let text: String
        switch self {
        case .notWellFormed(_, let reason): text = tr("the file is not well-formed XML: %s", reason)
        case .notOPML(_, let reason), .refused(_, let reason): text = reason
        }
        return line.map { "line \($0): \(text)" } ?? text
    }
}
