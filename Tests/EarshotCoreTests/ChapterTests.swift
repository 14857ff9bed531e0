@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("Chapters")
struct ChapterTests {
    private static let feedChapters = [Chapter(start: 0, title: "Hello"), Chapter(start: 120, title: "News"), Chapter(start: 300, title: "Bye")]
    private static let fileURL = URL(string: "http://show.test/1.chapters.json")!

    private func show(chapters: [Chapter] = [], file: Bool = false) -> Channel {
        var show = CoreFixture.show("show", count: 2)
        show.episodes[1].chapters = chapters
        if file { show.episodes[1].chaptersURL = Self.fileURL }
        return show
    }

    @Test func theFeedsChaptersAreUsedAndTheChapterPlayingFollowsThePosition() throws {
        let f = try CoreFixture()
        try f.subscribe("show", show(chapters: Self.feedChapters))
        try f.player.play(episode: f.episode("show-1"))
        #expect(f.player.chapters == Self.feedChapters)
        #expect(f.player.currentChapter?.title == "Hello")
        f.player.seek(to: .seconds(130))
        #expect(f.player.currentChapter?.title == "News")
    }

    @Test func aChaptersFileIsFetchedOnceStoredAndUsed() throws {
        let f = try CoreFixture()
        f.chapterFiles.files[Self.fileURL] = [Chapter(start: 0, title: "Cold open"), Chapter(start: 60, title: "Main")]
        try f.subscribe("show", show(file: true))
        let id = try f.episode("show-1")
        try f.player.play(episode: id)
        #expect(f.player.chapters.map(\.title) == ["Cold open", "Main"])
        #expect(f.store.row(id)?.chapters.map(\.title) == ["Cold open", "Main"])
        try f.player.play(episode: f.episode("show-2"))
        try f.player.play(episode: id)
        #expect(f.chapterFiles.requests == [Self.fileURL], "fetched once")
        #expect(f.player.chapters.map(\.title) == ["Cold open", "Main"])
    }

    @Test func onAMeteredConnectionAChaptersFileWaitsAndIsFetchedWhenItIsNoLongerMetered() throws {
        let f = try CoreFixture()
        f.chapterFiles.files[Self.fileURL] = [Chapter(start: 0, title: "Cold open"), Chapter(start: 60, title: "Main")]
        try f.subscribe("show", show(file: true))
        f.session.networkChanged(metered: true)
        try f.player.play(episode: f.episode("show-1"))
        #expect(f.chapterFiles.requests.isEmpty, "nothing fetched by itself while metered")
        f.session.networkChanged(metered: false)
        #expect(f.chapterFiles.requests == [Self.fileURL])
        #expect(f.player.chapters.map(\.title) == ["Cold open", "Main"])
    }

    @Test func aChaptersFileHeldBackForAnEpisodeNoLongerCurrentIsNotFetched() throws {
        let f = try CoreFixture()
        try f.subscribe("show", show(file: true))
        f.session.networkChanged(metered: true)
        try f.player.play(episode: f.episode("show-1"))
        try f.player.play(episode: f.episode("show-2"))
        f.session.networkChanged(metered: false)
        #expect(f.chapterFiles.requests.isEmpty)
    }

    @Test func theAudiosChaptersAreUsedWhenTheFeedHasNoneAndStored() throws {
        let f = try CoreFixture()
        try f.subscribe("show", show())
        let id = try f.episode("show-1")
        try f.player.play(episode: id)
        f.engine.emit(.chaptersFound([.init(start: 0, title: "Intro"), .init(start: 30, title: "Talk")]))
        #expect(f.player.chapters.map(\.title) == ["Intro", "Talk"])
        #expect(f.store.row(id)?.chapters.count == 2)
    }

    @Test func theFeedsChaptersWinOverTheAudios() throws {
        let f = try CoreFixture()
        try f.subscribe("show", show(chapters: Self.feedChapters))
        try f.player.play(episode: f.episode("show-1"))
        f.engine.emit(.chaptersFound([.init(start: 0, title: "Intro"), .init(start: 30, title: "Talk")]))
        #expect(f.player.chapters == Self.feedChapters)
    }

    @Test func aChaptersFileArrivingAfterTheAudiosReplacesThem() throws {
        let f = try CoreFixture()
        f.chapterFiles.files[Self.fileURL] = [Chapter(start: 0, title: "From the file")]
        f.chapterFiles.holding = true
        try f.subscribe("show", show(file: true))
        try f.player.play(episode: f.episode("show-1"))
        f.engine.emit(.chaptersFound([.init(start: 0, title: "From the audio")]))
        #expect(f.player.chapters.map(\.title) == ["From the audio"])
        f.chapterFiles.release()
        #expect(f.player.chapters.map(\.title) == ["From the file"])
    }

    @Test func aChaptersFileThatFailedIsFetchedAgainNextTimeAndTheAudiosChaptersServeMeanwhile() throws {
        let f = try CoreFixture()
        try f.subscribe("show", show(file: true))
        let id = try f.episode("show-1")
        try f.player.play(episode: id)  // the file answers 404 this time
        f.engine.emit(.chaptersFound([.init(start: 0, title: "From the audio")]))
        #expect(f.player.chapters.map(\.title) == ["From the audio"])
        #expect(f.store.row(id)?.chapters.isEmpty == true, "not stored: stored chapters of an episode with a file are the file's")
        f.chapterFiles.files[Self.fileURL] = [Chapter(start: 0, title: "From the file")]
        try f.player.play(episode: f.episode("show-2"))
        try f.player.play(episode: id)
        #expect(f.chapterFiles.requests == [Self.fileURL, Self.fileURL], "fetched again")
        #expect(f.player.chapters.map(\.title) == ["From the file"])
        #expect(f.store.row(id)?.chapters.map(\.title) == ["From the file"])
    }

    @Test func aChaptersFileForAnEpisodeNoLongerCurrentIsIgnored() throws {
        let f = try CoreFixture()
        f.chapterFiles.files[Self.fileURL] = [Chapter(start: 0, title: "Late")]
        f.chapterFiles.holding = true
        try f.subscribe("show", show(file: true))
        try f.player.play(episode: f.episode("show-1"))
        try f.player.play(episode: f.episode("show-2"))
        f.chapterFiles.release()
        #expect(f.player.chapters.isEmpty)
    }

    @Test func eachChapterChangeIsAnnouncedOnceAndOnlyThen() throws {
        let f = try CoreFixture()
        try f.subscribe("show", show(chapters: Self.feedChapters))
        try f.player.play(episode: f.episode("show-1"))
        f.engine.announceState()
        var seen: [String?] = []
        f.session.events.subscribe { if case .nowPlayingChanged = $0 { seen.append(f.player.currentChapter?.title) } }
        f.timers.advance(by: .seconds(400))
        #expect(seen == ["News", "Bye"], "one change each, at the boundaries")
        #expect(f.timers.waiting == 1, "the chapter alarm is done: only the 5-second progress save waits")
    }

    @Test func theBoundaryTimerFollowsTheRateAndASeek() throws {
        let f = try CoreFixture()
        try f.subscribe("show", show(chapters: Self.feedChapters))
        try f.player.play(episode: f.episode("show-1"))
        f.engine.announceState()
        f.player.setRate(2)
        f.timers.advance(by: .milliseconds(59_900))
        #expect(f.player.currentChapter?.title == "Hello")
        f.timers.advance(by: .milliseconds(100))
        #expect(f.player.currentChapter?.title == "News", "120 s of audio at 2× is 60 s")
        f.player.seek(to: .seconds(10))
        #expect(f.player.currentChapter?.title == "Hello")
        f.timers.advance(by: .seconds(55))
        #expect(f.player.currentChapter?.title == "News")
    }

    @Test func nextPreviousAndNumberedJumpsSeekToChapterStarts() throws {
        let f = try CoreFixture()
        try f.subscribe("show", show(chapters: Self.feedChapters))
        try f.player.play(episode: f.episode("show-1"))
        try f.player.nextChapter()
        #expect(f.engine.seeks.last == .seconds(120))
        try f.player.goToChapter(2)
        #expect(f.engine.seeks.last == .seconds(300))
        #expect(throws: LibraryError.self) { try f.player.nextChapter() }
        f.engine.currentPosition = .seconds(310)
        try f.player.previousChapter()
        #expect(f.engine.seeks.last == .seconds(300), "more than 3 s in: the chapter's own start")
        try f.player.previousChapter()
        #expect(f.engine.seeks.last == .seconds(120))
        #expect(throws: LibraryError.indexOutOfRange("there is no chapter 9 (this episode has 3)")) { try f.player.goToChapter(8) }
    }

    @Test func theMediaButtonsCanMoveByChapterOrByThirtySeconds() throws {
        let f = try CoreFixture()
        try f.subscribe("show", show(chapters: Self.feedChapters))
        try f.player.play(episode: f.episode("show-1"))
        f.player.buttons = MediaButtons(next: .chapter, previous: .skip30s)
        try f.player.pressNext()
        #expect(f.engine.seeks.last == .seconds(120) && f.currentGUID == "show-1")
        try f.player.pressPrevious()
        #expect(f.engine.seeks.last == .seconds(90))
        try f.player.goToChapter(2)
        try f.player.pressNext()
        #expect(f.currentGUID == "show-2", "after the last chapter, the next episode")
        f.player.buttons = MediaButtons()
        #expect(!f.player.canPressNext, "by episode, the newest has no next")
    }
}

@Suite("Media buttons")
struct MediaButtonTests {
    @Test func previousByChapterInTheFirstSecondsOfTheFirstChapterGoesToThePreviousEpisode() throws {
        let f = try CoreFixture()
        var show = CoreFixture.show("show", count: 2)
        show.episodes[0].chapters = [Chapter(start: 0, title: "One"), Chapter(start: 60, title: "Two")]
        try f.subscribe("show", show)
        try f.player.play(episode: f.episode("show-2"))
        f.player.buttons = MediaButtons(next: .chapter, previous: .chapter)
        f.engine.currentPosition = .seconds(1)
        try f.player.pressPrevious()
        #expect(f.currentGUID == "show-1")
    }
}
