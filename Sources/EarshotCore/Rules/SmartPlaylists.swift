import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// Smart playlists: a name and rules each (`PlaylistRules`, read from words by `PlaylistRuleWords`),
/// kept in the store and evaluated there as one query on the reader, never on the loop. Their contents
/// follow the library: a change that may move episodes in or out (a refresh, a mark, a star, a download,
/// listening) evaluates every playlist again a little later, at most once per `settle`, and once an
/// hour for the age rules; `onContentsChanged` hears of each playlist whose episodes really changed
/// (MPRIS `PlaylistChanged`, so no needless signal), `onListChanged` of a playlist made, renamed or
/// removed. Playing one plays its first episode and puts the rest at the front of Up Next, in order.
public final class SmartPlaylists {
    /// Every playlist, oldest first.
    public private(set) var all: [SmartPlaylist] = []
    /// Each playlist's episodes as last evaluated (by id); absent until its first evaluation.
    public private(set) var contents: [Int64: [EpisodeID]] = [:]
    /// A playlist's episodes changed.
    public var onContentsChanged: (SmartPlaylist) -> Void = { _ in }
    /// A playlist was made, renamed or removed (the count or a name changed).
    public var onListChanged: () -> Void = {}

    private let store: PlaylistStoring
    private let background: Background
    private let reader: Background
    private let timers: Timers
    private let listening: Listening
    private var subscription: EventSubscription?
    private var pending: TimerHandle?
    private var hourly: TimerHandle?
    private var evaluating = false, evaluateAgain = false

    /// How long after a change of the library the playlists are evaluated again (changes in between
    /// are taken together).
    static let settle: Duration = .seconds(2)
    static let ageInterval: Duration = .seconds(3600)

    init(store: PlaylistStoring, background: Background, reader: Background, timers: Timers, events: SessionEvents, listening: Listening) {
        self.store = store
        self.background = background
        self.reader = reader
        self.timers = timers
        self.listening = listening
        subscription = events.subscribe { [weak self] event in self?.hear(event) }
    }

    /// Reads the stored playlists (at start, before the loop runs) and evaluates them on the reader.
    func load() {
        do { all = try store.smartPlaylists() } catch { Log.warning("cannot read the smart playlists: \(error)") }
        evaluate()
        scheduleHourly()
    }

    /// Stops following the library (at exit).
    func stop() {
        subscription?.cancel()
        pending?.cancel()
        hourly?.cancel()
    }

    /// The playlist called `name` (regardless of case).
    public func playlist(named name: String) -> SmartPlaylist? {
        let folded = name.lowercased()
        return all.first { $0.name.lowercased() == folded }
    }

    // MARK: Commands

    /// Makes the playlist `name` from rule `words`, or gives an existing one (of that name) new rules;
    /// `done` hears it as stored, once its episodes were evaluated.
    public func save(_ name: String, words: [String], replacing: Bool, done: @escaping (Result<SmartPlaylist, LibraryError>) -> Void) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 200, !trimmed.contains(where: \.isNewline) else {
            return done(.failure(.invalidSetting(tr("a playlist's name is one line of text, at most 200 characters"))))
        }
        let exists = playlist(named: trimmed) != nil
        if replacing, !exists { return done(.failure(.noEpisode(tr("there is no playlist “%s” (earshot playlist list)", "\(trimmed)")))) }
        if !replacing, exists { return done(.failure(.invalidSetting(tr("there is already a playlist “%s” (earshot playlist edit changes it)", "\(trimmed)")))) }
        let rules: PlaylistRules
        do { rules = try PlaylistRuleWords.parse(words) } catch { return done(.failure(.invalidSetting(error.description))) }
        let store = self.store, date = timers.date
        // Evaluated first on the reader (words that make no query are refused there), then written.
        reader.run({ () -> Result<[EpisodeID], LibraryError> in
            do {
                return .success(try store.playlistEpisodes(rules, now: date))
            } catch let error as SearchQueryError {
                return .failure(.invalidSetting(error.description))
            } catch {
                return .failure(.failed(tr("cannot evaluate the playlist: %s", "\(error)")))
            }
        }) { [weak self] evaluated in
            guard let self else { return }
            let episodes: [EpisodeID]
            switch evaluated {
            case .success(let found): episodes = found
            case .failure(let error): return done(.failure(error))
            }
            background.run({ Result { try store.saveSmartPlaylist(named: trimmed, rules: rules, at: date) } }) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let saved):
                    if let index = all.firstIndex(where: { $0.id == saved.id }) { all[index] = saved } else { all.append(saved) }
                    let changed = contents[saved.id] != nil && contents[saved.id] != episodes
                    contents[saved.id] = episodes
                    onListChanged()
                    if changed { onContentsChanged(saved) }
                    done(.success(saved))
                case .failure(let error):
                    done(.failure(.failed(tr("cannot save the playlist: %s", "\(error)"))))
                }
            }
        }
    }

    /// Removes the playlist `name`.
    public func remove(_ name: String, done: @escaping (LibraryError?) -> Void) {
        guard let playlist = playlist(named: name) else { return done(.noEpisode(tr("there is no playlist “%s” (earshot playlist list)", "\(name)"))) }
        let store = self.store
        background.run({ Result { try store.removeSmartPlaylist(named: playlist.name) } }) { [weak self] result in
            guard let self else { return }
            if case .failure(let error) = result { return done(.failed(tr("cannot remove the playlist: %s", "\(error)"))) }
            all.removeAll { $0.id == playlist.id }
            contents[playlist.id] = nil
            onListChanged()
            done(nil)
        }
    }

    /// The episodes of the playlist `name` now, evaluated on the reader, as a listing shows them and
    /// `shaped` there (a reply built off the loop); `done` hears the shape, or why not.
    public func episodes<T: Sendable>(of name: String, shaped: @escaping @Sendable (SmartPlaylist, [EpisodeListing]) -> T,
                                      done: @escaping (Result<T, LibraryError>) -> Void) {
        guard let playlist = playlist(named: name) else { return done(.failure(.noEpisode(tr("there is no playlist “%s” (earshot playlist list)", "\(name)")))) }
        let store = self.store, date = timers.date
        reader.run({ () -> Result<T, LibraryError> in
            Result { shaped(playlist, try store.listEpisodes(try store.playlistEpisodes(playlist.rules, now: date))) }
                .mapError { .failed(tr("cannot read the playlist: %s", "\($0)")) }
        }, completion: done)
    }

    /// Plays the playlist `name` (nil: the one of `id`): its episodes, evaluated now on the reader, play
    /// in order: the first at once, the rest at the front of Up Next. `done` hears the episodes, or why not.
    public func play(_ name: String?, id: Int64? = nil, done: @escaping (Result<[EpisodeID], LibraryError>) -> Void) {
        guard let playlist = name.flatMap(playlist(named:)) ?? all.first(where: { $0.id == id }) else {
            return done(.failure(.noEpisode(tr("there is no playlist “%s” (earshot playlist list)", name ?? id.map(String.init) ?? ""))))
        }
        let store = self.store, date = timers.date
        reader.run({ () -> Result<[EpisodeListing], LibraryError> in
            Result { try store.listEpisodes(try store.playlistEpisodes(playlist.rules, now: date)) }
                .mapError { .failed(tr("cannot read the playlist: %s", "\($0)")) }
        }) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let listings):
                let ids = listings.map(\.id)
                do throws(LibraryError) {
                    try listening.play(listings)
                } catch {
                    return done(.failure(error))
                }
                if let index = all.firstIndex(where: { $0.id == playlist.id }) { all[index].playedAt = date }
                background.run { StoreWork.log { try store.smartPlaylistPlayed(playlist.id, at: date) } }
                done(.success(ids))
            case .failure(let error):
                done(.failure(error))
            }
        }
    }

    // MARK: Following the library

    /// Something that may move episodes in or out of playlists changed: every playlist is evaluated
    /// again after `settle` (changes meanwhile are taken together).
    public func libraryChanged() {
        guard pending == nil, !all.isEmpty else { return }
        pending = timers.after(Self.settle) { [weak self] in
            self?.pending = nil
            self?.evaluate()
        }
    }

    private func hear(_ event: SessionEvent) {
        switch event {
        case .episodeChanged, .newEpisodes, .podcastRemoved, .listened, .marked, .downloaded, .placesSynced, .feedStored:
            libraryChanged()
        case .transcription(.finished):
            // A transcript made here is complete: what was said may now match a playlist's words.
            libraryChanged()
        case .nowPlayingChanged, .seeked, .upNextChanged, .progressSaved, .refreshFinished, .podcastsChanged, .settingChanged,
             .transcription:
            break
        }
    }

    private func scheduleHourly() {
        hourly = timers.after(Self.ageInterval) { [weak self] in
            self?.evaluate()
            self?.scheduleHourly()
        }
    }

    /// Evaluates every playlist on the reader; those whose episodes changed are announced.
    private func evaluate() {
        guard !all.isEmpty else { return }
        guard !evaluating else {
            evaluateAgain = true
            return
        }
        evaluating = true
        let store = self.store, date = timers.date, playlists = all
        reader.run({ () -> [Int64: [EpisodeID]] in
            var found: [Int64: [EpisodeID]] = [:]
            for playlist in playlists {
                do { found[playlist.id] = try store.playlistEpisodes(playlist.rules, now: date) } catch {
                    Log.warning("cannot evaluate the playlist “\(playlist.name)”: \(error)")
                }
            }
            return found
        }) { [weak self] found in
            guard let self else { return }
            evaluating = false
            for (id, episodes) in found {
                guard let playlist = all.first(where: { $0.id == id }) else { continue }
                let before = contents[id]
                contents[id] = episodes
                if let before, before != episodes { onContentsChanged(playlist) }
            }
            if evaluateAgain {
                evaluateAgain = false
                evaluate()
            }
        }
    }
}
