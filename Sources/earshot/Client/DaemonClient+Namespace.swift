import EarshotMPRIS

/// The feeds' Podcasting 2.0 fields through org.earshot.Earshot1: EpisodesWithPerson, Support,
/// PodcastDetails, EpisodeDetails, Recommended, LiveItems.
extension DaemonClient {
    /// Episodes naming a person whose name contains `name`, newest first.
    func episodes(withPerson name: String) throws -> [EpisodeRecord] {
        try callForList("EpisodesWithPerson", [.string(name)]).compactMap(EpisodeRecord.init)
    }

    /// The funding links of `podcast` (0: of every podcast).
    func support(of podcast: Int64) throws -> [Vardict] {
        try callForList("Support", [.int64(podcast)], about: podcast == 0 ? nil : .podcast(podcast))
    }

    /// What an episode's item says in the namespace.
    func episodeDetails(_ episode: Int64) throws -> Vardict {
        try single("EpisodeDetails", .int64(episode), about: .episode(episode))
    }

    /// What a podcast's feed says of itself in the namespace.
    func podcastDetails(_ podcast: Int64) throws -> Vardict {
        try single("PodcastDetails", .int64(podcast), about: .podcast(podcast))
    }

    /// The shows the library's shows recommend, each once.
    func recommended() throws -> [Vardict] {
        try callForList("Recommended")
    }

    /// The live shows of `podcast` (0: of every podcast).
    func liveItems(of podcast: Int64) throws -> [Vardict] {
        try callForList("LiveItems", [.int64(podcast)], about: podcast == 0 ? nil : .podcast(podcast))
    }

    private func single(_ member: String, _ argument: DBusValue, about subject: DaemonFailure.Subject) throws -> Vardict {
        let reply = try call(member, [argument], about: subject)
        guard reply.count == 1, let entry = Vardict(reply[0]) else { throw CommandFailure(DaemonFailure.unexpectedReply(member)) }
        return entry
    }
}
