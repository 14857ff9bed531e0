import EarshotCore
import EarshotMPRIS
@testable import EarshotService
import Testing

/// How org.earshot.Earshot1 reads its arguments before the one call on the session.
@Suite("org.earshot.Earshot1: decoding settings and sleep timers")
struct LibraryInterfaceDecodingTests {
    @Test func aSettingsValueIsReadAsTextWhateverItsDBusType() {
        #expect(LibraryInterface.text(of: .variant(.boolean(true))) == "on")
        #expect(LibraryInterface.text(of: .boolean(false)) == "off")
        #expect(LibraryInterface.text(of: .variant(.double(1.5))) == "1.5")
        #expect(LibraryInterface.text(of: .uint32(3)) == "3")
        #expect(LibraryInterface.text(of: .string("2GiB")) == "2GiB")
    }

    @Test func sleepTimerModesAreReadAndNonsenseIsANamedSettingError() throws {
        #expect(try LibraryInterface.sleepMode("after", seconds: 1200, episodes: 0) == .after(.seconds(1200)))
        #expect(try LibraryInterface.sleepMode("episodes", seconds: 0, episodes: 3) == .episodes(3))
        #expect(try LibraryInterface.sleepMode("off", seconds: 0, episodes: 0) == nil)
        #expect(throws: LibraryError.self) { try LibraryInterface.sleepMode("after", seconds: .infinity, episodes: 0) }
        #expect(throws: LibraryError.self) { try LibraryInterface.sleepMode("after", seconds: 90_000, episodes: 0) }
        #expect(throws: LibraryError.self) { try LibraryInterface.sleepMode("tomorrow", seconds: 0, episodes: 0) }
    }
}
