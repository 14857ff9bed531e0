@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

@Suite("Downloads: tidying by the grace period and the disk budget")
struct DownloadTidyTests {
    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)

    static func file(_ n: Int64, bytes: Int64 = 100, downloadedHoursAgo: Double = 48, finishedHoursAgo: Double? = nil,
                     queued: Bool = false) -> DownloadPolicy.FileFacts {
        DownloadPolicy.FileFacts(episode: EpisodeID(rawValue: n), bytes: bytes, downloadedAt: now.addingTimeInterval(-downloadedHoursAgo * 3600),
                                 finishedAt: finishedHoursAgo.map { now.addingTimeInterval(-$0 * 3600) }, queued: queued)
    }

    static func settings(grace: Duration? = .seconds(86_400), budget: Int64? = nil) -> DownloadSettings {
        var settings = DownloadSettings()
        settings.grace = grace
        settings.budget = budget
        return settings
    }

    @Test func aFinishedEpisodesFileGoesAfterTheGracePeriodAndNeverWithNever() {
        let files = [Self.file(1, finishedHoursAgo: 25), Self.file(2, finishedHoursAgo: 23), Self.file(3)]
        #expect(DownloadPolicy.toDelete(files, protected: [], settings: Self.settings(), now: Self.now) == [EpisodeID(rawValue: 1)])
        #expect(DownloadPolicy.toDelete(files, protected: [], settings: Self.settings(grace: nil), now: Self.now).isEmpty)
    }

    @Test func overTheBudgetTheOldestFinishedGoFirstThenTheOldestNotQueued() {
        let files = [
            Self.file(1, downloadedHoursAgo: 50),                       // not finished, not queued, oldest download
            Self.file(2, downloadedHoursAgo: 10, finishedHoursAgo: 2),  // finished recently
            Self.file(3, downloadedHoursAgo: 60, queued: true),         // queued beyond the first N: kept
            Self.file(4, downloadedHoursAgo: 5, finishedHoursAgo: 3),   // finished earlier
            Self.file(5, downloadedHoursAgo: 40),                       // not queued, newer
        ]
        let order = DownloadPolicy.toDelete(files, protected: [], settings: Self.settings(grace: nil, budget: 150), now: Self.now)
        #expect(order.map(\.rawValue) == [4, 2, 1, 5])
        let some = DownloadPolicy.toDelete(files, protected: [], settings: Self.settings(grace: nil, budget: 300), now: Self.now)
        #expect(some.map(\.rawValue) == [4, 2])
    }

    @Test func thePartsOfUnfinishedDownloadsCountTowardsTheBudget() {
        let files = [Self.file(1, downloadedHoursAgo: 5, finishedHoursAgo: 3), Self.file(2, downloadedHoursAgo: 4)]
        let settings = Self.settings(grace: nil, budget: 250)
        #expect(DownloadPolicy.toDelete(files, protected: [], settings: settings, now: Self.now).isEmpty)
        #expect(DownloadPolicy.toDelete(files, partBytes: 60, protected: [], settings: settings, now: Self.now).map(\.rawValue) == [1],
                "200 in files and 60 in parts are over 250: the finished one goes")
    }

    @Test func theCurrentEpisodeAndTheFirstOfUpNextAreNeverDeleted() {
        let files = [Self.file(1, finishedHoursAgo: 100), Self.file(2, finishedHoursAgo: 90), Self.file(3)]
        let doomed = DownloadPolicy.toDelete(files, protected: [EpisodeID(rawValue: 1), EpisodeID(rawValue: 3)],
                                             settings: Self.settings(budget: 0), now: Self.now)
        #expect(doomed == [EpisodeID(rawValue: 2)])
    }

    @Test func tidyingDeletesTheFinishedCurrentEpisodesFileOnlyOnceItIsNoLongerCurrent() throws {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        _ = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        let a1 = try fixture.core.episode("alpha-1")
        fixture.downloads.request([a1], byHand: true)
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        try fixture.core.player.play(episode: a1)
        try fixture.core.store.saveProgress(of: a1, position: 0, completed: true, at: fixture.clock.date.addingTimeInterval(-3 * 86_400))
        fixture.downloadRules.tidy()
        #expect(fixture.downloads.file(for: a1) != nil, "current")
        fixture.core.engine.finish()  // heard to its end: alpha-2 plays
        fixture.downloadRules.tidy()
        #expect(fixture.downloads.file(for: a1) != nil, "within the grace period")
        fixture.clock.advance(86_400 + 60)
        fixture.downloadRules.tidy()
        #expect(fixture.downloads.file(for: a1) == nil)
        #expect(fixture.files.deleted.count == 1)
    }

    @Test func settingsReadTimesSizesAndRefuseNonsenseInOneLine() {
        var settings = DownloadSettings()
        #expect(settings.apply("download-grace", "12h") == .success("12h") && settings.grace == .seconds(43_200))
        #expect(settings.apply("download-grace", "never") == .success("never") && settings.grace == nil)
        #expect(settings.apply("download-budget", "500MB") == .success("500mb") && settings.budget == 500 << 20)
        #expect(settings.apply("download-budget", "1.5 GiB") == .success("1.5 gib") && settings.budget == 3 << 29)
        #expect(settings.apply("download-budget", "unlimited") == .success("unlimited") && settings.budget == nil)
        #expect(settings.apply("download-ahead", "5") == .success("5") && settings.ahead == 5)
        #expect(settings.apply("download-ahead", "4.0") == .success("4") && settings.ahead == 4, "a double over D-Bus")
        #expect(settings.apply("max-downloads", "0") == .failure(SettingProblem("max-downloads is a number of downloads from 1 to 16, not “0”")))
        #expect(settings.apply("download-grace", "soon") == .failure(SettingProblem("download-grace is a time like 1d, 12h, 30m or never, not “soon”")))
    }

    @Test func libraryWideSettingsAreRefusedForOnePodcast() throws {
        let fixture = try CoreFixture()
        let a = try fixture.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        #expect(throws: LibraryError.invalidSetting("download-ahead is a setting of the whole library: set it for all podcasts (podcast 0)")) {
            try fixture.library.set("download-ahead", to: "2", for: a)
        }
        try fixture.library.set("download-ahead", to: "7", for: nil)
        #expect(fixture.library.downloadSettings.ahead == 7)
        #expect(!fixture.library.autoDownload(a))
        try fixture.library.set("auto-download", to: "on", for: nil)
        #expect(fixture.library.autoDownload(a))
    }
}

@Suite("Downloads: file names")
struct FileNamingTests {
    @Test func titlesBecomeSafeReadableNames() {
        #expect(FileNaming.stem("AC/DC: live / loud", fallback: "x") == "AC-DC: live - loud")
        #expect(FileNaming.stem("..hidden", fallback: "x") == "hidden")
        #expect(FileNaming.stem("  tabs\tand\nnewlines  ", fallback: "x") == "tabs and newlines")
        #expect(FileNaming.stem("...", fallback: "episode-7") == "episode-7")
        #expect(FileNaming.stem(nil, fallback: "episode-7") == "episode-7")
        let long = FileNaming.stem(String(repeating: "日本", count: 100), fallback: "x")
        #expect(long.utf8.count <= FileNaming.maximumBytes && long.hasPrefix("日本"))
    }

    @Test func theExtensionComesFromTheTypeElseTheURLElseMp3() {
        let url = URL(string: "https://cdn.example/a/episode.ogg?x=1")!
        #expect(FileNaming.fileExtension(mimeType: "audio/x-m4a", url: url) == "m4a")
        #expect(FileNaming.fileExtension(mimeType: "audio/mpeg; charset=binary", url: url) == "mp3")
        #expect(FileNaming.fileExtension(mimeType: nil, url: url) == "ogg")
        #expect(FileNaming.fileExtension(mimeType: "application/octet-stream", url: URL(string: "https://cdn.example/play?id=3")!) == "mp3")
    }

    @Test func namesAreUnique() {
        let taken: Set = ["Show.mp3", "Show (2).mp3"]
        #expect(FileNaming.unique(stem: "Show", fileExtension: "mp3") { taken.contains($0) } == "Show (3).mp3")
    }
}
