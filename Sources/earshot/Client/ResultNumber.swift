import EarshotLocale
import Foundation

/// `earshot add 2`: a whole number (or `#2`) names a show of the last numbered list the daemon showed (a
/// search, a chart, a web page's feeds) while that list is fresh, never a podcast of the library (`add`
/// takes no library numbers). A local file named like a number is `./2`.
enum ResultNumber {
    /// The list number `text` is, or nil when it is not one.
    static func parse(_ text: String) -> Int? {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// `texts` as addresses for Subscribe: each number replaced by its show's feed (saying on standard
    /// output which show that is), each path by its file URL.
    static func addresses(for texts: [String], asking client: DaemonClient) throws -> [String] {
        let numbers = texts.compactMap(parse)
        var feeds: [(feed: String, line: String)] = []
        if !numbers.isEmpty {
            feeds = try resolve(numbers, in: client.recentResults())
            feeds.forEach { Console.print($0.line) }
        }
        var next = feeds.makeIterator()
        return texts.compactMap { text in
            parse(text) != nil ? next.next()?.feed : FeedAddress.url(from: text)?.absoluteString
        }
    }

    /// The feed each number names in `list` (nil: there is no fresh list), with the line that says which
    /// show it is, or the one-line failure.
    static func resolve(_ numbers: [Int], in list: RecentResults?, now: Date = Date()) throws -> [(feed: String, line: String)] {
        guard let list else {
            // TRANSLATORS: `earshot add 2` when no numbered list is fresh; "earshot search WORDS" and "earshot top" are commands.
            throw CommandFailure(tr("“%d” is a number from a list of shows, but there is none from the last hour (earshot search WORDS or earshot top first)",
                                    numbers[0]))
        }
        return try numbers.map { number in
            guard let show = list.shows.first(where: { $0.number == number }) else {
                throw CommandFailure(missing(number, in: list, now: now))
            }
            let about = Self.about(list, now: now)
            // TRANSLATORS: `earshot add 2`: which show number 2 is; %2$s is the list ("the search for “news”", with
            // how long ago it was made), %3$s the show's title, %4$s its feed's address.
            return (show.url, tr("Show %1$d of %2$s: “%3$s”, %4$s", number, about, show.title, show.url))
        }
    }

    /// The list described, and how long ago it was made: "the search for “news” (5 min ago)".
    private static func about(_ list: RecentResults, now: Date) -> String {
        guard let made = list.made else { return list.about }
        // TRANSLATORS: a numbered list of shows (%1$s: "the search for “news”") and how long ago it was made (%2$s: "5 min ago").
        return tr("%1$s (%2$s)", list.about, TimeText.ago(made, now: now))
    }

    /// The failure of a number the list does not have.
    private static func missing(_ number: Int, in list: RecentResults, now: Date) -> String {
        let about = Self.about(list, now: now)
        switch list.shows.count {
        // TRANSLATORS: `earshot add N` with a number (%1$d) that the last list (%2$s) does not have, as it has no shows.
        case 0: return tr("there is no show %1$d in %2$s: it has none", number, about)
        // TRANSLATORS: `earshot add N` with a number (%1$d) that the last list (%2$s), of one show, does not have.
        case 1: return tr("there is no show %1$d in %2$s: it has 1", number, about)
        // TRANSLATORS: `earshot add N` with a number (%1$d) that the last list (%2$s) does not have; it has shows 1 to %3$d.
        default: return tr("there is no show %1$d in %2$s: it has 1 to %3$d", number, about, list.shows.count)
        }
    }
}
