import EarshotFeed

/// How the results of Subscribe and Refresh read: what worked on standard output, one failure line
/// (URL and cause) per feed that did not. Titles and causes (which can quote a server's reason phrase)
/// show control and bidi characters as visible escapes.
enum FeedResultText {
    /// `earshot add`: one line per feed subscribed.
    /// `earshot add` of a feed that is subscribed already.
    static func alreadySubscribed(_ result: FeedResult) -> String {
        "“\(SafeText.escaped(result.title ?? result.url))” is already subscribed\(result.podcast.map { " (podcast \($0))" } ?? "")"
    }

    static func subscribed(_ result: FeedResult) -> String {
        let title = SafeText.escaped(result.title ?? result.url)
        let found = result.feed.map { " (its feed: \(SafeText.escaped($0)))" } ?? ""
        guard let episodes = result.episodes else { return "Subscribed to “\(title)”\(found)" }
        return "Subscribed to “\(title)”: \(count(episodes, "episode"))\(found)"
    }

    /// `earshot add` of a web page that links to several feeds: them, numbered, and how to choose.
    static func choices(_ result: FeedResult) -> String {
        let choices = result.choices ?? []
        let lines = choices.map { choice in
            "  \(choice.number). " + (choice.title.map { "\(SafeText.escaped($0))  " } ?? "") + SafeText.escaped(choice.url)
        }
        return (["\(SafeText.escaped(result.url)) links to \(choices.count) feeds:"] + lines
                + [FoundShowTable.hint(count: choices.count)]).joined(separator: "\n")
    }

    /// `earshot refresh`: a line per podcast that has new episodes, then the totals.
    static func refreshed(_ results: [FeedResult]) -> [String] {
        let succeeded = results.filter { !$0.failed }
        var lines = succeeded.compactMap { result -> String? in
            guard let new = result.newEpisodes, new > 0 else { return nil }
            return "\(SafeText.escaped(result.title ?? result.url)): \(count(new, "new episode"))"
        }
        let new = succeeded.reduce(0) { $0 + ($1.newEpisodes ?? 0) }
        var summary = "Refreshed \(count(succeeded.count, "podcast")): "
        summary += new == 0 ? "no new episodes" : count(new, "new episode")
        if succeeded.count < results.count { summary += "; \(results.count - succeeded.count) failed" }
        lines.append(summary + ".")
        return lines
    }

    /// `earshot import`: the totals.
    static func imported(_ results: [FeedResult], from file: String) -> String {
        let succeeded = results.filter { !$0.failed }.count
        return "Subscribed to \(succeeded) of \(count(results.count, "feed")) in \(file) (auto-queue off)."
    }

    /// The failure line of a feed (without the `earshot: ` prefix): its URL and the cause.
    static func failure(_ result: FeedResult) -> String {
        let cause = result.error ?? "failed"
        return SafeText.escaped(cause.hasPrefix(result.url) ? cause : "\(result.url): \(cause)")
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
