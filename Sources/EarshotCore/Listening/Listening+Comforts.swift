import EarshotStore

/// The comforts' commands: the sleep timer, chapters, and MPRIS Next and Previous as the listener
/// configured them (`MediaButtons`).
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

    /// MPRIS Next, as `buttons` says.
    public func pressNext() throws(LibraryError) { try buttons.pressNext(on: self) }
    /// MPRIS Previous, as `buttons` says.
    public func pressPrevious() throws(LibraryError) { try buttons.pressPrevious(on: self) }
    /// Whether MPRIS Next can do something (`CanGoNext`).
    public var canPressNext: Bool { buttons.canPressNext(on: self) }
    /// Whether MPRIS Previous can do something (`CanGoPrevious`).
    public var canPressPrevious: Bool { buttons.canPressPrevious(on: self) }
}
