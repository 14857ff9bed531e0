import EarshotMPRIS

/// Transcripts and finding what was said through org.earshot.Earshot1: Find, Transcript, PlayFrom, PlayFound.
extension DaemonClient {
    /// The best hits for `words` (of `podcast`; 0: every podcast).
    func find(_ words: String, podcast: Int64, limit: Int) throws -> [FindHit] {
        try callForList("Find", [.string(words), .int64(podcast), .uint32(UInt32(limit))],
                        about: podcast == 0 ? nil : .podcast(podcast)).map(FindHit.init)
    }

    /// Whether the daemon's search index is being rebuilt (its hits may be incomplete meanwhile).
    func searchIndexIsRebuilding() throws -> Bool {
        let reply = try call("SearchIndex")
        return reply.first?.stringValue == "rebuilding"
    }

    /// `episode`'s transcript (fetched by the daemon when it has none yet; no timeout of its own).
    func transcript(of episode: Int64) throws -> TranscriptRecord {
        let reply = try call("Transcript", [.int64(episode)], timeout: .unlimited, about: .episode(episode))
        guard reply.count == 2, let about = Vardict(reply[0]), let items = reply[1].arrayElements else {
            throw CommandFailure(DaemonFailure.unexpectedReply("Transcript"))
        }
        return TranscriptRecord(episode: episode, url: about.string("url"), generator: about.string("generator"),
                                generatorModel: about.string("generator_model"), complete: about.bool("complete"),
                                segments: items.compactMap(Vardict.init).map(TranscriptLine.init))
    }

    func play(episode: Int64, from seconds: Double) throws {
        try call("PlayFrom", [.int64(episode), .double(seconds)], about: .episode(episode))
    }

    /// Plays hit `number` of the last find; returns the hit.
    func playFound(_ number: Int) throws -> FindHit {
        let reply = try call("PlayFound", [.uint32(UInt32(number))])
        guard reply.count == 1, let hit = Vardict(reply[0]) else { throw CommandFailure(DaemonFailure.unexpectedReply("PlayFound")) }
        return FindHit(hit)
    }
}
