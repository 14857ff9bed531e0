import EarshotFeed
import Foundation
import Testing
@testable import earshot

/// Tables keep their columns when their headings arrive translated (passed in here as the catalogue
/// would give them) and when cells hold East Asian wide or combining characters: widths are terminal
/// columns, and a title cut to fit never loses half a character.
@Suite("Tables with translated headings and wide characters")
struct TranslatedTableTests {
    @Test func japaneseHeadingsAreMeasuredInColumnsAndTheTableStaysAligned() {
        var table = TextTable(columns: [
            .init(header: "#", alignRight: true), .init(header: "タイトル", flexible: true), .init(header: "エピソード", alignRight: true),
        ])
        table.rows = [["1", "ニュース", "3"], ["12", "Daily News", "120"]]
        let text = table.render(width: nil)
        #expect(text == """
             #  タイトル    エピソード
             1  ニュース             3
            12  Daily News         120
            """)
        #expect(Set(text.split(separator: "\n").map { String($0).displayWidth }) == [26], "every line ends in the same column")
    }

    @Test func chineseHeadingsAndTitlesCutToATerminalKeepTheRightColumnInPlace() {
        var table = TextTable(columns: [
            .init(header: "#", alignRight: true), .init(header: "标题", flexible: true), .init(header: "作者", flexible: true),
            .init(header: "集数", alignRight: true),
        ])
        table.rows = [
            ["1", "每日新闻播客节目完整版第一季", "中央广播电台新闻中心", "120"],
            ["2", "Science Weekly", "张三", "8"],
        ]
        for width in [24, 31, 40] {
            let lines = table.render(width: width).split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(width): \(lines)")
            #expect(Set(lines.map(\.displayWidth)).count == 1, "the counts end in one column at \(width): \(lines)")
            #expect(lines[0].hasSuffix("集数"))
        }
    }

    @Test func aTitleCutInTheMiddleOfAWideCharacterIsPaddedNotSplit() {
        #expect("日本語のポッドキャスト".truncated(toWidth: 6) == "日本…")
        #expect("日本語のポッドキャスト".truncated(toWidth: 6).displayWidth == 5)
        var table = TextTable(columns: [.init(header: "タイトル", flexible: true), .init(header: "n", alignRight: true)])
        table.rows = [["日本語のポッドキャスト", "1"], ["abcdefghijklmnopqrstuvwxyz", "2"]]
        let lines = table.render(width: 15).split(separator: "\n").map(String.init)
        #expect(lines == ["タイトル      n", "日本語のポ…   1", "abcdefghijk…  2"])
    }

    @Test func aGermanHeadingLongerThanItsValuesWidensItsColumn() {
        var table = TextTable(columns: [
            .init(header: "#", alignRight: true), .init(header: "Titel", flexible: true), .init(header: "Ungespielt", alignRight: true),
            .init(header: "Automatisch einreihen"), .init(header: "zuletzt"),
        ])
        table.rows = [["1", "Nachrichten", "2", "an", "gestern"], ["2", "Wissen", "10", "aus", "vor 5 Min."]]
        #expect(table.render(width: nil) == """
            #  Titel        Ungespielt  Automatisch einreihen  zuletzt
            1  Nachrichten           2  an                     gestern
            2  Wissen               10  aus                    vor 5 Min.
            """)
    }

    @Test func onANarrowTerminalTheTitleIsCutAndTheLongHeadingsStayWhole() {
        var table = TextTable(columns: [
            .init(header: "#", alignRight: true), .init(header: "Titel", flexible: true), .init(header: "Ungespielt", alignRight: true),
            .init(header: "Automatisch einreihen"),
        ])
        table.rows = [["1", "Nachrichten aus aller Welt", "2", "an"]]
        let lines = table.render(width: 52).split(separator: "\n").map(String.init)
        #expect(lines == [
            "#  Titel           Ungespielt  Automatisch einreihen",
            "1  Nachrichten a…           2  an",
        ])
    }

    @Test func combiningMarksZeroWidthCharactersAndEmojiAreMeasuredAsATerminalShowsThem() {
        #expect("Cafe\u{301}".displayWidth == 4)
        #expect("\u{301}".displayWidth == 0, "a mark standing alone takes no column")
        #expect("a\u{200B}b".displayWidth == 2, "a zero-width space takes no column")
        #expect("한국어".displayWidth == 6)
        #expect("ＡＢ".displayWidth == 4, "fullwidth letters take two columns each")
        #expect("❤\u{FE0F}".displayWidth == 2, "a symbol asked for as emoji takes two")
        #expect("🎙️ Live".displayWidth == 7)
        var table = TextTable(columns: [.init(header: "title"), .init(header: "n", alignRight: true)])
        table.rows = [["Cafe\u{301} Talk", "1"], ["Cafe Talk", "2"], ["카페 토크", "3"]]
        #expect(table.render(width: nil) == """
            title      n
            Cafe\u{301} Talk  1
            Cafe Talk  2
            카페 토크  3
            """)
    }

    @Test func theFeedTableAlignsItsHeadingsWithItsColumns() {
        let channel = Channel(title: "Show", author: "Ann", episodes: [
            Episode(id: "a", title: "First", releaseDate: ReleaseDate(text: "x", date: Date(timeIntervalSince1970: 1_700_000_000)),
                    soundURL: URL(string: "http://show.test/1.mp3"), duration: 3723),
            Episode(id: "b", title: "Second"),
        ])
        #expect(ChannelTable.render(channel) == """
            Show
            by Ann
            2 episodes

               #  released      length  audio  title
               1  2023-11-14   1:02:03  yes    First
               2  ?                  ?  none   Second
            """)
    }
}
