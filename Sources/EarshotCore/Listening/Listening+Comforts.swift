import EarshotStore

/// The comforts' commands: the sleep timer, chapters, and MPRIS Next and Previous as the listener
/// configured them (episodes, chapters, or 30-second skips).
extension Listening {
    /// Arms the sleep timer (replacing one armed before); nil turns it off.
    public func setSleepTimer(_ mode: SleepMode?) throws(LibraryError) { try sleep.set(mode) }

    // MARK: Chapters

    /// Seconds into a chapter after which "previous" restarts it.
    static let restartWindow = 3.0

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

    // MARK: Media buttons

    /// How far a skip button jumps.
    static let skipStep: Duration = .seconds(30)

    /// MPRIS Next.
    public func pressNext() throws(LibraryError) {
        switch buttons.next {
        case .episode:
            try next()
        case .chapter:
            if chapterGuide.hasNext { try nextChapter() } else { try next() }
        case .skip30s:
            guard canSeek else { throw .noEpisode("nothing is playing") }
            seek(to: position + Self.skipStep)
        }
    }

    /// MPRIS Previous.
    public func pressPrevious() throws(LibraryError) {
        switch buttons.previous {
        case .episode:
            try previous()
        case .chapter:
            if let index = currentChapterIndex, index > 0 || position.inSeconds - chapters[index].start > Self.restartWindow {
                try previousChapter()
            } else {
                try previous()
            }
        case .skip30s:
            guard canSeek else { throw .noEpisode("nothing is playing") }
            seek(to: max(.zero, position - Self.skipStep))
        }
    }

    /// Whether MPRIS Next can do something (`CanGoNext`).
    public var canPressNext: Bool {
        switch buttons.next {
        case .episode: nextEpisode != nil
        case .chapter: chapterGuide.hasNext || nextEpisode != nil
        case .skip30s: canSeek
        }
    }

    /// Whether MPRIS Previous can do something (`CanGoPrevious`).
    public var canPressPrevious: Bool {
        switch buttons.previous {
        case .episode: previousEpisode != nil
        case .chapter: currentChapterIndex != nil || previousEpisode != nil
        case .skip30s: canSeek
        }
    }
}
