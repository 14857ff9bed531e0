@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// The rules of what to keep: the grace period after playing, each podcast's newest N, the disk budget,
/// with their reasons, and the files no rule ever deletes.
@Suite("Downloads: what to keep, each rule and the never-delete list")
struct KeepingRulesTests {
    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
    static let alpha = PodcastID(rawValue: 1), beta = PodcastID(rawValue: 2)

    /// File `n` of `podcast`, released `n` days after the epoch-ish start (higher is newer).
    static func file(_ n: Int64, _ podcast: PodcastID = alpha, bytes: Int64 = 100, playedHoursAgo: Double? = nil, queued: Bool = false) -> FileFacts {
        FileFacts(episode: EpisodeID(rawValue: n), bytes: bytes, downloadedAt: now.addingTimeInterval(-3600),
                  finishedAt: playedHoursAgo.map { now.addingTimeInterval(-$0 * 3600) }, queued: queued, podcast: podcast,
                  released: Date(timeIntervalSinceReferenceDate: Double(n) * 86_400))
    }

    static func plan(_ files: [FileFacts], protected: Set<Int64> = [], budget: Int64? = nil,
                     _ keeping: [PodcastID?: DownloadKeeping] = [:], fallback: DownloadKeeping = DownloadKeeping(grace: nil, newest: nil)) -> [TidyChoice] {
        TidyPlan.choose(files, protected: Set(protected.map(EpisodeID.init)), budget: budget, now: now) { keeping[$0] ?? fallback }
    }

    @Test func keepingTheNewestNDeletesEachPodcastsOlderFilesOldestFirst() {
        let files = [Self.file(1), Self.file(2), Self.file(3), Self.file(4), Self.file(5, Self.beta), Self.file(6, Self.beta)]
        let choices = Self.plan(files, fallback: DownloadKeeping(grace: nil, newest: 2))
        #expect(choices.map(\.episode.rawValue) == [1, 2], "alpha keeps 3 and 4; beta has only 2")
        #expect(choices.allSatisfy { $0.reason == .beyondNewest(2) })
        #expect(choices.first?.reason.description == "not among its podcast's newest 2 downloads (keep-downloads)")
    }

    @Test func aPodcastsOwnRuleOverridesTheLibrarys() {
        let files = [Self.file(1), Self.file(2), Self.file(5, Self.beta), Self.file(6, Self.beta)]
        let choices = Self.plan(files, [Self.beta: DownloadKeeping(grace: nil, newest: 1)], fallback: DownloadKeeping(grace: nil, newest: nil))
        #expect(choices.map(\.episode.rawValue) == [5])
    }

    @Test func playedFilesGoAfterTheirPodcastsGracePeriodOldestPlayedFirst() {
        let files = [Self.file(1, playedHoursAgo: 30), Self.file(2, playedHoursAgo: 50), Self.file(3, playedHoursAgo: 2),
                     Self.file(4, Self.beta, playedHoursAgo: 30)]
        let choices = Self.plan(files, [Self.beta: DownloadKeeping(grace: .seconds(7 * 86_400), newest: nil)],
                                fallback: DownloadKeeping(grace: .seconds(86_400), newest: nil))
        #expect(choices.map(\.episode.rawValue) == [2, 1], "beta's are kept a week")
        #expect(choices.first?.reason.description == "played more than 1 day ago (download-grace)")
    }

    @Test func overTheBudgetTheOldestPlayedGoFirstThenTheOldestNotQueued() {
        let files = [Self.file(1, playedHoursAgo: 5), Self.file(2, playedHoursAgo: 10), Self.file(3, queued: true), Self.file(4)]
        let choices = Self.plan(files, protected: [3], budget: 150)
        #expect(choices.map(\.episode.rawValue) == [2, 1, 4])
        #expect(choices.first?.reason.description == "the downloads take more than 150 bytes (download-budget)")
        #expect(Self.plan(files, protected: [3], budget: 300).map(\.episode.rawValue) == [2])
    }

    @Test func theRulesTogetherNameEachFileOnceWithTheFirstReasonThatTookIt() {
        let files = [Self.file(1, playedHoursAgo: 48), Self.file(2), Self.file(3), Self.file(4)]
        let choices = Self.plan(files, budget: 150, fallback: DownloadKeeping(grace: .seconds(86_400), newest: 2))
        #expect(choices.map(\.episode.rawValue) == [1, 2, 3])
        #expect(choices.map(\.reason) == [.played(grace: .seconds(86_400)), .beyondNewest(2), .overBudget(150)])
    }

    @Test func protectedFilesAreNeverChosenByAnyRuleButStillCountAmongTheNewest() {
        let files = [Self.file(1, playedHoursAgo: 100), Self.file(2), Self.file(3), Self.file(4)]
        let all = DownloadKeeping(grace: .seconds(60), newest: 1)
        #expect(Self.plan(files, protected: [1, 2, 3, 4], budget: 0, fallback: all).isEmpty)
        #expect(Self.plan(files, protected: [3], budget: nil, fallback: all).map(\.episode.rawValue) == [1, 2],
                "3 stays though not the newest; 4 is the newest")
    }

    // MARK: Through the session's rules

    /// Three downloaded episodes of alpha (1, 2, 3: 3 the newest), with the clock at day 10.
    static func downloaded(_ configure: (inout DownloadSettings) -> Void = { _ in }) throws -> (DownloadFixture, [EpisodeID]) {
        let fixture = try DownloadFixture { $0.ahead = 0; $0.grace = nil; configure(&$0) }
        _ = try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 4), autoQueue: false)
        let ids = try (1...3).map { try fixture.core.episode("alpha-\($0)") }
        fixture.downloads.request(ids, byHand: true)
        for number in 1...3 { fixture.transfers.succeed(DownloadFixture.audio("alpha", number)) }
        return (fixture, ids)
    }

    @Test func aDryRunListsWhatTidyingThenDeletesExactly() throws {
        let (fixture, ids) = try Self.downloaded()
        try fixture.core.library.set("keep-downloads", to: "1", for: nil)
        var listed: [TidiedFile] = []
        fixture.downloadRules.tidy(dryRun: true) { listed = $0 }
        #expect(listed.map(\.episode) == [ids[0], ids[1]])
        #expect(listed.first?.title == "Alpha 1" && listed.first?.reason == .beyondNewest(1))
        #expect(ids.allSatisfy { fixture.downloads.file(for: $0) != nil }, "a dry run deletes nothing")
        var deleted: [TidiedFile] = []
        fixture.downloadRules.tidy(dryRun: false) { deleted = $0 }
        #expect(deleted == listed)
        #expect(fixture.downloads.file(for: ids[0]) == nil && fixture.downloads.file(for: ids[1]) == nil && fixture.downloads.file(for: ids[2]) != nil)
        #expect(fixture.files.deleted.count == 2)
    }

    @Test func starredQueuedInProgressAndCurrentEpisodesAreNeverDeleted() throws {
        let (fixture, ids) = try Self.downloaded { $0.budget = 0 }
        let core = fixture.core
        var starred: Result<[EpisodeID], LibraryError>?
        core.session.star([ids[0]], starred: true) { starred = $0 }
        #expect(starred != nil)
        try core.store.saveProgress(of: ids[1], position: 30, completed: false, at: fixture.clock.date)
        try core.session.enqueue([ids[2]])
        var listed: [TidiedFile] = []
        fixture.downloadRules.tidy(dryRun: true) { listed = $0 }
        #expect(listed.isEmpty, "over a budget of 0, every file is protected: \(listed.map(\.episode))")
        try core.session.dequeue([ids[2]])
        try core.player.play(episode: ids[2])
        fixture.downloadRules.tidy(dryRun: true) { listed = $0 }
        #expect(listed.isEmpty, "the one playing stays")
    }

    @Test func keepingIsSetPerPodcastAndForAllAndRefusesNonsense() throws {
        let fixture = try CoreFixture()
        let a = try fixture.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        #expect(fixture.library.keeping(a) == DownloadKeeping(grace: .seconds(86_400), newest: nil), "the defaults")
        try fixture.library.set("keep-downloads", to: "5", for: nil)
        try fixture.library.set("download-grace", to: "3d", for: a)
        #expect(fixture.library.keeping(a) == DownloadKeeping(grace: .seconds(3 * 86_400), newest: 5))
        try fixture.library.set("keep-downloads", to: "0", for: a)
        #expect(fixture.library.keeping(a).newest == nil, "0 for the podcast: no limit, whatever all says")
        #expect(throws: LibraryError.self) { try fixture.library.set("keep-downloads", to: "-1", for: a) }
    }
}
