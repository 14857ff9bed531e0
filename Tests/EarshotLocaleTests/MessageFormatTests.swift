import Foundation
import Testing
@testable import EarshotLocale

@Suite struct MessageFormatTests {
    @Test func placeholdersTakeTheArgumentsInOrder() {
        #expect(MessageFormat.fill("Subscribed to %s (%d episodes).", ["Radio", 12]) == "Subscribed to Radio (12 episodes).")
    }

    @Test func numberedPlaceholdersLetATranslationReorderThem() {
        #expect(MessageFormat.fill("%2$s: %1$s", ["Folge", "Podcast"]) == "Podcast: Folge")
    }

    @Test func aDoublePercentIsAPercentSign() {
        #expect(MessageFormat.fill("%d%% played", [40]) == "40% played")
    }

    @Test func aPlaceholderWithoutItsArgumentStaysAsWritten() {
        #expect(MessageFormat.fill("%s and %s", ["one"]) == "one and %s")
    }

    @Test func anUnknownConversionIsLeftAlone() {
        #expect(MessageFormat.fill("100%x sure %s", ["yes"]) == "100%x sure yes")
    }

    @Test func wideTextPassesThroughUnchanged() {
        #expect(MessageFormat.fill("已訂閱 %s。", ["流動的盛宴"]) == "已訂閱 流動的盛宴。")
    }

    @Test func anUntranslatedMessageIsTheEnglishOne() {
        #expect(tr("Played %s.", "Episode 1") == "Played Episode 1.")
        #expect(trn("%d episode", "%d episodes", 1, 1) == "1 episode")
        #expect(trn("%d episode", "%d episodes", 3, 3) == "3 episodes")
        #expect(trc("column heading", "Played") == "Played")
    }
}

@Suite struct LocaleFormatTests {
    let date = Date(timeIntervalSince1970: 1_796_216_700) // 2026-12-02 13:05 UTC
    let utc = TimeZone(identifier: "UTC")!

    @Test func theCLocaleKeepsISODaysAndA24HourClock() {
        let format = LocaleFormat(environment: ["LANG": "C.UTF-8"])
        #expect(format.day(date, timeZone: utc) == "2026-12-02")
        #expect(format.time(date, timeZone: utc) == "13:05")
        #expect(format.dayAndTime(date, timeZone: utc) == "2026-12-02 13:05")
        #expect(format.integer(12345) == "12345")
        #expect(format.decimal(1.5, fractionDigits: 1) == "1.5")
    }

    @Test func germanWritesDaysWithDotsAndDecimalsWithACommaAndGroupsThousands() {
        let format = LocaleFormat(environment: ["LANG": "de_DE.UTF-8"])
        #expect(format.day(date, timeZone: utc) == "02.12.2026")
        #expect(format.time(date, timeZone: utc) == "13:05")
        #expect(format.decimal(1.5, fractionDigits: 1) == "1,5")
        #expect(format.integer(12345) == "12.345")
    }

    @Test func lcAllOverridesLcTimeWhichOverridesLang() {
        let format = LocaleFormat(environment: ["LANG": "de_DE.UTF-8", "LC_TIME": "ja_JP.UTF-8"])
        #expect(format.day(date, timeZone: utc) == "2026/12/02")
        #expect(format.integer(1000) == "1.000")
        let forced = LocaleFormat(environment: ["LC_ALL": "C", "LC_TIME": "ja_JP.UTF-8"])
        #expect(forced.day(date, timeZone: utc) == "2026-12-02")
    }

    @Test func americanEnglishUsesItsTwelveHourClock() {
        let format = LocaleFormat(environment: ["LANG": "en_US.UTF-8"])
        #expect(format.time(date, timeZone: utc).contains("PM"))
    }
}
