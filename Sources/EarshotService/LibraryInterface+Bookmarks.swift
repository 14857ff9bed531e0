import EarshotCore
import EarshotLocale
import EarshotMPRIS
import EarshotStore

/// Bookmarks on org.earshot.Earshot1: Bookmark, Bookmarks, RemoveBookmark, PlayBookmark (see
/// dbus/org.earshot.Earshot1.xml). Written and read on the background; the answers come later.
extension LibraryInterface {
    func bookmark(_ note: String) throws(LibraryError) -> MethodReply {
        let bookmarks = try kept()
        return .later { bookmarks.mark(note: note, done: Self.answer($0) { [Self.record($0)] }) }
    }

    func bookmarks(of episode: EpisodeID?) throws(LibraryError) -> MethodReply {
        let bookmarks = try kept()
        return .later { bookmarks.list(of: episode, done: Self.answer($0) { [BusRecords.list($0.map(Self.record))] }) }
    }

    func removeBookmark(_ id: Int64) throws(LibraryError) -> MethodReply {
        let bookmarks = try kept()
        return .later { respond in bookmarks.remove(id) { error in respond(error.map { .failure($0.playerError.busError) } ?? .success([])) } }
    }

    func playBookmark(_ id: Int64) throws(LibraryError) -> MethodReply {
        let bookmarks = try kept()
        return .later { bookmarks.play(id, done: Self.answer($0) { [Self.record($0)] }) }
    }

    private func kept() throws(LibraryError) -> Bookmarks {
        guard let bookmarks = session.bookmarks else { throw .failed(tr("bookmarks are not available")) }
        return bookmarks
    }

    /// A bookmark's dictionary.
    static func record(_ bookmark: Bookmark) -> DBusValue {
        var entries: [(String, DBusValue)] = [
            ("id", .int64(bookmark.id)), ("episode", .int64(bookmark.episode.rawValue)), ("podcast", .int64(bookmark.podcast.rawValue)),
            ("position", .double(bookmark.position)), ("note", .string(bookmark.note)),
            ("created", .int64(Int64(bookmark.createdAt.timeIntervalSince1970.rounded(.down)))),
        ]
        if let said = bookmark.said { entries.append(("said", .string(said))) }
        if let title = bookmark.episodeTitle { entries.append(("episode_title", .string(title))) }
        if let title = bookmark.podcastTitle { entries.append(("podcast_title", .string(title))) }
        return .vardict(entries)
    }
}
