import EarshotTUI
import Foundation
import Testing

@Suite("What the views show")
struct FrameTests {
    /// Every line of `frame` fits its width, and it has `height` lines.
    func expectFits(_ frame: Frame, height: Int) {
        #expect(frame.lines.count == height)
        for line in frame.lines { #expect(Columns.width(of: line.text) <= frame.width, "\(line.text)") }
    }

    @Test func theLibraryShowsTitlesUnplayedCountsAndTheLastRefreshIn80By24() {
        let frame = Fixtures.state().frame(now: Fixtures.now)
        expectFits(frame, height: 24)
        #expect(frame.lines[0].text.hasPrefix(" Library  (3)"))
        #expect(frame.lines[1].text.contains("咖啡时间 Coffee Time"))
        #expect(frame.lines[1].text.contains("2 new"))
        #expect(frame.lines[1].text.contains("10 min ago"))
        #expect(frame.lines[2].text.contains("\\u{202E}wolS\\u{202C}"))
        #expect(frame.lines[3].text.hasSuffix("…     never") || frame.lines[3].text.contains("…"))
        #expect(frame.lines[1].spans.allSatisfy { $0.style == .selected }, "the selected row is highlighted")
    }

    @Test func aFailedRefreshShowsOnThePodcastsRow() {
        var state = Fixtures.state()
        state.noteFailure("the server answered 404", podcast: 2)
        let row = state.frame(now: Fixtures.now).lines[2]
        #expect(row.text.contains("⚠ the server answered"))
        state.receivePodcasts(Fixtures.podcasts)
        #expect(state.podcasts[1].error != nil, "a new reading keeps what failed")
    }

    @Test func episodeRowsMarkPlayedInProgressStarredDownloadedAndQueued() {
        var state = Fixtures.state()
        _ = state.handle(.enter)
        state.receiveEpisodes(Fixtures.episodes, of: 1)
        let lines = state.frame(now: Fixtures.now).lines
        #expect(lines[1].text.hasPrefix(" ◐★↓ 第一集：你好世界"))
        #expect(lines[1].text.contains("#2") && lines[1].text.contains("███░░░ 5:00"))
        #expect(lines[2].text.hasPrefix(" ✓   Played one"))
        #expect(lines[3].text.hasPrefix(" ▶   日本語のエピソード"))
        expectFits(state.frame(now: Fixtures.now), height: 24)
    }

    @Test func thePlayerBarShowsWhatPlaysThePositionMovingAtTheRateTheSpeedAndTheSleepTimer() {
        var state = Fixtures.state()
        state.nowPlaying = NowPlaying(state: .playing, episode: 11, title: "第一集：你好世界", podcastTitle: "咖啡时间", position: 60,
                                      duration: 600, rate: 1.5, sleep: "10:00", chapter: "Intro", known: Fixtures.now)
        let lines = state.frame(now: Fixtures.now.addingTimeInterval(10)).lines
        #expect(lines[22].text.hasPrefix(" ▶ 第一集：你好世界 — 咖啡时间 · Intro"))
        #expect(lines[23].text.hasPrefix(" 1:15 ━"), "60 s + 10 s at 1.5×")
        #expect(lines[23].text.trimmingCharacters(in: .whitespaces).hasSuffix("10:00  1.5×  ☾ 10:00"))
        state.nowPlaying.state = .paused
        #expect(state.frame(now: Fixtures.now.addingTimeInterval(10)).lines[23].text.hasPrefix(" 1:00 "))
    }

    @Test func aNarrowOrResizedScreenStillFitsEveryLine() {
        var state = Fixtures.state(width: 30, height: 10)
        _ = state.handle(.enter)
        state.receiveEpisodes(Fixtures.episodes, of: 1)
        state.nowPlaying = NowPlaying(state: .playing, episode: 11, title: String(repeating: "長", count: 40), position: 1, duration: 9)
        expectFits(state.frame(now: Fixtures.now), height: 10)
        state.resize(width: 120, height: 40)
        expectFits(state.frame(now: Fixtures.now), height: 40)
    }

    @Test func findShowsTheSnippetWithTheMatchHighlighted() {
        var state = Fixtures.state()
        _ = state.handle(.character("/"))
        _ = state.handle(.character("c"))
        state.receiveHits([FindHit(number: 1, podcastTitle: "P", episodeTitle: "Coffee talk", place: "transcript", at: 61,
                                   snippet: "we drink \u{1}coffee\u{2} \u{1B}[2J daily")], for: "c")
        let frame = state.frame(now: Fixtures.now)
        #expect(frame.lines[1].text.contains("Coffee talk @1:01  we drink coffee \\u{1B}[2J daily"))
        #expect(frame.lines[21].text.hasPrefix(" /c"))
    }

    @Test func statsAreDrawnAsBars() {
        var state = Fixtures.state()
        _ = state.handle(.character("7"))
        state.receiveLines([InfoLine("咖啡时间", bar: 1, trailing: "2:00:00"), InfoLine("Other", bar: 0.5, trailing: "1:00:00")], for: .stats)
        let lines = state.frame(now: Fixtures.now).lines
        #expect(lines[2].text.contains("━━━━━━━━━━━━━─────────────"))
        #expect(lines[1].text.trimmingCharacters(in: .whitespaces).hasSuffix(" 2:00:00"))
    }
}

@Suite("An episode's page")
struct EpisodePageTests {
    static func pageState() -> TUIState {
        var state = Fixtures.state()
        _ = state.handle(.character("2"))
        state.receiveUpNext(Fixtures.episodes)
        _ = state.handle(.right)
        let transcript = (0..<60).map { InfoLine("\(Clock.time(Double($0 * 10)))  line \($0)", at: Double($0 * 10)) }
        state.receivePage([InfoLine(String(repeating: "long words of notes ", count: 10))] + transcript, of: 11)
        return state
    }

    @Test func longNotesAreWrappedToTheScreenAndAgainWhenItChanges() {
        var state = Self.pageState()
        #expect(state.page.count == 3 + 60, "200 columns of notes: three lines at 80")
        state.resize(width: 120, height: 24)
        #expect(state.page.count == 2 + 60)
    }

    @Test func enterOnATranscriptLinePlaysFromItsMoment() {
        var state = Self.pageState()
        #expect(state.handle(.enter) == [.play(episode: 11)], "the notes: play where it was left")
        _ = state.handle(.character("G"))
        #expect(state.handle(.enter) == [.playFrom(episode: 11, at: 590)])
    }

    @Test func thePageOfTheEpisodePlayingFollowsTheLineBeingSpokenUntilTheListenerMoves() {
        var state = Self.pageState()
        state.nowPlaying = NowPlaying(state: .playing, episode: 11, title: "x", position: 300, duration: 600, known: Fixtures.now)
        let frame = state.frame(now: Fixtures.now.addingTimeInterval(5))
        #expect(frame.lines.contains { $0.text.hasPrefix("▸5:00  line 30") }, "\(frame.text)")
        #expect(state.spokenRow(now: Fixtures.now.addingTimeInterval(5)) == 33)
        _ = state.handle(.character("k"))
        #expect(!state.following)
        #expect(!state.frame(now: Fixtures.now).text.contains("line 30"), "the listener's place stays")
        _ = state.handle(.character("t"))
        #expect(state.frame(now: Fixtures.now).text.contains("▸5:00  line 30"))
    }
}
