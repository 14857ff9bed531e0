import EarshotLocale
import EarshotStore

/// The comforts' commands: the sleep timer, chapters, and MPRIS Next and Previous as the listener
/// configured them (`MediaButtons`).
extension Listening {
    /// Arms the sleep timer (replacing one armed before); nil turns it off.
    public func setSleepTimer(_ mode: SleepMode?) throws(LibraryError) { try sleep.set(mode) }

    // MARK: Chapters

    /// Seeks to the start of chapter `index` (0-based); a stopped episode is loaded, paused, first.
    public func goToChapter(_ index: Int) throws(LibraryError) {
        guard current != nil else { throw .noEpisode(tr("there is no episode")) }
        let start = try chapterGuide.start(of: index)
        if !canSeek { load(play: false) }
        seek(to: start)
    }

    /// The next chapter.
    public func nextChapter() throws(LibraryError) { try goToChapter(chapterGuide.nextIndex()) }

    /// The start of the chapter playing when a few seconds into it, else the chapter before.
    public func previousChapter() throws(LibraryError) { try goToChapter(chapterGuide.previousIndex) }

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
