@testable import earshot
import Testing

/// How `earshot play --at` reads a moment, and how `earshot find` and `earshot transcript` print.
@Suite("Transcript and find output")
struct TranscriptOutputTests {
    @Test func aMomentIsClockTimeOrSecondsAndNothingElse() {
        #expect(MomentArgument.seconds("41:07") == 2_467)
        #expect(MomentArgument.seconds("1:02:30") == 3_750)
        #expect(MomentArgument.seconds("90") == 90 && MomentArgument.seconds("90.5") == 90.5)
        for bad in ["soon", "1:60", "1:75:00", "-3", "1:2:3:4", ":", "٣:٠٠", "inf"] {
            #expect(MomentArgument.seconds(bad) == nil, "\(bad)")
        }
    }

    @Test func aSnippetsMatchIsBoldOnATerminalAndItsTextIsEscaped() {
        #expect(FindText.snippet("the \u{1}quantum\u{2} cat", bold: true) == "the \u{1B}[1mquantum\u{1B}[22m cat")
        #expect(FindText.snippet("the \u{1}quantum\u{2} cat", bold: false) == "the quantum cat")
        #expect(FindText.snippet("a \u{1B}[31m red", bold: false) == "a \\u{1B}[31m red")
    }
}
