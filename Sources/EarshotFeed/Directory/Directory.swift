/// A podcast directory Earshot can ask for shows: its key in the configuration (`directories = itunes,
/// fyyd`) and the name a listener reads beside each result.
public enum Directory: String, CaseIterable, Sendable, Codable {
    /// Apple's iTunes Search API (no key); also Apple's charts and the lookup behind Apple Podcasts links.
    case itunes
    /// fyyd.de (no key).
    case fyyd
    /// podcastindex.org (the listener's key and secret, each request signed).
    case podcastindex

    /// The name shown to a listener.
    public var name: String {
        switch self {
        case .itunes: "Apple Podcasts"
        case .fyyd: "fyyd"
        case .podcastindex: "Podcast Index"
        }
    }
}

/// One question put to a directory.
public enum DirectoryQuery: Sendable, Equatable {
    /// Shows matching these words.
    case search(String)
    /// Apple's most popular shows in a country (ISO 3166 two letters), in one genre or all.
    case chart(country: String, genre: AppleGenre?)
    /// The show with this id in the directory (an Apple Podcasts or Podcast Index page names it).
    case lookUp(String)
    /// The show whose feed says it is this `podcast:guid` (Podcast Index's `/podcasts/byguid`; no other
    /// directory knows the namespace's guids).
    case feedGuid(String)
}
