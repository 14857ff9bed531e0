import EarshotLocale

/// Turns a `Reference` into the id of the podcast or episode it names, asking the daemon for the
/// candidates (`Podcasts`, `Episodes(0, false, text)`, `Queue`); see `NameResolution` for the rules.
struct Resolver {
    let client: DaemonClient

    /// The podcast named: by number (checked against the library) or by part of its title.
    func podcast(_ reference: Reference) throws -> PodcastRecord {
        let podcasts = try client.podcasts()
        switch reference {
        case .id(let id):
            guard let podcast = podcasts.first(where: { $0.id == id }) else { throw CommandFailure(tr("no podcast %d", Int(id))) }
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
        case .text(let text): return try named(text, filter: "all", kind: .episode)
        }
    }

    /// The episode `text` names among `filter`'s, as the daemon counts them (a common word matches
    /// 100,000 episodes: only the count, the exact titles and the few listed come back).
    private func named(_ text: String, filter: String, kind: NameResolution.Kind) throws -> Int64 {
        let naming = try client.nameEpisode(text, filter: filter, shown: NameResolution.listLimit)
        return try NameResolution.choose(text, total: naming.total, exact: naming.exact.map(Self.candidate),
                                         shown: naming.first.map(Self.candidate), kind: kind)
    }

    /// The episode `text` names, or nil when no episode's title contains it (so that it may name a
    /// podcast instead); several is a failure listing them.
    func episodeIfNamed(_ text: String) throws -> Int64? {
        let naming = try client.nameEpisode(text, shown: NameResolution.listLimit)
        guard naming.total > 0 else { return nil }
        return try NameResolution.choose(text, total: naming.total, exact: naming.exact.map(Self.candidate),
                                         shown: naming.first.map(Self.candidate), kind: .episode)
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
        case .text(let text): return try named(text, filter: "inbox", kind: .inboxEpisode)
        }
    }

    static func candidate(_ episode: EpisodeRecord) -> NameResolution.Candidate {
        .init(id: episode.id, title: episode.displayTitle, detail: episode.podcastTitle)
    }
}
