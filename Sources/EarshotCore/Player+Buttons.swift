/// MPRIS Next and Previous as the listener configured them: episodes, chapters, or 30-second skips.
extension Player {
    /// How far a skip button jumps.
    static let skipStep: Duration = .seconds(30)

    /// MPRIS Next.
    public func pressNext() throws(LibraryError) {
        switch buttons.next {
        case .episode:
            try next()
        case .chapter:
            if hasNextChapter { try nextChapter() } else { try next() }
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
        case .chapter: hasNextChapter || nextEpisode != nil
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

    private var hasNextChapter: Bool { loaded && (currentChapterIndex ?? -1) + 1 < chapters.count }
}
