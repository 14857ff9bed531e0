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

/// The SQLite store keeps the feeds' Podcasting 2.0 fields.
extension Store: NamespaceStore {}
