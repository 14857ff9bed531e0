import Foundation
import Testing
@testable import earshot

@Suite("Tables on a terminal and in a pipe")
struct TableRenderingTests {
    let table: TextTable = {
        var table = TextTable(columns: [
            .init(header: "#", alignRight: true), .init(header: "title", flexible: true), .init(header: "episodes", alignRight: true),
        ])
        table.rows = [["1", "A short one", "3"], ["12", "A much longer title that will not fit in a narrow terminal", "120"]]
        return table
    }()

    @Test func columnsAreAlignedAndLinesHaveNoTrailingSpaces() {
        let lines = table.render(width: nil).split(separator: "\n").map(String.init)
        #expect(lines[0] == " #  title                                                       episodes")
        #expect(lines[1] == " 1  A short one                                                        3")
        #expect(lines[2] == "12  A much longer title that will not fit in a narrow terminal       120")
    }

    @Test func titlesAreCutToTheTerminalWidthWithAnEllipsis() {
        let lines = table.render(width: 40).split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.displayWidth <= 40 })
        #expect(lines[2] == "12  A much longer title that…        120")
    }

    @Test func aVeryNarrowTerminalCutsTitlesBelowTheUsualMinimum() {
        let lines = table.render(width: 20).split(separator: "\n").map(String.init)
        #expect(lines[2] == "12  A muc…       120")
    }

    @Test func nothingIsCutWithoutATerminal() {
        #expect(table.render(width: nil).contains("narrow terminal"))
    }

    @Test func wideCharactersCountTwoColumns() {
        #expect("日本語".displayWidth == 6)
        #expect("Café".displayWidth == 4)
        #expect("e\u{301}".displayWidth == 1)
        #expect("日本語のポッドキャスト".truncated(toWidth: 7) == "日本語…")
    }

    @Test func thePodcastTableShowsCountsLastCheckedAndAutoQueue() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let podcasts = [
            PodcastRecord(id: 1, title: "Daily News", episodes: 10, unplayed: 2, lastChecked: now.addingTimeInterval(-300), autoQueue: true),
            PodcastRecord(id: 2, url: "https://example.com/feed.xml", autoQueue: false),
        ]
        #expect(PodcastTable.render(podcasts, width: nil, now: now) == """
            #  title                         episodes  unplayed  last checked  auto-queue
            1  Daily News                          10         2  5 min ago     on
            2  https://example.com/feed.xml         ?         ?  never         off
            """)
    }

    @Test func theEpisodeTableShowsProgressUpNextAndThePlayingOne() {
        let utc = TimeZone(identifier: "UTC")!
        let episodes = [
            EpisodeRecord(id: 12, podcastTitle: "News", title: "Tuesday", released: Date(timeIntervalSince1970: 1_700_086_400),
                          duration: 1260, position: 300, completed: false, queuePosition: 2, current: true),
            EpisodeRecord(id: 11, podcastTitle: "News", title: "Monday", duration: 3723, completed: true),
        ]
        #expect(EpisodeTable.render(episodes, showPodcast: true, width: nil, timeZone: utc) == """
               #  released     length  played  queued  podcast  title
            ▶ 12  2023-11-15    21:00    5:00       2  News     Tuesday
              11  ?           1:02:03    done          News     Monday
            """)
    }

    @Test func controlAndBidiCharactersInCellsAreShownAsEscapesAndAligned() {
        var table = TextTable(columns: [.init(header: "#", alignRight: true), .init(header: "title", flexible: true), .init(header: "n")])
        table.rows = [["1", "Evil \u{1B}[2J\u{202E}x", "3"], ["2", "Plain", "4"]]
        #expect(table.render(width: nil) == """
            #  title                    n
            1  Evil \\u{1B}[2J\\u{202E}x  3
            2  Plain                    4
            """)
        #expect(table.render(width: 20).split(separator: "\n").allSatisfy { String($0).displayWidth <= 20 && !$0.contains("\u{1B}") })
    }

    @Test func emptyListsSaySo() {
        #expect(PodcastTable.render([], width: 80) == "No podcasts yet. Subscribe with: earshot add URL")
        #expect(EpisodeTable.renderQueue([], width: 80) == "Up Next is empty.")
    }
}
