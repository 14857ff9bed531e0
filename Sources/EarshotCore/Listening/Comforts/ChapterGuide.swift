import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// Chapters of the current episode, from three sources: the feed's Podlove Simple Chapters, the
/// Podcasting 2.0 chapters file the feed points to (fetched once, when the episode first becomes current,
/// and stored), and the audio itself. The feed's win over the audio's. It follows the playhead's events
/// and tracks the chapter playing with its own alarm at the next chapter's start, so a change is
/// announced once, when it happens.
final class ChapterGuide {
    /// Fetches Podcasting 2.0 chapters files; nil: they are not fetched.
    private let fetcher: ChaptersFetching?
    private var state = ChapterState()
    private unowned let playhead: Playhead
    private var alarm: MediaAlarm!
    /// On a metered connection no chapters file is fetched: the current episode's waits here until the
    /// connection no longer is.
    var metered = false {
        didSet {
            guard !metered, let waiting else { return }
            self.waiting = nil
            fetch(waiting.url, for: waiting.episode)
        }
    }
    private var waiting: (episode: EpisodeID, url: URL)?

    /// Chapters of `playhead`'s episode, with alarms on `timers`; files fetched through `fetcher`.
    init(playhead: Playhead, timers: Timers, fetcher: ChaptersFetching?) {
        self.playhead = playhead
        self.fetcher = fetcher
        alarm = MediaAlarm(timers: timers, playhead: { [unowned playhead] in playhead.forAlarms },
                           fire: { [unowned self] in boundaryReached() })
        playhead.subscribe { [unowned self] in hear($0) }
    }

    /// The current episode's chapters, earliest first.
    var chapters: [Chapter] { state.chapters }

    /// The chapter playing (an index into `chapters`); nil before the first starts or when not loaded.
    var currentIndex: Int? { playhead.loaded ? state.index : nil }

    /// The start of the next chapter, while loaded.
    var nextStart: Duration? {
        guard playhead.loaded else { return nil }
        return state.nextStart(after: (playhead.position + MediaAlarm.tolerance).inSeconds).map { .seconds(roundedToMilliseconds: $0) }
    }

    /// Whether the chapter playing is not the last.
    var hasNext: Bool { playhead.loaded && (currentIndex ?? -1) + 1 < chapters.count }

    // MARK: Going to a chapter

    /// Seconds into a chapter after which "previous" restarts it.
    static let restartWindow = 3.0

    /// Where chapter `index` (0-based) starts; an index out of range is refused in plain words.
    func start(of index: Int) throws(LibraryError) -> Duration {
        guard chapters.indices.contains(index) else {
            throw .indexOutOfRange(chapters.isEmpty ? tr("this episode has no chapters")
                                   // TRANSLATORS: %1$d is the chapter asked for, %2$d how many chapters the episode has.
                                   : trn("there is no chapter %1$d (this episode has %2$d)", "there is no chapter %1$d (this episode has %2$d)",
                                         chapters.count, index + 1, chapters.count))
        }
        return .seconds(roundedToMilliseconds: chapters[index].start)
    }

    /// The chapter after the one playing (the first before any); past the last is refused.
    func nextIndex() throws(LibraryError) -> Int {
        let next = (currentIndex ?? -1) + 1
        guard next < chapters.count || chapters.isEmpty else { throw .indexOutOfRange(tr("this is the last chapter")) }
        return next
    }

    /// The chapter playing when more than `restartWindow` into it, else the one before.
    var previousIndex: Int {
        guard let index = currentIndex else { return 0 }
        let into = playhead.position.inSeconds - chapters[index].start
        return into > Self.restartWindow || index == 0 ? index : index - 1
    }

    private func hear(_ event: PlayheadEvent) -> Bool {
        switch event {
        case .becameCurrent(let stored):
            take(stored)
        case .chaptersFound(let found):
            adopt(found, from: .audio, for: playhead.current?.id)
        case .jumped:
            let moved = updateIndex()
            alarm.arm(at: nextStart)
            return moved
        case .playStateChanged, .paceChanged:
            alarm.arm(at: nextStart)
        case .loaded, .ended:
            break
        }
        return false
    }

    // MARK: Sources

    /// Takes the chapters of an episode becoming current: the feed's, else those stored; a chapters file
    /// not fetched before is fetched now.
    private func take(_ stored: StoredEpisode) {
        state = ChapterState()
        waiting = nil
        if !stored.episode.chapters.isEmpty {
            state.chapters = Self.ordered(stored.episode.chapters)
            state.source = .feed
        } else if !stored.storedChapters.isEmpty {
            state.chapters = Self.ordered(stored.storedChapters)
            state.source = stored.episode.chaptersURL == nil ? .audio : .document
        } else if let url = stored.episode.chaptersURL, fetcher != nil {
            if metered { waiting = (stored.id, url) } else { fetch(url, for: stored.id) }
        }
    }

    private func fetch(_ url: URL, for id: EpisodeID) {
        fetcher?.fetch(url) { [weak self] result in
            switch result {
            case .success(let chapters): self?.adopt(chapters, from: .document, for: id)
            case .failure(let error): Log.message("could not read the chapters of episode \(id.rawValue): \(error)")
            }
        }
    }

    /// Adopts chapters found for `episode` unless it is no longer current or a stronger source gave
    /// some. The fetched ones are stored, and the audio's when the episode has no chapters file: stored
    /// chapters of an episode with a file are the file's, so a file that could not be fetched (the audio's
    /// serving meanwhile) is fetched again the next time the episode becomes current.
    private func adopt(_ found: [Chapter], from source: ChapterState.Source, for episode: EpisodeID?) {
        guard let episode, episode == playhead.current?.id, !found.isEmpty else { return }
        if let held = state.source, held > source { return }
        let ordered = Self.ordered(found)
        guard ordered != state.chapters else { return }
        state.chapters = ordered
        state.source = source
        if source == .document || playhead.current?.episode.chaptersURL == nil {
            playhead.keepChapters(ordered, of: episode)
        }
        playhead.publish(.jumped)
        playhead.changed()
    }

    // MARK: Following the playhead

    /// Sets the chapter playing from the position; whether it changed.
    private func updateIndex() -> Bool {
        let index = playhead.loaded ? state.index(at: (playhead.position + MediaAlarm.tolerance).inSeconds) : nil
        guard index != state.index else { return false }
        state.index = index
        return true
    }

    /// The next chapter began: announced once, and the alarm moves to the one after.
    private func boundaryReached() {
        if updateIndex() { playhead.changed() }
        alarm.arm(at: nextStart)
    }

    private static func ordered(_ chapters: [Chapter]) -> [Chapter] {
        chapters.filter { $0.start.isFinite && $0.start >= 0 }.sorted { $0.start < $1.start }
    }
}
