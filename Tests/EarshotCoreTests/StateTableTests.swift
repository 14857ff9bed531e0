@testable import EarshotCore
import Foundation
import Testing

/// Earshot's own stored values are defined once with their type, apart from the listener's settings,
/// and every default of the settings table reads as its kind.
@Suite("Settings: the state keys and the built-in defaults")
struct StateTableTests {
    @Test func eachStateKeyIsDefinedOnceAndNamedApartFromEverySetting() {
        let keys = StateTable.all.map(\.key)
        #expect(Set(keys).count == keys.count)
        #expect(keys.allSatisfy(StateTable.isState))
        #expect(!SettingsTable.all.map(\.key).contains(where: StateTable.isState))
        #expect(Set(StateTable.syncAccountKeys + StateTable.syncProgressKeys).isSubset(of: Set(keys)))
    }

    @Test func aStateValueReadsBackAsTheTypeItWasWrittenAs() throws {
        let when = Date(timeIntervalSince1970: 1_700_000_000.25)
        let state = [StateTable.upNextPlayedAt.key: try #require(StateTable.upNextPlayedAt.text(when)),
                     StateTable.syncActionsSince.key: "1700000000",
                     StateTable.feedPasswordsKept.key: "on",
                     StateTable.syncServer.key: "https://sync.example/"]
        #expect(StateTable.upNextPlayedAt.value(in: state) == when)
        #expect(StateTable.syncActionsSince.value(in: state) == 1_700_000_000)
        #expect(StateTable.feedPasswordsKept.value(in: state) == true)
        #expect(StateTable.syncServer.value(in: state) == URL(string: "https://sync.example/"))
        #expect(StateTable.syncSubscriptionsSince.value(in: state) == nil, "absent")
    }

    @Test func anUnreadableStateValueReadsAsAbsentNeverAsZero() {
        let state = [StateTable.syncActionsSince.key: "soon", StateTable.lastSync.key: "nan",
                     StateTable.feedPasswordsKept.key: "maybe"]
        #expect(StateTable.syncActionsSince.value(in: state) == nil)
        #expect(StateTable.lastSync.value(in: state) == nil)
        #expect(StateTable.feedPasswordsKept.value(in: state) == nil)
    }

    @Test func everyDefaultThatIsAValueReadsAsItsOwnKind() {
        for definition in SettingsTable.all {
            switch definition.kind {
            case .text: continue  // described in words ("the current podcast"), not a value
            case .list: continue  // depends on the keys given ("… once its key and secret are set")
            default: #expect(definition.kind.normalized(definition.defaultValue) != nil, "\(definition.key): \(definition.defaultValue)")
            }
        }
    }

    @Test func theValueTypesStartFromTheTablesDefaults() {
        let downloads = DownloadSettings(), profile = SoundProfile()
        #expect(downloads.grace == .seconds(86_400))
        #expect(downloads.budget == 2 << 30)
        #expect(downloads.ahead == 3 && downloads.maximum == 2 && !downloads.autoDownload)
        #expect(profile.speed == 1.0 && !profile.trimSilence && !profile.voiceBoost)
        #expect(profile.skipIntro == 0 && profile.skipOutro == 0 && profile.rememberSpeed)
    }
}
