import EarshotMPRIS
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

    /// The inbox and a podcast's list are EpisodeRows: each row ends with its podcast's id, which the
    /// item keeps (the episode page finds the cover by it, not by the show's title).
    @Test func anEpisodeRowBecomesAnItemThatKeepsItsPodcastsId() throws {
        let members: [DBusValue] = [.int64(12), .boolean(false), .int64(1_700_000_000), .double(-1), .boolean(false), .double(30),
                                    .uint32(2), .string("Daily News"), .boolean(true), .string("Monday"), .int64(5)]
        let record = try #require(EpisodeRecord(row: .structure(members)))
        let item = EpisodeItem(record, downloaded: true)
        #expect(item.podcast == 5 && item.podcastTitle == "Daily News" && item.title == "Monday")
        #expect(item.queuePosition == 2 && item.starred && item.downloaded && item.duration == nil && item.position == 30)
        #expect(EpisodeRecord(row: .structure(Array(members.prefix(10)))) == nil, "a row without the podcast's id is not read")
    }

    @Test func showNotesAreAParagraphALineThenNumberedLinks() {
        let lines = TUILines.notes("First paragraph.\n\n  Second one.  \n", links: ["https://a.example/", "https://b.example/"])
        #expect(lines.map(\.text) == ["", "Show notes", "First paragraph.", "Second one.", "", "Links",
                                      "[1] https://a.example/", "[2] https://b.example/"])
        #expect(TUILines.notes("", links: []).isEmpty)
    }

    @Test func historyAddsUpToTheTimeListenedInEachOfTheLastWeeks() {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = .current
        let now = calendar.date(from: DateComponents(year: 2026, month: 11, day: 26, hour: 12))!  // a Thursday
        func entry(_ day: Int, _ month: Int, _ seconds: Double) -> HistoryEntry {
            HistoryEntry(id: 1, episode: nil, podcast: nil, title: nil, podcastTitle: nil, device: nil,
                         started: calendar.date(from: DateComponents(year: 2026, month: month, day: day, hour: 9)), ended: nil,
                         startPosition: nil, endPosition: nil, listened: seconds, audio: nil, trimmed: nil, skipped: nil, rate: nil, finished: nil)
        }
        let weeks = TUILines.weeks([entry(24, 11, 600), entry(23, 11, 60), entry(22, 11, 1800), entry(1, 1, 9999)], now: now, count: 3)
        #expect(weeks.map(\.name) == ["week of 2026-11-23", "week of 2026-11-16", "week of 2026-11-09"])
        #expect(weeks.map(\.listened) == [660, 1800, 0], "a Sunday belongs to the week before; older stretches are left out")
    }
}
