@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// When transcripts are fetched: once an episode becomes current or is downloaded, never twice, retried
/// after a failure only when its wait is over, at once when the listener asks; the one for the
/// listener's language.
@Suite("Transcript rules")
struct TranscriptRulesTests {
    let fixture: CoreFixture
    let fetcher = ScriptedTranscripts()
    let kept = MemoryTranscripts()
    let podcast: PodcastID

    init() throws {
        fixture = try CoreFixture()
        var channel = CoreFixture.show("talk", count: 2)
        for index in channel.episodes.indices {
            channel.episodes[index].transcripts = [
                TranscriptLink(url: URL(string: "http://talk.test/\(index).de.vtt")!, type: "text/vtt", language: "de"),
                TranscriptLink(url: URL(string: "http://talk.test/\(index).en.json")!, type: "application/json", language: "en"),
            ]
        }
        podcast = try fixture.subscribe("talk", channel)
        fixture.session.keepTranscripts(fetcher: fetcher, store: kept, reader: fixture.background, languages: ["en-GB", "en"])
    }

    func episode(_ number: Int) throws -> EpisodeID { try fixture.episode("talk-\(number)") }

    @Test func anEpisodeBecomingCurrentHasItsTranscriptFetchedOnceInTheListenersLanguage() throws {
        let before = fetcher.asked.count
        try fixture.player.play(episode: try episode(1))
        #expect(fetcher.asked.dropFirst(before).map(\.language) == ["en"])
        let first = try episode(1), second = try episode(2)
        #expect(kept.stored[first]?.segments.first?.text == "said")
        try fixture.player.play(episode: second)
        try fixture.player.play(episode: first)
        #expect(fetcher.asked.count == 2, "episode 1's transcript is kept: not fetched again (episode 2's was at start)")
    }

    @Test func aFailedTranscriptWaitsAnHourButNotWhenTheListenerAsks() throws {
        let first = try episode(1), second = try episode(2)
        fetcher.failing = true
        try fixture.player.play(episode: first)
        #expect(kept.attempts[first]?.nextAttemptAt == fixture.timers.date.addingTimeInterval(3_600))
        try fixture.player.play(episode: second)
        try fixture.player.play(episode: first)
        #expect(fetcher.asked.count == 2, "episode 1 is not tried again within the hour (episode 2's was fetched at start)")
        fetcher.failing = false
        var answer: Result<StoredTranscript, LibraryError>?
        fixture.session.transcripts?.transcript(of: try episode(1)) { answer = $0 }
        #expect((try? answer?.get())?.segments.count == 1, "asked for, it is fetched at once")
        #expect(fetcher.asked.count == 3)
    }

    @Test func aTranscriptsReplyIsShapedOnTheReaderNotTheLoop() throws {
        let first = try episode(1)
        var answer: Result<StoredTranscript, LibraryError>?
        fixture.session.transcripts?.transcript(of: first) { answer = $0 }
        #expect((try? answer?.get()) != nil, "fetched and kept")
        nonisolated(unsafe) let background = fixture.background
        var shaped: Result<Bool, LibraryError>?
        fixture.session.transcripts?.transcript(of: first, shaped: { _ in background.isWorking }) { shaped = $0 }
        #expect((try? shaped?.get()) == true, "the reply's values are built on the reader")
        var missing: Result<Bool, LibraryError>?
        fixture.session.transcripts?.transcript(of: EpisodeID(rawValue: 999_999), shaped: { _ in true }) { missing = $0 }
        guard case .failure(.noSuchEpisode)? = missing else { Issue.record("\(String(describing: missing))"); return }
    }

    @Test func onAMeteredConnectionTranscriptsWaitAndAreFetchedWhenItIsNoLongerMetered() throws {
        let first = try episode(1)
        let before = fetcher.asked.count
        fixture.session.networkChanged(metered: true)
        try fixture.player.play(episode: first)
        fixture.session.events.publish(.downloaded(first))
        #expect(fetcher.asked.count == before, "nothing fetched by itself while metered")
        fixture.session.networkChanged(metered: false)
        #expect(fetcher.asked.count == before + 1, "fetched once it is no longer metered, once")
        #expect(kept.stored[first] != nil)
    }

    @Test func onAMeteredConnectionATranscriptAskedForByTheListenerIsFetched() throws {
        let first = try episode(1)
        let before = fetcher.asked.count
        fixture.session.networkChanged(metered: true)
        var answer: Result<StoredTranscript, LibraryError>?
        fixture.session.transcripts?.transcript(of: first) { answer = $0 }
        #expect((try? answer?.get()) != nil)
        #expect(fetcher.asked.count == before + 1)
    }

    @Test func aDownloadedEpisodeHasItsTranscriptFetched() throws {
        let first = try episode(1)
        fixture.session.events.publish(.downloaded(first))
        #expect(fetcher.asked.count == 2 && kept.stored[first] != nil)
    }

    @Test func askedForWhileItsEpisodeBecomingCurrentIsCheckedAKeptTranscriptIsGiven() throws {
        let first = try episode(1), second = try episode(2)
        try fixture.player.play(episode: first)
        try fixture.player.play(episode: second)
        let reader = InlineBackground()
        fixture.session.keepTranscripts(fetcher: fetcher, store: kept, reader: reader, languages: ["en"])
        reader.holdingResults = true
        try fixture.player.play(episode: first)  // whether to fetch is decided on the reader: held
        var answer: Result<StoredTranscript, LibraryError>?
        fixture.session.transcripts?.transcript(of: first) { answer = $0 }
        reader.deliver()
        #expect((try? answer?.get())?.segments.first?.text == "said", "\(String(describing: answer))")
        #expect(fetcher.asked.count == 2, "kept: not fetched again")
    }

    @Test func aMomentThatIsNoTimeInAnEpisodeIsRefusedNotCrashedOn() throws {
        let first = try episode(1)
        for moment in [Double.nan, -1, 1e308, .infinity] {
            #expect(throws: LibraryError.self) { try fixture.session.play(episode: first, from: moment) }
        }
        try fixture.session.play(episode: first, from: 20)
        #expect(fixture.engine.seeks.last == .seconds(20))
    }

    @Test func aHitOfTheListenersLastFindPlaysFromItsMomentForAnHour() throws {
        let first = try episode(1), second = try episode(2)
        #expect(throws: LibraryError.noEpisode("there is no find from the last hour to take hit 1 from (earshot find WORDS first)")) {
            try fixture.session.playFound(1)
        }
        kept.hits = [
            SearchHit(podcast: podcast, episode: first, place: .transcript(start: 41, speaker: "Ada"), snippet: "", moments: 1, relevance: 3),
            SearchHit(podcast: podcast, episode: second, place: .notes, snippet: "", moments: 0, relevance: 2),
            SearchHit(podcast: podcast, episode: nil, place: .podcastTitle, snippet: "", moments: 0, relevance: 1),
        ]
        fixture.session.transcripts?.find("quantum", podcast: nil, limit: 20, marks: .control) { _ in }
        #expect(fixture.session.transcripts?.recentFinds == nil, "a find not numbered for the listener lends no numbers")
        fixture.session.transcripts?.find("quantum", podcast: nil, limit: 20, marks: .control, numbered: true) { _ in }

        #expect(try fixture.session.playFound(1).hit.episode == first)
        #expect(fixture.player.current?.id == first && fixture.engine.seeks.last == .seconds(41))
        try fixture.session.playFound(2)
        #expect(fixture.player.current?.id == second, "a notes hit plays the episode where it was left")
        #expect(throws: LibraryError.indexOutOfRange("there is no hit 4 of the last find, “quantum”: it has 1 to 3")) {
            try fixture.session.playFound(4)
        }
        fixture.timers.advance(by: .seconds(3_601))
        #expect(throws: LibraryError.self, "an hour later the numbers are no longer lent") { try fixture.session.playFound(1) }
    }

    @Test func aLocalFileNamedByAFeedFromTheNetworkIsNeverReadAsATranscript() throws {
        var channel = CoreFixture.show("leaky", count: 1)
        channel.episodes[0].transcripts = [TranscriptLink(url: URL(fileURLWithPath: "/home/me/.ssh/id_rsa"), type: "text/plain", language: "en")]
        try fixture.subscribe("leaky", channel)
        let episode = try fixture.episode("leaky-1")
        fixture.session.transcripts?.wanted(episode)
        var answer: Result<StoredTranscript, LibraryError>?
        fixture.session.transcripts?.transcript(of: episode) { answer = $0 }
        #expect(!fetcher.asked.contains { $0.url.isFileURL }, "never fetched: \(fetcher.asked)")
        guard case .failure(.noEpisode(let words))? = answer else { Issue.record("\(String(describing: answer))"); return }
        #expect(words.contains("may only point to http or https"), "\(words)")
    }

    @Test func anEpisodeWhoseFeedListsNoTranscriptSaysSo() throws {
        try fixture.subscribe("plain", CoreFixture.show("plain", count: 1))
        var answer: Result<StoredTranscript, LibraryError>?
        fixture.session.transcripts?.transcript(of: try fixture.episode("plain-1")) { answer = $0 }
        guard case .failure(.noEpisode(let words))? = answer else { Issue.record("\(String(describing: answer))"); return }
        #expect(words == "“Plain 1” has no transcript: its feed lists none")
        #expect(fetcher.asked.count == 1, "only the current episode's, at start")
    }
}

/// Transcripts answered at once: one segment, or a failure while `failing`.
final class ScriptedTranscripts: TranscriptFetching {
    var failing = false
    private(set) var asked: [TranscriptLink] = []

    func fetch(_ link: TranscriptLink, completion: @escaping (Result<[TranscriptSegment], TranscriptFetchError>) -> Void) {
        asked.append(link)
        completion(failing ? .failure(.transfer("the server answered 503")) : .success([TranscriptSegment(start: 1, text: "said")]))
    }
}

/// Transcripts kept in memory; `find` answers the hits a test sets, whatever the words.
final class MemoryTranscripts: TranscriptStore, @unchecked Sendable {  // used on the test's thread only
    var stored: [EpisodeID: StoredTranscript] = [:]
    var attempts: [EpisodeID: TranscriptAttempt] = [:]

    func storeTranscript(_ segments: [TranscriptSegment], for episode: EpisodeID, from url: URL, fetchedAt: Date) throws {
        stored[episode] = StoredTranscript(url: url, fetchedAt: fetchedAt, segments: segments)
        attempts[episode] = nil
    }
    func transcript(of episode: EpisodeID) throws -> StoredTranscript? { stored[episode] }
    func hasTranscript(_ episode: EpisodeID) throws -> Bool { stored[episode] != nil }
    func recordTranscriptFailure(of episode: EpisodeID, url: URL, failure: String, nextAttemptAt: Date?) throws -> TranscriptAttempt {
        let attempt = TranscriptAttempt(episode: episode, url: url, failure: failure, attempts: (attempts[episode]?.attempts ?? 0) + 1,
                                        nextAttemptAt: nextAttemptAt)
        attempts[episode] = attempt
        return attempt
    }
    func transcriptAttempt(of episode: EpisodeID) throws -> TranscriptAttempt? { attempts[episode] }
    var hits: [SearchHit] = []
    /// The queries and scopes searched, latest last.
    var queries: [SearchQuery] = [], scopes: [SearchScope] = []
    func find(_ query: SearchQuery, podcast: PodcastID?, limit: Int, marks: SnippetMarks) throws -> [SearchHit] {
        queries.append(query)
        return Array(hits.prefix(limit))
    }
    /// The hits of the scope's podcasts and episodes.
    func find(_ query: SearchQuery, within scope: SearchScope, limit: Int, marks: SnippetMarks) throws -> [SearchHit] {
        queries.append(query)
        scopes.append(scope)
        return Array(hits.filter { hit in hit.episode.map(scope.episodes.contains) ?? scope.podcasts.contains(hit.podcast) }.prefix(limit))
    }
}

/// A bookmark's hit marks the words found in its note, in any script, regardless of case.
@Suite struct BookmarkHitsTests {
    @Test func theWordsOfAFindAreMarkedInTheNoteAndOperatorsAreNotWords() {
        let marks = SnippetMarks(open: "[", close: "]")
        #expect(BookmarkHits.marked("The Bread and the bread", ["bread"], marks) == "The [Bread] and the [bread]")
        #expect(BookmarkHits.marked("今日は東京について", ["東京"], marks) == "今日は[東京]について")
        #expect(BookmarkHits.words("\"bread rise\" OR yeast*") == ["bread", "rise", "yeast"])
    }
}
