import EarshotLocale

/// What a media button (MPRIS Next or Previous) does.
public enum ButtonAction: String, Sendable, CaseIterable {
    /// The next or previous episode.
    case episode
    /// The next or previous chapter; without one, the episode.
    case chapter
    /// 30 seconds forward or back.
    case skip30s = "skip-30s"
}

extension ButtonAction {
    /// The built-in action of `key` (`next-button` or `previous-button`), from the settings table (whose
    /// choices are this type's cases, so the fallback is never taken).
    public static func builtIn(_ key: String) -> ButtonAction { ButtonAction(rawValue: SettingsTable.builtIn(key)) ?? .episode }
}

/// What MPRIS Next and Previous do (configuration `next-button`, `previous-button`).
public struct MediaButtons: Sendable, Equatable {
    public var next: ButtonAction
    public var previous: ButtonAction

    public init(next: ButtonAction = .builtIn(SettingsTable.nextButton), previous: ButtonAction = .builtIn(SettingsTable.previousButton)) {
        self.next = next
        self.previous = previous
    }
}

/// What a press does: episodes, chapters, or 30-second skips, on the listening it is pressed on.
extension MediaButtons {
    /// How far a skip button jumps.
    static let skipStep: Duration = .seconds(30)

    /// MPRIS Next.
    func pressNext(on listening: Listening) throws(LibraryError) {
        switch next {
        case .episode:
            try listening.next()
        case .chapter:
            if listening.chapterGuide.hasNext { try listening.nextChapter() } else { try listening.next() }
        case .skip30s:
            guard listening.canSeek else { throw .noEpisode(tr("nothing is playing")) }
            listening.seek(to: listening.position + Self.skipStep)
        }
    }

    /// MPRIS Previous: with chapters, the one before (or the start of this one, past its first seconds).
    func pressPrevious(on listening: Listening) throws(LibraryError) {
        switch previous {
        case .episode:
            try listening.previous()
        case .chapter:
            if let index = listening.currentChapterIndex,
               index > 0 || listening.position.inSeconds - listening.chapters[index].start > ChapterGuide.restartWindow {
                try listening.previousChapter()
            } else {
                try listening.previous()
            }
        case .skip30s:
            guard listening.canSeek else { throw .noEpisode(tr("nothing is playing")) }
            listening.seek(to: max(.zero, listening.position - Self.skipStep))
        }
    }

    /// Whether Next can do something on `listening` (`CanGoNext`).
    func canPressNext(on listening: Listening) -> Bool {
        switch next {
        case .episode: listening.nextEpisode != nil
        case .chapter: listening.chapterGuide.hasNext || listening.nextEpisode != nil
        case .skip30s: listening.canSeek
        }
    }

    /// Whether Previous can do something on `listening` (`CanGoPrevious`).
    func canPressPrevious(on listening: Listening) -> Bool {
        switch previous {
        case .episode: listening.previousEpisode != nil
        case .chapter: listening.currentChapterIndex != nil || listening.previousEpisode != nil
        case .skip30s: listening.canSeek
        }
    }
}
