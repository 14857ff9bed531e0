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
            throw CommandFailure("“\(numbers[0])” is a number from a list of shows, but there is none from the last hour "
                                 + "(earshot search WORDS or earshot top first)")
        }
        let age = list.made.map { " (\(TimeText.ago($0, now: now)))" } ?? ""
        return try numbers.map { number in
            guard let show = list.shows.first(where: { $0.number == number }) else {
                let has = list.shows.isEmpty ? "it has none" : list.shows.count == 1 ? "it has 1" : "it has 1 to \(list.shows.count)"
                throw CommandFailure("there is no show \(number) in \(list.about)\(age): \(has)")
            }
            return (show.url, "Show \(number) of \(list.about)\(age): “\(show.title)”, \(show.url)")
        }
    }
}
