import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// Bookmarks: the moment that plays, marked with a note in one press (`earshot bookmark`, or a desktop
/// shortcut calling `Bookmark`), confirmed by a notification, listed, played from and found by `find`.
/// The moment is taken on the loop as the listener hears it; the row (with the transcript's words around
/// it) is written on the background.
public final class Bookmarks {
    private let store: BookmarkStore
    private let listening: Listening
    private let library: Library
    private let background: Background
    private let timers: Timers
    /// Where the confirmation goes; none without a desktop.
    var notifier: Notifier?

    /// The longest note kept, in characters.
    public static let longestNote = 1_000

    init(store: BookmarkStore, listening: Listening, library: Library, background: Background, timers: Timers) {
        self.store = store
        self.listening = listening
        self.library = library
        self.background = background
        self.timers = timers
    }

    /// Marks the moment that plays now with `note`; `done` gets the bookmark, or why there is none.
    public func mark(note: String, done: @escaping (Result<Bookmark, LibraryError>) -> Void) {
        guard note.count <= Self.longestNote else {
            return done(.failure(.invalidSetting(trn("the note is longer than %d character: give a shorter one", "the note is longer than %d characters: give a shorter one", Self.longestNote, Self.longestNote))))
        }
        guard let current = listening.current else {
            return done(.failure(.noEpisode(tr("nothing is playing: there is no moment to bookmark"))))
        }
        let position = max(0, listening.position.inSeconds)
        let store = self.store, date = timers.date, episode = current.id
        background.run({ () -> Result<Bookmark, LibraryError> in
            do {
                return .success(try store.addBookmark(of: episode, at: position, note: note, madeAt: date))
            } catch {
                return .failure(.failed(tr("cannot keep the bookmark: %s", "\(error)")))
            }
        }) { [weak self] result in
            if case .success(let bookmark) = result { self?.confirm(bookmark) }
            done(result)
        }
    }

    /// The bookmarks of `episode` in its order, or every bookmark newest first.
    public func list(of episode: EpisodeID?, done: @escaping (Result<[Bookmark], LibraryError>) -> Void) {
        let store = self.store
        background.run({ () -> Result<[Bookmark], LibraryError> in
            Result { try store.bookmarks(of: episode) }.mapError { .failed(tr("cannot read the bookmarks: %s", "\($0)")) }
        }, completion: done)
    }

    /// Removes bookmark `id`.
    public func remove(_ id: Int64, done: @escaping (LibraryError?) -> Void) {
        let store = self.store
        background.run({ () -> LibraryError? in
            do {
                return try store.removeBookmark(id) ? nil : .indexOutOfRange(tr("there is no bookmark %d", Int(id)))
            } catch {
                return .failed(tr("cannot remove the bookmark: %s", "\(error)"))
            }
        }, completion: done)
    }

    /// Plays the episode of bookmark `id` from its moment; `done` gets the bookmark.
    public func play(_ id: Int64, done: @escaping (Result<Bookmark, LibraryError>) -> Void) {
        let store = self.store
        background.run({ () -> Result<Bookmark?, LibraryError> in
            Result { try store.bookmark(id) }.mapError { .failed(tr("cannot read the bookmarks: %s", "\($0)")) }
        }) { [weak self] result in
            switch result {
            case .success(.some(let bookmark)):
                do throws(LibraryError) {
                    try self?.listening.play(episode: bookmark.episode, from: bookmark.position)
                    done(.success(bookmark))
                } catch {
                    done(.failure(error))
                }
            case .success(.none): done(.failure(.indexOutOfRange(tr("there is no bookmark %d (earshot bookmarks lists them)", Int(id)))))
            case .failure(let error): done(.failure(error))
            }
        }
    }

    private func confirm(_ bookmark: Bookmark) {
        let at = ClockText.clock(bookmark.position) ?? "0:00"
        let episode = bookmark.episodeTitle ?? tr("this episode")
        // TRANSLATORS: a bookmark notification's first line: %s is the episode's title.
        let named = tr("“%s”", episode)
        let body = bookmark.note.isEmpty ? named : named + "\n" + bookmark.note
        // TRANSLATORS: a notification's title: %s is the moment in the episode (12:34).
        notifier?.post(Notice(title: tr("Bookmarked %s", at), body: body, image: nil, actions: []), replacing: nil) { _ in }
    }
}
