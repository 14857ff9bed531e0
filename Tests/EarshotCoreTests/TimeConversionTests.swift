import EarshotGLib
import Testing

/// The one conversion of seconds to a `Duration` never traps, whatever number reaches it.
@Suite("Seconds to a Duration")
struct TimeConversionTests {
    @Test func anyNumberOfSecondsBecomesADurationWithoutTrapping() {
        #expect(Duration.seconds(roundedToMilliseconds: 2.5) == .milliseconds(2500))
        #expect(Duration.seconds(roundedToMilliseconds: 9.3e15) == .milliseconds(Int64(9.2e18)))
        #expect(Duration.seconds(roundedToMilliseconds: -1e300) == .milliseconds(Int64(-9.2e18)))
        #expect(Duration.seconds(roundedToMilliseconds: .infinity) == .milliseconds(Int64(9.2e18)))
        #expect(Duration.seconds(roundedToMilliseconds: .nan) == .zero)
    }
}
