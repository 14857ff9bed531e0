import EarshotFeed
import EarshotGLib
import EarshotStore

/// Chapters of the current episode, from three sources: the feed's Podlove Simple Chapters, the
/// Podcasting 2.0 chapters file the feed points to (fetched once, when the episode first becomes current,
/// and stored), and the audio itself. The feed's win over the audio's. The chapter playing is tracked
/// with one alarm at the next chapter's start, so a change is announced once, when it happens.
extension Player {
    /// The current episode's chapters, earliest first.
    public var chapters: [Chapter] { chapterState.chapters }

    /// The chapter playing (an index into `chapters`); nil before the first starts or when not loaded.
    public var currentChapterIndex: Int? { loaded ? chapterState.index : nil }

    /// The chapter playing.
    package var currentChapter: Chapter? { currentChapterIndex.map { chapters[$0] } }

    /// Seeks to the start of chapter `index` (0-based); a stopped episode is loaded, paused, first.
    public func goToChapter(_ index: Int) throws(LibraryError) {
        guard current != nil else { throw .noEpisode("there is no episode") }
        guard chapters.indices.contains(index) else {
            throw .indexOutOfRange(chapters.isEmpty ? "this episode has no chapters"
                                   : "there is no chapter \(index + 1) (this episode has \(chapters.count))")
        }
        if !canSeek { load(play: false) }
        seek(to: .seconds(roundedToMilliseconds: chapters[index].start))
    }

    /// The next chapter.
    public func nextChapter() throws(LibraryError) {
        let next = (currentChapterIndex ?? -1) + 1
        guard next < chapters.count || chapters.isEmpty else { throw .indexOutOfRange("this is the last chapter") }
        try goToChapter(next)
    }

    /// The start of the chapter playing when more than `restartWindow` into it, else the chapter before.
    public func previousChapter() throws(LibraryError) {
        guard let index = currentChapterIndex else { return try goToChapter(0) }
        let into = position.inSeconds - chapters[index].start
        try goToChapter(into > Self.restartWindow || index == 0 ? index : index - 1)
    }

    /// Seconds into a chapter after which "previous" restarts it.
    static let restartWindow = 3.0

    // MARK: Sources

    /// Takes the chapters of an episode becoming current: the feed's, else those stored; a chapters file
    /// not fetched before is fetched now.
    func loadChapters(of stored: StoredEpisode) {
        chapterState = ChapterState()
        if !stored.episode.chapters.isEmpty {
            chapterState.chapters = Self.ordered(stored.episode.chapters)
            chapterState.source = .feed
        } else if !stored.storedChapters.isEmpty {
            chapterState.chapters = Self.ordered(stored.storedChapters)
            chapterState.source = stored.episode.chaptersURL == nil ? .audio : .document
        } else if let url = stored.episode.chaptersURL, let chaptersFetcher {
            let id = stored.id
            chaptersFetcher.fetch(url) { [weak self] result in
                switch result {
                case .success(let chapters): self?.adoptChapters(chapters, from: .document, for: id)
                case .failure(let error): Log.message("could not read the chapters of episode \(id.rawValue): \(error)")
                }
            }
        }
    }

    /// Adopts chapters found for `episode` unless it is no longer current or a stronger source gave
    /// some. The fetched ones are stored, and the audio's when the episode has no chapters file: stored
    /// chapters of an episode with a file are the file's, so a file that could not be fetched (the audio's
    /// serving meanwhile) is fetched again the next time the episode becomes current.
    func adoptChapters(_ found: [Chapter], from source: ChapterState.Source, for episode: EpisodeID?) {
        guard let episode, episode == current?.id, !found.isEmpty else { return }
        if let held = chapterState.source, held > source { return }
        let ordered = Self.ordered(found)
        guard ordered != chapterState.chapters else { return }
        chapterState.chapters = ordered
        chapterState.source = source
        if source == .document || current?.episode.chaptersURL == nil {
            current?.storedChapters = ordered
            let store = self.store
            background.run { Self.log { try store.saveChapters(of: episode, ordered) } }
        }
        playheadMoved()
        changed()
    }

    // MARK: Following the playhead

    /// Sets the chapter playing from the position; whether it changed.
    func updateChapterIndex() -> Bool {
        let index = loaded ? chapterState.index(at: (position + MediaAlarm.tolerance).inSeconds) : nil
        guard index != chapterState.index else { return false }
        chapterState.index = index
        return true
    }

    /// The start of the next chapter, while loaded.
    var nextChapterStart: Duration? {
        guard loaded else { return nil }
        return chapterState.nextStart(after: (position + MediaAlarm.tolerance).inSeconds).map { .seconds(roundedToMilliseconds: $0) }
    }

    /// The next chapter began: announced once, and the alarm moves to the one after.
    func chapterBoundaryReached() {
        if updateChapterIndex() { changed() }
        chapterAlarm.arm(at: nextChapterStart)
    }

    private static func ordered(_ chapters: [Chapter]) -> [Chapter] {
        chapters.filter { $0.start.isFinite && $0.start >= 0 }.sorted { $0.start < $1.start }
    }
}
