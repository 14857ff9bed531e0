import Foundation
import Testing
@testable import earshot

@Suite("earshot sleep's WHEN and what it prints")
struct SleepArgumentTests {
    @Test func timesReadAsSecondsWithABareNumberInMinutes() throws {
        #expect(try SleepCommand.parse("20m") == ("after", 1200, 0))
        #expect(try SleepCommand.parse("1h30m") == ("after", 5400, 0))
        #expect(try SleepCommand.parse("90s") == ("after", 90, 0))
        #expect(try SleepCommand.parse("1h") == ("after", 3600, 0))
        #expect(try SleepCommand.parse("45") == ("after", 2700, 0))
    }

    @Test func wordsAndEpisodeCountsAreModes() throws {
        #expect(try SleepCommand.parse("end-of-episode") == ("end-of-episode", 0, 0))
        #expect(try SleepCommand.parse("End-Of-Chapter") == ("end-of-chapter", 0, 0))
        #expect(try SleepCommand.parse("3-episodes") == ("episodes", 0, 3))
        #expect(try SleepCommand.parse("1-episode") == ("episodes", 0, 1))
        #expect(try SleepCommand.parse("off") == ("off", 0, 0))
    }

    @Test func anythingElseIsRefused() {
        for bad in ["soon", "0", "0-episodes", "m", "1x", ""] {
            #expect(throws: (any Error).self, "\(bad)") { try SleepCommand.parse(bad) }
        }
    }

    @Test func theTimerReadsInPlainWords() {
        #expect(SleepText.render(nil) == "Sleep timer: off")
        #expect(SleepText.render(SleepTimerRecord(mode: "after", remaining: 754)) == "Sleep timer: pauses in 12:34")
        #expect(SleepText.render(SleepTimerRecord(mode: "end-of-chapter", remaining: 65)) == "Sleep timer: pauses at the end of this chapter (1:05 left)")
        #expect(SleepText.render(SleepTimerRecord(mode: "episodes", episodesLeft: 3))
                == "Sleep timer: pauses at the end of the 3rd episode from here, this one included")
    }
}
