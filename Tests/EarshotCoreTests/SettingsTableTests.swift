@testable import EarshotCore
import Foundation
import Testing

/// One table defines every setting: the file, D-Bus Set, `earshot set` and the README read it.
@Suite("Settings: one table of keys, values, defaults and scopes")
struct SettingsTableTests {
    @Test func eachKeyIsDefinedOnce() {
        let keys = SettingsTable.all.map(\.key)
        #expect(Set(keys).count == keys.count)
    }

    @Test func onAndOffAreSpelledTheSameWayForEveryFlag() {
        for definition in SettingsTable.all where { if case .flag = definition.kind { true } else { false } }() {
            for (written, stored) in [("on", "on"), ("TRUE", "on"), ("yes", "on"), ("1", "on"), ("off", "off"), ("false", "off"), ("No", "off"), ("0", "off")] {
                #expect(definition.normalized(written) == .success(stored), "\(definition.key) = \(written)")
            }
            #expect(definition.normalized("maybe") == .failure(SettingProblem("\(definition.key) is on or off, not “maybe”")))
        }
    }

    @Test func aValueOutOfRangeIsOneLineNamingTheKeyAndWhatItTakes() {
        #expect(SettingsTable.normalized("sleep-fade", "61", in: .file)
                == .failure(SettingProblem("sleep-fade is a number of seconds from 0 to 60, not “61”")))
        #expect(SettingsTable.normalized("refresh-interval", "0", in: .file)
                == .failure(SettingProblem("refresh-interval is a number of minutes from 1 to 10080, not “0”")))
        #expect(SettingsTable.normalized("next-button", "shuffle", in: .file)
                == .failure(SettingProblem("next-button is episode, chapter or skip-30s, not “shuffle”")))
        #expect(SettingsTable.normalized("download-ahead", "5.0", in: .library) == .success("5"), "a D-Bus double")
    }

    @Test func eachKeyIsTakenOnlyWhereItBelongs() {
        #expect(SettingsTable.normalized("download-budget", "1GiB", in: .podcast)
                == .failure(SettingProblem("download-budget is a setting of the whole library: set it for all podcasts (podcast 0)")))
        #expect(SettingsTable.normalized("audio-sink", "pulsesink", in: .library)
                == .failure(SettingProblem("audio-sink is set in the configuration file, not per podcast or library")))
        #expect(SettingsTable.normalized("auto-queue", "on", in: .file)
                == .failure(SettingProblem("auto-queue is set with earshot set, not in the configuration file")))
        #expect(SettingsTable.normalized("speed", "1.5", in: .podcast) == .success("1.5"))
    }

    @Test func theLibraryRefusesAFileOnlyKeyAndAnUnknownOneListingWhatItKnows() throws {
        let f = try CoreFixture()
        #expect(throws: LibraryError.invalidSetting("verbose is set in the configuration file, not per podcast or library")) {
            try f.session.set("verbose", to: "on", for: nil)
        }
        #expect(throws: LibraryError.self) { try f.session.set("volume", to: "1", for: nil) }
        do {
            try f.session.set("volume", to: "1", for: nil)
        } catch {
            #expect("\(error)".hasPrefix("unknown setting “volume” (known: auto-queue, notify, auto-download"))
        }
    }

    @Test func theDefaultsInTheTableAreTheDefaultsInForce() throws {
        let downloads = DownloadSettings()
        #expect(SettingsTable.definition("download-ahead")?.defaultValue == String(downloads.ahead))
        #expect(SettingsTable.definition("max-downloads")?.defaultValue == String(downloads.maximum))
        let profile = SoundProfile()
        #expect(SettingsTable.definition("speed")?.defaultValue == String(profile.speed))
        #expect(SettingsTable.definition("remember-speed")?.defaultValue == (profile.rememberSpeed ? "on" : "off"))
        #expect(SettingsTable.definition("auto-download")?.defaultValue == (downloads.autoDownload ? "on" : "off"))
    }

    @Test func theReadmesSettingsTableIsTheTable() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains(SettingsTable.markdown + "\n"), "README.md's settings table differs from SettingsTable.markdown:\n\(SettingsTable.markdown)")
    }
}
