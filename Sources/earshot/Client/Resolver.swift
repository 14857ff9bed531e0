/// Turns a `Reference` into the id of the podcast or episode it names, asking the daemon for the
/// candidates (`Podcasts`, `Episodes(0, false, text)`, `Queue`); see `NameResolution` for the rules.
struct Resolver {
    let client: DaemonClient

    /// The podcast named: by number (checked against the library) or by part of its title.
    func podcast(_ reference: Reference) throws -> PodcastRecord {
        let podcasts = try client.podcasts()
        switch reference {
        case .id(let id):
            guard let podcast = podcasts.first(where: { $0.id == id }) else { throw CommandFailure("no podcast \(id)") }
            return podcast
        case .text(let text):
            let id = try NameResolution.choose(text, among: Self.podcastMatches(text, podcasts), kind: .podcast)
            return podcasts.first { $0.id == id }!
        }
    }

    /// The id of the podcast named: a number as it is (the daemon says when there is no such podcast,
    /// so a big library's list is not fetched for it), text among the library's titles.
    func podcastID(_ reference: Reference) throws -> Int64 {
        if case .id(let id) = reference { return id }
        return try podcast(reference).id
    }

    /// The podcasts whose title contains `text`.
    static func podcastMatches(_ text: String, _ podcasts: [PodcastRecord]) -> [NameResolution.Candidate] {
        NameResolution.matching(text, in: podcasts.map { .init(id: $0.id, title: $0.displayTitle) })
    }

    /// The episode named: a number is taken as is (the daemon says when there is no such episode);
    /// text is looked up among every podcast's episodes.
    func episode(_ reference: Reference) throws -> Int64 {
        switch reference {
        case .id(let id): return id
        case .text(let text):
            return try NameResolution.choose(text, among: try episodeMatches(text), kind: .episode)
        }
    }

    /// The episodes whose title contains `text`, as the daemon finds them.
    func episodeMatches(_ text: String) throws -> [NameResolution.Candidate] {
        try client.episodes(matching: text).map(Self.candidate)
    }

    /// An episode of Up Next: by number, or by part of its title among the queued episodes only.
    func queuedEpisode(_ reference: Reference) throws -> Int64 {
        switch reference {
        case .id(let id): return id
        case .text(let text):
            let matches = NameResolution.matching(text, in: try client.queue().map(Self.candidate))
            return try NameResolution.choose(text, among: matches, kind: .queuedEpisode)
        }
    }

    /// An episode of the inbox: by number, or by part of its title among the inbox's episodes only.
    func inboxEpisode(_ reference: Reference) throws -> Int64 {
        switch reference {
        case .id(let id): return id
        case .text(let text):
            let matches = NameResolution.matching(text, in: try client.episodes(filter: "inbox").map(Self.candidate))
            return try NameResolution.choose(text, among: matches, kind: .inboxEpisode)
        }
    }

    static func candidate(_ episode: EpisodeRecord) -> NameResolution.Candidate {
        .init(id: episode.id, title: episode.displayTitle, detail: episode.podcastTitle)
    }
}
