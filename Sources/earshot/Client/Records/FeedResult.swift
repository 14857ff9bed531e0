/// The outcome for one feed of a Subscribe or Refresh call.
struct FeedResult: Encodable, Equatable {
    var url: String
    /// The podcast's id, when it succeeded.
    var podcast: Int64?
    var title: String?
    var episodes: Int?
    var newEpisodes: Int?
    var notModified: Bool?
    /// The feed was subscribed already (at this address, or one that leads to it).
    var alreadySubscribed: Bool?
    /// The plain-words cause, when it failed.
    var error: String?
    /// The feed subscribed, when the address given led to it (a web page, a directory's page of a show).
    var feed: String?
    /// The feeds a web page links to, when it links to several (nothing was subscribed).
    var choices: [FeedChoice]?
    /// The server asks for a user name and password, and none was given.
    var needsPassword: Bool?

    enum CodingKeys: String, CodingKey {
        case url, podcast, title, episodes, newEpisodes = "new_episodes", notModified = "not_modified",
             alreadySubscribed = "already_subscribed", error, feed, choices,
             needsPassword = "needs_password"
    }

    var failed: Bool { error != nil }
}

extension FeedResult {
    /// Reads a result dictionary.
    init(_ entry: Vardict) {
        self.init(
            url: entry.string("url") ?? "", podcast: entry.integer("podcast"), title: entry.string("title"),
            episodes: entry.count("episodes"), newEpisodes: entry.count("new_episodes"),
            notModified: entry.bool("not_modified"), alreadySubscribed: entry.bool("already_subscribed"),
            error: entry.string("error").flatMap { $0.isEmpty ? nil : $0 }, feed: entry.string("feed"),
            choices: entry.dictionaries("choices").compactMap(FeedChoice.init).nilIfEmpty,
            needsPassword: entry.bool("needs_password"))
    }
}

/// One of the feeds a web page links to.
struct FeedChoice: Encodable, Equatable {
    var number: Int
    var url: String
    var title: String?

    init(number: Int, url: String, title: String?) {
        self.number = number
        self.url = url
        self.title = title
    }

    init?(_ entry: Vardict) {
        guard let number = entry.count("number"), let url = entry.string("url") else { return nil }
        self.init(number: number, url: url, title: entry.string("title"))
    }
}

private extension Array {
    var nilIfEmpty: Self? { isEmpty ? nil : self }
}
