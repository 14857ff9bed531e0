/// What one search may ask for, however much a client sends: the words at most `maximumLength` Unicode
/// scalars (a 10 MB query was tokenized on the loop and searched for seconds), and at most
/// `maximumIdentifiers` results handed back, to narrow a search within or to be described (GNOME hands
/// back the results it was given, 20 at a time; 100,000 made every other search wait half a minute). The desktops' searches are
/// cut to these bounds and never refused; `earshot find` and D-Bus `Find` are refused in plain words.
public enum QueryBounds {
    /// The most Unicode scalars of a query.
    public static let maximumLength = 1_000
    /// The most results a desktop hands back in one call that are read.
    public static let maximumIdentifiers = 1_000

    /// Whether `text` is longer than `maximumLength` (counted no further than needed).
    public static func isTooLong(_ text: String) -> Bool {
        text.utf8.count > maximumLength && !text.unicodeScalars.dropFirst(maximumLength).isEmpty
    }

    /// `text` cut to its first `maximumLength` scalars.
    public static func cut(_ text: String) -> String {
        isTooLong(text) ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumLength))) : text
    }

    /// The terms typed, joined by spaces and cut to `maximumLength` scalars; terms past it are not read.
    public static func cut(_ terms: [String]) -> String {
        var text = "", budget = maximumLength
        for term in terms {
            if !text.isEmpty {
                guard budget > 1 else { break }
                text += " "
                budget -= 1
            }
            let piece = term.utf8.count <= budget ? term : String(String.UnicodeScalarView(term.unicodeScalars.prefix(budget)))
            text += piece
            budget -= piece.unicodeScalars.count
            if budget <= 0 { break }
        }
        return text
    }

    /// The first `maximumIdentifiers` of the results handed back.
    public static func cut(identifiers: [String]) -> ArraySlice<String> { identifiers.prefix(maximumIdentifiers) }
}
