import EarshotTUI
import Foundation
import Testing
@testable import earshot

/// The command line's records as the terminal interface's rows and lines.
@Suite("Records as the terminal interface shows them")
struct TUIItemsTests {
    @Test func statusBecomesThePlayerBarWithTheSleepTimerAndTheChapter() {
        let episode = EpisodeRecord(id: 7, podcast: 1, podcastTitle: "Show", guid: nil, title: "Ep \u{1B}[2J", released: nil,
                                    duration: 600, position: 12, completed: false, playable: true, queuePosition: nil, url: nil,
                                    link: nil, current: true, starred: nil)
        let status = StatusRecord(status: "Playing", position: 42, rate: 1.5, episode: episode, podcast: nil, upNext: [],
                                  sleepTimer: SleepTimerRecord(mode: "after", remaining: 600, episodesLeft: nil),
                                  chapter: ChapterRecord(number: 2, start: 30, title: "Second", link: nil, image: nil, current: true),
                                  chapters: 3, timeSaved: nil)
        let now = Date(timeIntervalSince1970: 1000)
        let playing = NowPlaying(status, now: now)
        #expect(playing.state == .playing && playing.episode == 7 && playing.podcastTitle == "Show")
        #expect(playing.title == "Ep \\u{1B}[2J")
        #expect(playing.sleep == "10:00" && playing.chapter == "Second")
        #expect(playing.position(at: now.addingTimeInterval(2)) == 45)
        let ending = StatusRecord(status: "Paused", position: 0, rate: 1, episode: episode, podcast: nil, upNext: [],
                                  sleepTimer: SleepTimerRecord(mode: "end-of-episode", remaining: nil, episodesLeft: nil),
                                  chapter: nil, chapters: nil, timeSaved: nil)
        #expect(NowPlaying(ending, now: now).sleep == "end of episode")
    }

    @Test func showNotesAreAParagraphALineThenNumberedLinks() {
        let lines = TUILines.notes("First paragraph.\n\n  Second one.  \n", links: ["https://a.example/", "https://b.example/"])
        #expect(lines.map(\.text) == ["", "Show notes", "First paragraph.", "Second one.", "", "Links",
                                      "[1] https://a.example/", "[2] https://b.example/"])
        #expect(TUILines.notes("", links: []).isEmpty)
    }
}
