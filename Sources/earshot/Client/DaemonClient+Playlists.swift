import EarshotMPRIS

/// Smart playlists over org.earshot.Earshot1.
extension DaemonClient {
    func smartPlaylists() throws -> [Vardict] { try callForList("SmartPlaylists") }

    /// Makes (or, `replacing`, changes) a playlist; answers with it as stored.
    @discardableResult
    func saveSmartPlaylist(_ name: String, rules: [String], replacing: Bool) throws -> Vardict {
        let reply = try call("SaveSmartPlaylist", [.string(name), .stringArray(rules), .boolean(replacing)])
        guard reply.count == 1, let record = Vardict(reply[0]) else { throw CommandFailure(DaemonFailure.unexpectedReply("SaveSmartPlaylist")) }
        return record
    }

    func removeSmartPlaylist(_ name: String) throws { try call("RemoveSmartPlaylist", [.string(name)]) }

    func smartPlaylistEpisodes(_ name: String) throws -> [EpisodeRecord] {
        try callForList("SmartPlaylistEpisodes", [.string(name)]).compactMap(EpisodeRecord.init)
    }

    /// Plays a playlist; answers once its first episode's audio opened.
    func playSmartPlaylist(_ name: String) throws {
        try call("PlaySmartPlaylist", [.string(name)])
    }
}
