@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// The desktop's own search (GNOME Shell, KRunner): what a typed word finds, how narrowing keeps to the
/// results shown, what activating plays, and the identifiers desktops hand back.
@Suite("Desktop search rules")
struct DesktopSearchRulesTests {
    let fixture: CoreFixture
    let kept = MemoryTranscripts()
    let podcast: PodcastID
    var search: DesktopSearch { fixture.session.desktopSearch! }

    init() throws {
        fixture = try CoreFixture()
        podcast = try fixture.subscribe("talk", CoreFixture.show("talk", count: 4), autoQueue: false)
        fixture.session.keepTranscripts(fetcher: ScriptedTranscripts(), store: kept, reader: fixture.background, languages: ["en"])
    }

    func episode(_ number: Int) throws -> EpisodeID { try fixture.episode("talk-\(number)") }

    func results(_ terms: [String], within previous: [String]? = nil) -> [DesktopResultInfo] {
        var found: [DesktopResultInfo] = []
        search.search(terms, within: previous) { found = $0 }
        return found
    }

    @Test func identifiersNameTheThingItselfAndAnythingElseIsRefused() throws {
        for result in [DesktopResult.podcast(podcast), .episode(try episode(1)), .moment(try episode(1), at: 2467.5), .moment(try episode(2), at: 12)] {
            #expect(DesktopResult(identifier: result.identifier) == result, "\(result.identifier)")
        }
        #expect(DesktopResult.moment(try episode(1), at: 12).identifier.hasSuffix(":12"))
        for junk in ["", "episode", "episode:", "episode:-3", "episode:0", "moment:4", "moment:4:nan", "moment:4:-1", "podcast:1:2", "song:4", "episode:4x"] {
            #expect(DesktopResult(identifier: junk) == nil, "\(junk)")
        }
        #expect(throws: LibraryError.self) { try search.activate("episode:nope") }
    }

    @Test func aMatchingPodcastComesWithItsNewestEpisodesAndAMomentPlaysFromWhenItWasSaid() throws {
        let third = try episode(3), first = try episode(1)
        kept.hits = [
            SearchHit(podcast: podcast, episode: nil, place: .podcastTitle, snippet: "Talk", moments: 0, relevance: 9),
            SearchHit(podcast: podcast, episode: first, place: .transcript(start: 2467.5, speaker: "Ada"), snippet: "…quantum cats…",
                      moments: 2, relevance: 5),
        ]
        let found = results(["talk"])
        #expect(found.map(\.result) == [.podcast(podcast), .episode(try episode(4)), .episode(third), .moment(first, at: 2467.5)])
        #expect(found[0].name == "Talk" && found[1].name == "Talk 4")
        #expect(found[3].description == "Talk · 41:07 · Ada: …quantum cats…", "\(found[3].description)")
        #expect(fixture.session.transcripts?.recentFinds == nil, "the desktop's searches never take the listener's find numbers")

        try search.activate(found[3].result.identifier)
        #expect(fixture.player.current?.id == first && fixture.engine.seeks.last == .milliseconds(2_467_500))
        try search.activate(found[0].result.identifier)
        #expect(fixture.player.currentPodcast == podcast)
    }

    @Test func narrowingKeepsOnlyThePreviousResultsThatStillMatch() throws {
        let first = try episode(1), second = try episode(2)
        kept.hits = [SearchHit(podcast: podcast, episode: first, place: .transcript(start: 60, speaker: nil), snippet: "q", moments: 1, relevance: 2)]
        let before = results(["qua"])
        kept.hits = [
            SearchHit(podcast: podcast, episode: second, place: .episodeTitle, snippet: "quantum", moments: 0, relevance: 3),
            SearchHit(podcast: podcast, episode: first, place: .transcript(start: 90, speaker: nil), snippet: "quantum", moments: 1, relevance: 2),
        ]
        let narrowed = results(["quantum"], within: before.map(\.result.identifier))
        #expect(results(["q", "u"]).isEmpty && results(["***"]).isEmpty, "fewer than three letters find nothing")
        #expect(narrowed.map(\.result) == [.moment(first, at: 90)], "episode 2 was not shown before; episode 1's best moment moved")
    }

    @Test func aQueryOfMegabytesIsCutToAThousandCharactersAndStillAnswered() throws {
        kept.hits = [SearchHit(podcast: podcast, episode: try episode(1), place: .episodeTitle, snippet: "Talk", moments: 0, relevance: 1)]
        let huge = String(repeating: "talk ", count: 2_000_000)
        let started = ContinuousClock.now
        let found = results([huge, huge])
        #expect(ContinuousClock.now - started < .milliseconds(500))
        #expect(found.count == 1, "fewer results at most, never an error")
        let asked = try #require(kept.queries.last)
        #expect(asked.expression.count <= 2 * QueryBounds.maximumLength, "\(asked.expression.count)")
        let many = results(Array(repeating: "talk", count: 1_000_000))
        #expect(many.count == 1 && (kept.queries.last?.expression.count ?? .max) <= 2 * QueryBounds.maximumLength)
    }

    @Test func narrowingWithinAHundredThousandPreviousResultsKeepsToTheFirstThousand() throws {
        let first = try episode(1)
        kept.hits = [SearchHit(podcast: podcast, episode: first, place: .episodeTitle, snippet: "Talk", moments: 0, relevance: 1)]
        let previous = [DesktopResult.episode(first).identifier] + (1...100_000).map { "episode:\(1_000_000 + $0)" }
        let narrowed = results(["talk"], within: previous)
        #expect(narrowed.map(\.result) == [.episode(first)])
        let scope = try #require(kept.scopes.last)
        #expect(scope.episodes.count + scope.podcasts.count <= QueryBounds.maximumIdentifiers)
    }

    @Test func theMetasOfAHundredThousandIdentifiersAreThoseOfTheFirstThousand() throws {
        let known = "podcast:\(podcast.rawValue)"
        var infos: [DesktopResultInfo] = []
        search.info(Array(repeating: known, count: 100_000)) { infos = $0 }
        #expect(infos.count == QueryBounds.maximumIdentifiers, "fewer results, never an error")
    }

    @Test func theBoundsCutOnScalarsAndLeaveShortTextAlone() {
        #expect(QueryBounds.cut("quantum cats") == "quantum cats" && !QueryBounds.isTooLong(String(repeating: "é", count: 1_000)))
        #expect(QueryBounds.cut(String(repeating: "é", count: 1_001)).unicodeScalars.count == 1_000)
        #expect(QueryBounds.cut(["quantum", "cats"]) == "quantum cats")
        #expect(QueryBounds.cut(Array(repeating: "ab", count: 5_000)).unicodeScalars.count <= 1_000)
        #expect(QueryBounds.cut(identifiers: Array(repeating: "x", count: 5_000)).count == 1_000)
    }

    @Test func findRefusesWordsLongerThanTheBoundInPlainWords() throws {
        var outcome: Result<[FoundMoment], LibraryError>?
        fixture.session.transcripts?.find(String(repeating: "a", count: 1_001), podcast: nil, limit: 5, marks: .control) { outcome = $0 }
        guard case .failure(let error) = outcome else { Issue.record("\(String(describing: outcome))"); return }
        #expect("\(error)".contains("1000 characters"), "\(error)")
        #expect(kept.queries.isEmpty, "nothing was searched")
    }

    @Test func whatAResultShowsIsReadForAnIdentifierNoSearchGaveAndJunkIsLeftOut() throws {
        var infos: [DesktopResultInfo] = []
        search.info(["moment:\(try episode(2).rawValue):75", "episode:999999", "junk", "podcast:\(podcast.rawValue)"]) { infos = $0 }
        #expect(infos.map(\.name) == ["Talk 2", "Talk"])
        #expect(infos.first?.description == "Talk · 1:15")
    }

    @Test func addingToUpNextQueuesTheEpisodeOrAPodcastsNewestButTheCurrentOne() throws {
        var failure: LibraryError?? = .none
        search.enqueue("episode:\(try episode(2).rawValue)") { failure = $0 }
        search.enqueue("podcast:\(podcast.rawValue)") { failure = $0 }
        #expect(failure == .some(nil))
        let second = try episode(2), third = try episode(3), newest = try episode(4)
        #expect(fixture.player.current?.id == newest, "the newest episode is current at start")
        #expect(fixture.player.upNext.episodes == [second, third], "\(fixture.player.upNext.episodes)")
    }

    @Test func launchingASearchPlaysTheBestResultAndSaysSoInANotification() throws {
        let notifier = RecordingNotifier()
        search.connect(art: ArtShelf(), notifier: notifier)
        kept.hits = [SearchHit(podcast: podcast, episode: try episode(2), place: .chapter(start: 30, title: "Cats"), snippet: "Cats", moments: 0, relevance: 1)]
        var failure: LibraryError?? = .none
        search.launch(["cats"]) { failure = $0 }
        #expect(failure == .some(nil))
        let second = try episode(2)
        #expect(fixture.player.current?.id == second && fixture.engine.seeks.last == .seconds(30))
        #expect(notifier.last?.title == "Playing “Talk 2”" && notifier.last?.body.contains("1 result for “cats”: earshot find cats") == true,
                "\(String(describing: notifier.last))")
        kept.hits = []
        search.launch(["zeppelin"]) { failure = $0 }
        #expect(failure == .some(.noEpisode("nothing in the library matches “zeppelin”")))
    }

    @Test func theStatusNoticeIsASignOfLifeWithPlayWhenPaused() throws {
        let notifier = RecordingNotifier()
        fixture.session.notify(through: notifier, art: ArtShelf())
        try fixture.player.play(episode: try episode(3))
        fixture.player.pause()
        fixture.session.showStatus()
        let notice = try #require(notifier.last)
        #expect(notice.title == "Paused: “Talk 3”" && notice.defaultAction == .play && notice.body.hasPrefix("Talk · 0:00 of 10:00"), "\(notice)")
        notifier.click(.play, on: 1)
        #expect(fixture.player.status == .playing)
        fixture.session.showStatus()
        #expect(notifier.last?.title == "Playing “Talk 3”" && notifier.last?.actions == [] && notifier.posts.last?.replacing == 1)
    }
}

/// A moment a desktop (or any local client) names is a time within an episode; a clock is written for
/// any number without trapping.
@Suite("Desktop search: times from a client are bounded")
struct DesktopResultTimeTests {
    @Test func aMomentBeyondAnyEpisodeNamesNoResult() {
        #expect(DesktopResult(identifier: "moment:1:1e19") == nil)
        #expect(DesktopResult(identifier: "moment:1:9300000000000000") == nil)
        #expect(DesktopResult(identifier: "moment:1:2467.5") == .moment(EpisodeID(rawValue: 1), at: 2467.5))
    }

    @Test func aClockIsWrittenForAnyNumberWithoutTrapping() {
        #expect(ClockText.clock(9.3e18) == nil)
        #expect(ClockText.clock(1e300) == nil)
        #expect(ClockText.clock(3723) == "1:02:03")
    }
}
