import EarshotFeed
import Foundation
import Testing

@Suite("ISO 8601 text for MPRIS dates")
struct ISO8601TextTests {
    @Test(arguments: [
        0.0, 951_782_400, 951_868_799.75, 1_709_627_400, 1_709_627_400.999, -1, -86_400 * 365.25 * 30,
        4_102_444_800, 253_402_300_799,
    ])
    func matchesFoundationsISO8601FormatInUTC(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ISO8601Text.string(from: date) == date.formatted(.iso8601))
    }

    @Test func aKnownInstantReadsAsWritten() {
        #expect(ISO8601Text.string(from: Date(timeIntervalSince1970: 1_709_627_400)) == "2024-03-05T08:30:00Z")
        #expect(ISO8601Text.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z", "a leap day")
    }
}
