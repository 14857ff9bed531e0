import EarshotCore
import EarshotLocale
import EarshotMPRIS
import EarshotStore

/// Smart playlists on org.earshot.Earshot1: SmartPlaylists, SaveSmartPlaylist, RemoveSmartPlaylist,
/// SmartPlaylistEpisodes and PlaySmartPlaylist (see dbus/org.earshot.Earshot1.xml). Evaluating one runs
/// on the reader, and its listing is built and marshalled there; the answers come later.
extension LibraryInterface {
    var smartPlaylists: SmartPlaylists {
        get throws(LibraryError) {
            guard let playlists = session.playlists else { throw .failed(tr("smart playlists are not available")) }
            return playlists
        }
    }

    /// A playlist's dictionary: id, name, rules (the words that make it), the episodes it held when last
    /// evaluated, when it was made and last played.
    static func playlistRecord(_ playlist: SmartPlaylist, count: Int?) -> DBusValue {
        var entries: [(String, DBusValue)] = [
            ("id", .int64(playlist.id)), ("name", .string(playlist.name)),
            ("rules", .stringArray(PlaylistRuleWords.words(playlist.rules))),
            ("created", .int64(Int64(playlist.createdAt.timeIntervalSince1970.rounded(.down)))),
            ("mpris_id", .string(MPRISPlayer.smartPlaylistPrefix + String(playlist.id))),
        ]
        if let count { entries.append(("episodes", .uint32(UInt32(clamping: count)))) }
        if let played = playlist.playedAt { entries.append(("played", .int64(Int64(played.timeIntervalSince1970.rounded(.down))))) }
        return .vardict(entries)
    }

    func listSmartPlaylists() throws(LibraryError) -> MethodReply {
        let playlists = try smartPlaylists
        return MethodReply([BusRecords.list(playlists.all.map { Self.playlistRecord($0, count: playlists.contents[$0.id]?.count) })])
    }

    func saveSmartPlaylist(_ name: String, words: [String], replacing: Bool) throws(LibraryError) -> MethodReply {
        let playlists = try smartPlaylists
        return .later { respond in
            playlists.save(name, words: words, replacing: replacing, done: Self.answer(respond) { saved in
                [Self.playlistRecord(saved, count: playlists.contents[saved.id]?.count)]
            })
        }
    }

    func removeSmartPlaylist(_ name: String) throws(LibraryError) -> MethodReply {
        let playlists = try smartPlaylists
        return .later { respond in
            playlists.remove(name) { error in respond(error.map { .failure($0.playerError.busError) } ?? .success([])) }
        }
    }

    func smartPlaylistEpisodes(_ name: String) throws(LibraryError) -> MethodReply {
        let playlists = try smartPlaylists
        return .laterPrepared { [weak self] preparer, respond in
            guard let self else { return }
            let marks = self.listingMarks
            playlists.episodes(of: name, shaped: { _, listings -> Result<PreparedReply, BusError> in
                Result { () throws(BusError) in try preparer.prepare([marks.values(listings, asRows: false)]) }
            }) { result in
                switch result {
                case .success(let prepared): respond(prepared)
                case .failure(let error): respond(.failure(error.playerError.busError))
                }
            }
        }
    }

    /// Plays a playlist; answers with its episodes once the first one's audio opened (or why not).
    func playSmartPlaylist(_ name: String) throws(LibraryError) -> MethodReply {
        let playlists = try smartPlaylists
        return .later { [weak self] respond in
            playlists.play(name) { result in
                switch result {
                case .success(let episodes):
                    guard let self else { return respond(.success(Self.idList(episodes))) }
                    self.session.whenAudioOpens { problem in
                        respond(problem.map { .failure(PlayerError.playbackFailed($0).busError) } ?? .success(Self.idList(episodes)))
                    }
                case .failure(let error):
                    respond(.failure(error.playerError.busError))
                }
            }
        }
    }
}
