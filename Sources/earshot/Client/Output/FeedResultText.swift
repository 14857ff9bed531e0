import EarshotFeed
import EarshotLocale

/// How the results of Subscribe and Refresh read: what worked on standard output, one failure line
/// (URL and cause) per feed that did not. Titles and causes (which can quote a server's reason phrase)
/// show control and bidi characters as visible escapes.
enum FeedResultText {
    /// `earshot add` of a feed that is subscribed already.
    static func alreadySubscribed(_ result: FeedResult) -> String {
        let title = SafeText.escaped(result.title ?? result.url)
        // TRANSLATORS: `earshot add` of a feed the library has; %1$s is its title, %2$d its podcast number.
        guard let podcast = result.podcast else { return tr("“%s” is already subscribed", title) }
        return tr("“%1$s” is already subscribed (podcast %2$d)", title, Int(podcast))
    }

    /// `earshot add`: one line per feed subscribed.
    static func subscribed(_ result: FeedResult) -> String {
        let title = SafeText.escaped(result.title ?? result.url)
        let feed = result.feed.map { SafeText.escaped($0) }
        switch (result.episodes, feed) {
        case (nil, nil):
            // TRANSLATORS: `earshot add`: %s is the show's title.
            return tr("Subscribed to “%s”", title)
        case (nil, let feed?):
            // TRANSLATORS: %1$s is the show's title, %2$s the address of the feed found on the web page given.
            return tr("Subscribed to “%1$s” (its feed: %2$s)", title, feed)
        case (let episodes?, nil):
            // TRANSLATORS: %1$s is the show's title, %2$d how many episodes its feed has.
            return trn("Subscribed to “%1$s”: %2$d episode", "Subscribed to “%1$s”: %2$d episodes", episodes, title, episodes)
        case (let episodes?, let feed?):
            // TRANSLATORS: %1$s is the show's title, %2$d how many episodes its feed has, %3$s the address of the
            // feed found on the web page given.
            return trn("Subscribed to “%1$s”: %2$d episode (its feed: %3$s)", "Subscribed to “%1$s”: %2$d episodes (its feed: %3$s)",
                       episodes, title, episodes, feed)
        }
    }

    /// `earshot add` of a web page that links to several feeds: them, numbered, and how to choose.
    static func choices(_ result: FeedResult) -> String {
        let choices = result.choices ?? []
        let lines = choices.map { choice in
            "  \(choice.number). " + (choice.title.map { "\(SafeText.escaped($0))  " } ?? "") + SafeText.escaped(choice.url)
        }
        // TRANSLATORS: `earshot add` of a web page (%1$s, its address) that links to several feeds, listed below.
        let head = trn("%1$s links to %2$d feed:", "%1$s links to %2$d feeds:", choices.count, SafeText.escaped(result.url), choices.count)
        return ([head] + lines + [FoundShowTable.hint(count: choices.count)]).joined(separator: "\n")
    }

    /// `earshot refresh`: a line per podcast that has new episodes, then the totals.
    static func refreshed(_ results: [FeedResult]) -> [String] {
        let succeeded = results.filter { !$0.failed }
        var lines = succeeded.compactMap { result -> String? in
            guard let new = result.newEpisodes, new > 0 else { return nil }
            // TRANSLATORS: `earshot refresh`: a podcast's title and how many new episodes its feed has.
            return trn("%1$s: %2$d new episode", "%1$s: %2$d new episodes", new, SafeText.escaped(result.title ?? result.url), new)
        }
        let new = succeeded.reduce(0) { $0 + ($1.newEpisodes ?? 0) }
        // TRANSLATORS: how many podcasts `earshot refresh` refreshed, used as %1$s in "Refreshed %1$s: %2$s."
        let podcasts = trn("%d podcast", "%d podcasts", succeeded.count, succeeded.count)
        // TRANSLATORS: how many new episodes `earshot refresh` found, used as %2$s in "Refreshed %1$s: %2$s."
        let episodes = new == 0 ? tr("no new episodes") : trn("%d new episode", "%d new episodes", new, new)
        let failed = results.count - succeeded.count
        // TRANSLATORS: `earshot refresh`'s last line: "Refreshed 3 podcasts: 2 new episodes."
        guard failed > 0 else { return lines + [tr("Refreshed %1$s: %2$s.", podcasts, episodes)] }
        // TRANSLATORS: `earshot refresh`'s last line when feeds failed: "Refreshed 3 podcasts: 2 new episodes; 1 failed."
        lines.append(trn("Refreshed %1$s: %2$s; %3$d failed.", "Refreshed %1$s: %2$s; %3$d failed.", failed, podcasts, episodes, failed))
        return lines
    }

    /// `earshot import`: the totals.
    static func imported(_ results: [FeedResult], from file: String) -> String {
        let succeeded = results.filter { !$0.failed }.count
        // TRANSLATORS: `earshot import`: %1$d feeds subscribed of %2$d listed in the OPML file %3$s.
        return trn("Subscribed to %1$d of %2$d feed in %3$s (auto-queue off).", "Subscribed to %1$d of %2$d feeds in %3$s (auto-queue off).",
                   results.count, succeeded, results.count, file)
    }

    /// The failure line of a feed (without the `earshot: ` prefix): its URL and the cause.
    static func failure(_ result: FeedResult) -> String {
        // TRANSLATORS: the cause of a feed's failure when the daemon gave none.
        let cause = result.error ?? tr("failed")
        return SafeText.escaped(cause.hasPrefix(result.url) ? cause : "\(result.url): \(cause)")
    }
}
