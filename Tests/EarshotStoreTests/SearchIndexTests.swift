import EarshotFeed
@testable import EarshotStore
import Foundation
import GRDB
import Testing

@Suite("Store: the full-text index and find")
struct SearchIndexTests {
    private static let feedA = URL(string: "https://a.example/feed.xml")!
    private static let feedB = URL(string: "https://b.example/feed.xml")!
    private static let transcriptURL = URL(string: "https://a.example/1.vtt")!

    /// A store in a fresh directory (kept alive with it).
    private struct Library {
        let directory: TemporaryDirectory
        let store: Store

        init() throws {
            directory = try TemporaryDirectory()
            store = try Store(path: directory.file("earshot.sqlite"))
        }

        /// Stores a podcast whose episodes have these titles and notes (guids `0`, `1`…).
        @discardableResult
        func podcast(_ url: URL, title: String, _ episodes: [(title: String, notes: String)], chapters: [Int: [Chapter]] = [:]) throws -> SavedFeed {
            let list = episodes.enumerated().map { index, episode in
                Episode(id: "\(index)", title: episode.title, rawDescription: episode.notes, chapters: chapters[index] ?? [])
            }
            return try store.storeFeed(Channel(title: title, episodes: list), url: url, validators: FeedValidators())
        }

        func episodes(of podcast: PodcastID) throws -> [EpisodeID] {
            try store.outline(id: podcast)?.episodes.map(\.key) ?? []
        }

        func find(_ text: String, podcast: PodcastID? = nil) throws -> [SearchHit] {
            try store.find(SearchQuery(text), podcast: podcast, limit: 20, marks: SnippetMarks(open: "[", close: "]"))
        }

        func find(_ text: String, within scope: SearchScope) throws -> [SearchHit] {
            try store.find(SearchQuery(text), within: scope, limit: 20, marks: SnippetMarks(open: "[", close: "]"))
        }

        /// FTS5's own check of each index against the rows it was built from: a delete that did not
        /// give back exactly what was indexed fails it.
        func expectConsistentIndex() throws {
            for table in ["podcastSearch", "episodeSearch", "transcriptSearch"] {
                try store.executeRaw("INSERT INTO \(table)(\(table), rank) VALUES ('integrity-check', 1)")
            }
        }
    }

    @Test func caseAndAccentsAreFoldedBothWays() throws {
        let library = try Library()
        let saved = try library.podcast(Self.feedA, title: "Show", [("Cafe Society", "Notes"), ("Evening", "With Müller at the CAFÉ")])
        let episodes = try library.episodes(of: saved.podcast)
        #expect(try library.find("café").map(\.episode) == [episodes[0], episodes[1]])
        #expect(try library.find("MULLER").map(\.episode) == [episodes[1]])
    }

    @Test func quotedPhrasesMatchOnlyWordsInThatOrder() throws {
        let library = try Library()
        let saved = try library.podcast(Self.feedA, title: "Show", [("One", "The night train to Lisbon"), ("Two", "A train at night")])
        #expect(try library.find("\"night train\"").map(\.episode) == [try library.episodes(of: saved.podcast)[0]])
        #expect(try library.find("night train").count == 2)
    }

    @Test func theLastWordMatchesAsAPrefixAsOneTypes() throws {
        let library = try Library()
        try library.podcast(Self.feedA, title: "Show", [("Lisbon by night", "")])
        #expect(try library.find("lis").count == 1)
        #expect(try library.find("lis ").isEmpty, "a finished word is a whole word")
        #expect(try library.find("\"lisbon by nig").count == 1)
    }

    @Test func operatorsAndPunctuationInTheQueryAreHarmless() throws {
        let library = try Library()
        try library.podcast(Self.feedA, title: "Show", [("Cats and dogs", "NEAR the river")])
        #expect(try library.find("cats OR").isEmpty, "OR is a word, and no episode has it")
        #expect(try library.find("cats AND dogs").count == 1)
        #expect(try library.find("NEAR(cats* -dogs) river:cats ^\"").count == 1)
        #expect(try library.find("podcast:p1 cats").isEmpty, "the podcast tag cannot be searched")
    }

    @Test func thePodcastFilterKeepsToOnePodcastIncludingItsTitleAndTranscripts() throws {
        let library = try Library()
        let a = try library.podcast(Self.feedA, title: "Jazz at home", [("Jazz one", "")])
        let b = try library.podcast(Self.feedB, title: "Other", [("Jazz two", "")])
        let episodeB = try library.episodes(of: b.podcast)[0]
        try library.store.storeTranscript([TranscriptSegment(start: 1, text: "jazz")], for: episodeB, from: Self.transcriptURL)
        #expect(try library.find("jazz").count == 3)
        let onlyA = try library.find("jazz", podcast: a.podcast)
        #expect(onlyA.count == 2 && onlyA.contains { $0.place == .podcastTitle } && onlyA.allSatisfy { $0.podcast == a.podcast })
        let onlyB = try library.find("jazz", podcast: b.podcast)
        #expect(onlyB.map(\.episode) == [episodeB] && onlyB[0].moments == 1)
    }

    @Test func aRefreshThatEditsTitlesAndNotesUpdatesTheIndex() throws {
        let library = try Library()
        try library.podcast(Self.feedA, title: "Old show", [("Old title", "<p>old <b>notes</b></p>")])
        try library.podcast(Self.feedA, title: "New show", [("New title", "<p>fresh words</p>")])
        #expect(try library.find("old").isEmpty)
        #expect(try library.find("notes").isEmpty)
        #expect(try library.find("new").map(\.place) == [.podcastTitle, .episodeTitle])
        #expect(try library.find("fresh").map(\.place) == [.notes])
        try library.expectConsistentIndex()
    }

    @Test func aRefreshThatOnlyMovesEpisodesLeavesTheIndexAlone() throws {
        let library = try Library()
        try library.podcast(Self.feedA, title: "Show", [("Alpha", "a"), ("Beta", "b")])
        _ = try library.store.storeFeed(Channel(title: "Show", episodes: [Episode(id: "new", title: "Gamma"),
                                                                       Episode(id: "0", title: "Alpha", rawDescription: "a"),
                                                                       Episode(id: "1", title: "Beta", rawDescription: "b")]),
                                    url: Self.feedA, validators: FeedValidators())
        // The refresh wrote one new FTS5 segment (the highest leaf): Gamma's terms are in it, and neither
        // Alpha's nor Beta's, which would be there had they been deleted and indexed again.
        let newest = { (term: String) in
            try library.store.executeCount("""
                SELECT count(*) FROM episodeSearch_data WHERE id = (SELECT max(id) FROM episodeSearch_data)
                AND instr(block, CAST('\(term)' AS BLOB)) > 0
                """)
        }
        #expect(try newest("gamma") == 1 && newest("alpha") == 0 && newest("beta") == 0)
        #expect(try library.find("gamma").count == 1 && library.find("alpha").count == 1)
        try library.expectConsistentIndex()
    }

    @Test func removingAPodcastRemovesItsTitleEpisodesAndTranscriptsFromTheIndex() throws {
        let library = try Library()
        let saved = try library.podcast(Self.feedA, title: "Gone show", [("Gone episode", "gone notes")])
        let kept = try library.podcast(Self.feedB, title: "Kept", [("Kept episode", "gone too? no")])
        let episode = try library.episodes(of: saved.podcast)[0]
        try library.store.storeTranscript([TranscriptSegment(start: 3, text: "gone words")], for: episode, from: Self.transcriptURL)
        try library.store.removePodcast(saved.podcast)
        #expect(try library.find("gone").map(\.podcast) == [kept.podcast])
        #expect(try library.store.transcript(of: episode) == nil)
        #expect(try library.store.executeCount("SELECT count(*) FROM transcriptSegment") == 0)
        try library.expectConsistentIndex()
    }

    @Test func mergingPodcastsMovesTheirEpisodesUnderTheKeptPodcastInTheIndex() throws {
        let library = try Library()
        let kept = try library.podcast(Self.feedA, title: "Kept", [("Shared", "")])
        let duplicate = try library.podcast(Self.feedB, title: "Duplicate", [("Shared", ""), ("Only here", "")])
        let moved = try library.episodes(of: duplicate.podcast)[1]
        try library.store.storeTranscript([TranscriptSegment(start: 3, text: "spoken here")], for: moved, from: Self.transcriptURL)
        _ = try library.store.mergeFeed(duplicate.podcast, into: kept.podcast)
        #expect(try library.find("here", podcast: kept.podcast).map(\.episode) == [moved])
        #expect(try library.find("spoken", podcast: kept.podcast).map(\.place) == [.transcript(start: 3, speaker: nil)])
        #expect(try library.find("shared").count == 1)
        #expect(try library.find("duplicate").isEmpty)
        try library.expectConsistentIndex()
    }

    @Test func chaptersStoredLaterAreFoundWithTheirStart() throws {
        let library = try Library()
        let saved = try library.podcast(Self.feedA, title: "Show", [("Episode", "")])
        let episode = try library.episodes(of: saved.podcast)[0]
        try library.store.saveChapters(of: episode, [Chapter(start: 0, title: "Intro"), Chapter(start: 750, title: "The harbour\nat dawn")])
        let hit = try #require(try library.find("harbour").first)
        #expect(hit.place == .chapter(start: 750, title: "The harbour at dawn") && hit.snippet == "The [harbour] at dawn")
        try library.store.saveChapters(of: episode, [])
        #expect(try library.find("harbour").isEmpty)
        try library.expectConsistentIndex()
    }

    @Test func theFeedsOwnChaptersAreFound() throws {
        let library = try Library()
        try library.podcast(Self.feedA, title: "Show", [("Episode", "")], chapters: [0: [Chapter(start: 12, title: "Lighthouse")]])
        #expect(try library.find("lighthouse").map(\.place) == [.chapter(start: 12, title: "Lighthouse")])
    }

    @Test func aStoredTranscriptIsFoundAtItsMomentWithItsSpeakerAndAReplacedOneIsForgotten() throws {
        let library = try Library()
        let saved = try library.podcast(Self.feedA, title: "Show", [("Episode", "")])
        let episode = try library.episodes(of: saved.podcast)[0]
        try library.store.storeTranscript([
            TranscriptSegment(start: 0, end: 5, speaker: "Ana", text: "Welcome"),
            TranscriptSegment(start: 2467, end: 2470, speaker: "Bo", text: "the volcano erupted"),
            TranscriptSegment(start: 2500, speaker: "Ana", text: "a volcano again"),
        ], for: episode, from: Self.transcriptURL)
        let hits = try library.find("volcano")
        #expect(hits.count == 1, "one hit per episode")
        #expect(hits.first?.place == .transcript(start: 2500, speaker: "Ana") || hits.first?.place == .transcript(start: 2467, speaker: "Bo"))
        #expect(hits.first?.moments == 2)
        try library.store.storeTranscript([TranscriptSegment(text: "glacier")], for: episode, from: Self.transcriptURL)
        #expect(try library.find("volcano").isEmpty)
        #expect(try library.find("glacier").map(\.place) == [.transcript(start: nil, speaker: nil)])
        try library.expectConsistentIndex()
    }

    @Test func snippetsMarkTheMatchesWithTheCallersMarksAndStayShort() throws {
        let library = try Library()
        let words = (1...200).map { "word\($0)" }.joined(separator: " ")
        try library.podcast(Self.feedA, title: "Show", [("Episode", "\(words) Lisbon \(words)")])
        let hit = try #require(try library.find("lisbon").first)
        #expect(hit.snippet.contains("[Lisbon]") && hit.snippet.hasPrefix("…") && hit.snippet.hasSuffix("…"))
        #expect(hit.snippet.split(separator: " ").count <= 12)
        let plain = try library.store.find(SearchQuery("lisbon"))
        #expect(plain.first?.snippet.contains("\u{1}Lisbon\u{2}") == true)
    }

    @Test func titlesRankAboveChaptersAboveNotesAboveTranscripts() throws {
        let library = try Library()
        let saved = try library.podcast(Self.feedA, title: "Show", [
            ("Something else", "We talk about the harbour today and much more"),
            ("Episode two", "Nothing much to say about this one at all"),
            ("The harbour", "Nothing much to say about this one at all"),
            ("Episode four", "Nothing much to say about this one at all"),
        ], chapters: [3: [Chapter(start: 60, title: "At the harbour")]])
        let episodes = try library.episodes(of: saved.podcast)
        try library.store.storeTranscript([TranscriptSegment(start: 5, text: "down by the harbour")], for: episodes[1], from: Self.transcriptURL)
        let hits = try library.find("harbour")
        #expect(hits.map(\.episode) == [episodes[2], episodes[3], episodes[0], episodes[1]])
        #expect(hits.map(\.relevance) == hits.map(\.relevance).sorted(by: >))
    }

    @Test func aWordBeingTypedThatFillsTheRankingWindowRanksAsItselfAndOtherwiseAsAPrefix() throws {
        let library = try Library()
        // Find ranks the 1,000 most recent matches of each index (Search.candidates).
        let went = (0..<1_000).map { (title: "Episode \($0)", notes: "and then we went home") }
        let common = try library.podcast(Self.feedA, title: "Walks", went)
        let wentworth = try library.podcast(Self.feedB, title: "Prisons", [("Wentworth", "a drama")])
        let newest = try library.episodes(of: wentworth.podcast)[0]
        let typed = try library.find("went")
        #expect(typed.count == 20 && !typed.contains { $0.episode == newest }, "a common word as typed stands for itself")
        #expect(typed.allSatisfy { $0.snippet.contains("[went]") })
        #expect(try library.find("wentw").map(\.episode) == [newest], "one more letter: the prefix")
        #expect(try library.find("went ").count == 20)
        try library.store.removePodcast(common.podcast)
        try library.podcast(Self.feedA, title: "Walks", Array(went.prefix(999)))
        let prefixed = try library.find("went")
        #expect(prefixed.first?.episode == newest && prefixed.count == 20, "a word in fewer rows than the window: the prefix, title first")
    }

    @Test func everyEpisodeWhoseTranscriptMatchesIsAHitHoweverOftenEachSaysTheWord() throws {
        for times in [31, 100] {
            let library = try Library()
            let saved = try library.podcast(Self.feedA, title: "Show", (0..<20).map { (title: "Episode \($0)", notes: "") })
            for episode in try library.episodes(of: saved.podcast) {
                let segments = (0..<times).map { TranscriptSegment(start: Double($0), text: "a zebra crossed, line \($0)") }
                try library.store.storeTranscript(segments, for: episode, from: Self.transcriptURL)
            }
            let hits = try library.find("zebra")
            #expect(hits.count == 20, "\(times) times each: one hit per episode, all 20")
            #expect(Set(hits.compactMap(\.episode)).count == hits.count && hits.allSatisfy { $0.moments == times })
        }
    }

    /// Two podcasts whose titles, episodes, chapters and a transcript hold words that start `sto`, and
    /// the scope of all of them.
    private func stoneLibrary() throws -> (Library, SearchScope, [EpisodeID]) {
        let library = try Library()
        let stones = try library.podcast(Self.feedA, title: "Stonehenge Stories", [
            ("Stone age", "notes about story time"), ("Story hour", "We stop at the stony beach"),
            ("Other", "nothing here"), ("Quiet", "nothing here"),
        ], chapters: [2: [Chapter(start: 60, title: "Stones and bones")]])
        let stop = try library.podcast(Self.feedB, title: "Stop Podcast", [("Stop", "stop it")])
        let episodes = try library.episodes(of: stones.podcast)
        try library.store.storeTranscript([
            TranscriptSegment(start: 1, text: "a story"), TranscriptSegment(start: 2, text: "the stones rolled"),
            TranscriptSegment(start: 3, text: "Stonewall"), TranscriptSegment(start: 4, text: "big stop"),
        ], for: episodes[3], from: Self.transcriptURL)
        let scope = SearchScope(podcasts: [stones.podcast, stop.podcast], episodes: episodes + (try library.episodes(of: stop.podcast)))
        return (library, scope, episodes)
    }

    @Test func searchingWithinResultsFindsWhatTheWholeLibrarySearchFindsAmongThem() throws {
        let (library, scope, _) = try stoneLibrary()
        struct Found: Hashable { let podcast: PodcastID, episode: EpisodeID?, snippet: String, moments: Int, place: String }
        func found(_ hits: [SearchHit]) -> Set<Found> {
            Set(hits.map { Found(podcast: $0.podcast, episode: $0.episode, snippet: $0.snippet, moments: $0.moments, place: "\($0.place)") })
        }
        for text in ["sto", "ston", "stone", "stones", "stor", "\"the ston", "\"big ston", "age ston", "hour stop", "Stonehenge st", "stonx"] {
            let whole = try library.find(text)
            #expect(found(try library.find(text, within: scope)) == found(whole), "\(text)")
        }
        #expect(try library.find("ston").count == 5, "the podcast, three episodes and the transcript's episode")
    }

    @Test func searchingWithinResultsKeepsToThemAndMarksOnlyTheWordsAsTyped() throws {
        let (library, scope, episodes) = try stoneLibrary()
        let second = SearchScope(podcasts: [], episodes: [episodes[1], episodes[3]])
        let hits = try library.find("ston", within: second)
        #expect(hits.map(\.episode) .count == 2 && Set(hits.map(\.episode)) == [episodes[1], episodes[3]])
        #expect(hits.first { $0.episode == episodes[1] }?.snippet == "We stop at the [stony] beach")
        #expect(hits.first { $0.episode == episodes[3] }?.moments == 2, "the stones, Stonewall; not the story or the stop")
        #expect(try library.find("ston", within: SearchScope(podcasts: scope.podcasts, episodes: [])).map(\.snippet) == ["[Stonehenge] Stories"])
        #expect(try library.find("zebra", within: scope).isEmpty)
    }

    @Test func aVersion8LibraryIsIndexedAgainKeepingFourLetterPrefixesAndLosesNoMatch() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            db.add(function: SearchIndex.plainText)
            db.add(function: SearchIndex.chapterTitles)
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try Schema.migrator.migrate(queue, upTo: "v8")
        let segment = 3 << TranscriptRows.positionBits
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO feed (id, url, title, addedAt) VALUES (1, 'https://feeds.example/show.xml', 'Show', 0);
                INSERT INTO episode (id, feedId, guid, feedOrder, title, rawDescription) VALUES
                    (1, 1, 'a', 0, 'Stonehenge at dawn', NULL), (2, 1, 'b', 1, 'Stories', '<p>A <em>stony</em> path</p>'),
                    (3, 1, 'c', 2, 'Third', NULL);
                INSERT INTO transcript (episodeId, url, fetchedAt) VALUES (3, 'https://feeds.example/3.vtt', 0);
                INSERT INTO transcriptSegment (id, start, end, text) VALUES (\(segment), 12, 15, 'Stones everywhere');
                INSERT INTO episodeSearch(episodeSearch) VALUES ('rebuild');
                INSERT INTO transcriptSearch(transcriptSearch) VALUES ('rebuild');
                """)
        }
        let definition = "SELECT group_concat(sql, ' ') FROM sqlite_master WHERE name IN ('episodeSearch', 'transcriptSearch')"
        #expect(try queue.read { try String.fetchOne($0, sql: definition) }?.components(separatedBy: "prefix='3')").count == 3)
        try queue.close()

        let warnings = Warnings()
        let store = try Store(path: path, warning: warnings.sink)
        #expect(warnings.all.first?.hasPrefix("rebuilding the search index of 3 episodes, once, for faster search as you type; a big library takes minutes (about one per 250,000 episodes); then the search index") == true, "\(warnings.all)")
        #expect(try store.pool.read { try String.fetchOne($0, sql: definition) }?.components(separatedBy: "prefix='3 4')").count == 3)
        while try store.fillSearchIndex() {}  // v10, in the background
        let find = { (text: String) in Set(try store.find(SearchQuery(text)).compactMap(\.episode)) }
        #expect(try find("ston") == Set([1, 2, 3].map { EpisodeID(rawValue: $0) }), "titles, notes as plain text and transcripts")
        #expect(try find("stone") == Set([1, 3].map { EpisodeID(rawValue: $0) }))
        #expect(try find("stor") == [EpisodeID(rawValue: 2)])
        #expect(try find("dawn") == [EpisodeID(rawValue: 1)])
        for table in ["episodeSearch", "transcriptSearch"] {
            try store.executeRaw("INSERT INTO \(table)(\(table), rank) VALUES ('integrity-check', 1)")
        }
    }

    @Test func aVersion6LibraryIsIndexedByTheMigration() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("earshot.sqlite")
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v6")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO feed (id, url, title, addedAt) VALUES (1, 'https://feeds.example/show.xml', 'Étoile show', 0);
                INSERT INTO episode (id, feedId, guid, feedOrder, title, rawDescription, feedChapters) VALUES
                    (1, 1, 'a', 0, 'First', '<p>About <strong>volcanoes</strong></p>', '[{"start":30,"title":"Lava"}]'),
                    (2, 1, 'b', 1, 'Second', NULL, NULL);
                """)
        }
        try queue.close()
        let store = try Store(path: path)
        while try store.fillSearchIndex() {}  // v10, in the background
        let find = { (text: String) in try store.find(SearchQuery(text)) }
        #expect(try find("etoile").map(\.place) == [.podcastTitle])
        #expect(try find("volcanoes").map(\.episode) == [EpisodeID(rawValue: 1)])
        #expect(try find("strong").isEmpty, "notes are indexed as plain text")
        #expect(try find("lava").map(\.place) == [.chapter(start: 30, title: "Lava")])
        #expect(try find("second").map(\.episode) == [EpisodeID(rawValue: 2)])
        try store.removePodcast(PodcastID(rawValue: 1))
        #expect(try find("first").isEmpty)
    }
}
