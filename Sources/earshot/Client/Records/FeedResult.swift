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

    enum CodingKeys: String, CodingKey {
        case url, podcast, title, episodes, newEpisodes = "new_episodes", notModified = "not_modified",
             alreadySubscribed = "already_subscribed", error
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
            error: entry.string("error").flatMap { $0.isEmpty ? nil : $0 })
    }
}
