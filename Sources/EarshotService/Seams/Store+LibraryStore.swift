import EarshotCore
import EarshotStore

/// The SQLite store is the library's persistence.
extension Store: LibraryStore {}

/// The SQLite store keeps the downloads.
extension Store: DownloadStore {}

/// The SQLite store keeps transcripts and the full-text index.
extension Store: TranscriptStore {}

/// The SQLite store keeps the bookmarks.
extension Store: BookmarkStore {}

/// The SQLite store fills and mends its search index.
extension Store: SearchIndexStore {}

/// The SQLite store keeps the transcripts made on this computer.
extension Store: TranscriptionStore {}

/// The SQLite store keeps and evaluates the smart playlists.
extension Store: PlaylistStoring {}

/// The SQLite store keeps the feeds' Podcasting 2.0 fields.
extension Store: NamespaceStore {}
