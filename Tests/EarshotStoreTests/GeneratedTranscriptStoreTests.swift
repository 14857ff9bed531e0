import EarshotFeed
@testable import EarshotStore
import Foundation
import Testing

@Suite("Store: generated transcripts")
struct GeneratedTranscriptStoreTests {
    private static let moonshine = TranscriptGenerator(engine: "moonshine", model: "base-en")
    private static let audio = URL(fileURLWithPath: "/tmp/episode.mp3")

    private static func library(language: String? = "en-us") throws -> (TemporaryDirectory, Store, [EpisodeID]) {
        let directory = try TemporaryDirectory()
        let store = try Store(path: directory.file("earshot.sqlite"))
        var channel = Sample.channel(["a", "b"])
        channel.language = language
        let saved = try store.storeFeed(channel, url: Sample.feedURL, validators: FeedValidators())
        let episodes = try #require(try store.outline(id: saved.podcast)?.episodes.map(\.key))
        for episode in episodes {
            try store.saveDownload(DownloadRecord(episode: episode, podcast: saved.podcast, path: "/tmp/\(episode.rawValue).mp3",
                                                  state: .completed, requestedAt: Date()))
        }
        return (directory, store, episodes)
    }

    @Test func segmentsAppendedOneByOneReadBackMarkedGeneratedAndIncomplete() throws {
        let (_, store, episodes) = try Self.library()
        try store.appendGeneratedSegments([TranscriptSegment(start: 0.5, end: 2, text: "segment 1")], for: episodes[0], by: Self.moonshine,
                                          from: Self.audio)
        try store.appendGeneratedSegments([TranscriptSegment(start: 2.5, end: 4, text: "segment 2")], for: episodes[0], by: Self.moonshine,
                                          from: Self.audio)
        let stored = try #require(try store.transcript(of: episodes[0]))
        #expect(stored.segments.map(\.text) == ["segment 1", "segment 2"])
        #expect(stored.generator == Self.moonshine && !stored.complete)
        #expect(try !store.hasTranscript(episodes[0]), "a generated transcript is not the publisher's")
        try store.finishGeneratedTranscript(of: episodes[0], by: Self.moonshine, from: Self.audio)
        #expect(try store.transcript(of: episodes[0])?.complete == true)
    }

    @Test func aPublishersTranscriptReplacesAGeneratedOneAndIsNeverReplacedByOne() throws {
        let (_, store, episodes) = try Self.library()
        try store.appendGeneratedSegments([TranscriptSegment(start: 0, end: 2, text: "heard here")], for: episodes[0], by: Self.moonshine,
                                          from: Self.audio)
        let published = URL(string: "https://show.example/a.vtt")!
        try store.storeTranscript([TranscriptSegment(start: 0, end: 2, text: "the publisher's words")], for: episodes[0], from: published)
        let stored = try #require(try store.transcript(of: episodes[0]))
        #expect(stored.generator == nil && stored.segments.map(\.text) == ["the publisher's words"])
        #expect(try !store.appendGeneratedSegments([TranscriptSegment(start: 2, end: 3, text: "more")], for: episodes[0], by: Self.moonshine,
                                                   from: Self.audio))
        #expect(try store.transcript(of: episodes[0])?.segments.count == 1)
        #expect(try store.find(SearchQuery("heard"), podcast: nil, limit: 5, marks: .control).isEmpty, "the generated words left the index")
    }

    @Test func candidatesResumeAfterTheLastSegmentAndLeaveCompleteOnesOut() throws {
        let (_, store, episodes) = try Self.library(language: "zh-CN")
        try store.appendGeneratedSegments([TranscriptSegment(start: 0, end: 7.25, text: "one")], for: episodes[1], by: Self.moonshine,
                                          from: Self.audio)
        var candidates = try store.transcriptionCandidates(settingKey: "transcribe")
        #expect(Set(candidates.map(\.episode)) == Set(episodes))
        #expect(candidates.first { $0.episode == episodes[1] }?.resumeAt == 7.25)
        #expect(candidates.allSatisfy { $0.language == "zh-CN" && $0.file.path.hasPrefix("/tmp/") })
        try store.finishGeneratedTranscript(of: episodes[1], by: Self.moonshine, from: Self.audio)
        candidates = try store.transcriptionCandidates(settingKey: "transcribe")
        #expect(candidates.map(\.episode) == [episodes[0]])
    }

    @Test func aHitInAGeneratedTranscriptNamesItsEngine() throws {
        let (_, store, episodes) = try Self.library()
        try store.appendGeneratedSegments([TranscriptSegment(start: 3, end: 5, text: "quantum chromodynamics")], for: episodes[0],
                                          by: Self.moonshine, from: Self.audio)
        let hit = try #require(try store.find(SearchQuery("chromodynamics"), podcast: nil, limit: 5, marks: .control).first)
        #expect(hit.generator == Self.moonshine)
        #expect(hit.place == .transcript(start: 3, speaker: nil))
    }

    @Test func theFeedsLanguageIsKept() throws {
        let (_, store, _) = try Self.library(language: "zh-CN")
        #expect(try store.podcasts().first?.channel.language == "zh-CN")
    }
}
