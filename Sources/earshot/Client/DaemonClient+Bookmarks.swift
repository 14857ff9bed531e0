import EarshotMPRIS

/// Bookmarks through org.earshot.Earshot1: Bookmark, Bookmarks, RemoveBookmark, PlayBookmark.
extension DaemonClient {
    /// Marks the moment that plays with `note`; returns the bookmark.
    func bookmark(note: String) throws -> BookmarkRecord {
        try Self.bookmark(try call("Bookmark", [.string(note)]), of: "Bookmark")
    }

    /// The bookmarks of `episode` (0: every bookmark, newest first).
    func bookmarks(of episode: Int64) throws -> [BookmarkRecord] {
        try callForList("Bookmarks", [.int64(episode)], about: episode == 0 ? nil : .episode(episode)).map(BookmarkRecord.init)
    }

    func removeBookmark(_ id: Int64) throws {
        try call("RemoveBookmark", [.int64(id)])
    }

    /// Plays bookmark `id` from its moment; returns it.
    func playBookmark(_ id: Int64) throws -> BookmarkRecord {
        try Self.bookmark(try call("PlayBookmark", [.int64(id)]), of: "PlayBookmark")
    }

    private static func bookmark(_ reply: [DBusValue], of method: String) throws -> BookmarkRecord {
        guard reply.count == 1, let entry = Vardict(reply[0]) else { throw CommandFailure(DaemonFailure.unexpectedReply(method)) }
        return BookmarkRecord(entry)
    }
}
