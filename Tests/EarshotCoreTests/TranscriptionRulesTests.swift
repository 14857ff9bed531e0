@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// Which episode is transcribed next and when transcribing waits, against a scripted recogniser, power
/// the test switches and a clock moved by hand.
@Suite("Transcription rules")
struct TranscriptionRulesTests {
    let transcriber = ScriptedTranscriber()
    let store = MemoryTranscriptionStore()
    let power = SwitchedPower()
    let timers = ManualTimers()
    let background = InlineBackground()
    let events = SessionEvents()
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("transcription-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A downloaded episode (its file exists) of podcast 1 unless told.
    func episode(_ id: Int64, released day: Double, podcast: Int64 = 1, language: String? = "en-us", listenedTo: Double = 0,
                 offersTranscript: Bool = false, downloaded: Bool = true) throws -> TranscriptionCandidate {
        let file = folder.appendingPathComponent("\(id).mp3")
        if downloaded { try Data("audio".utf8).write(to: file) }
        return TranscriptionCandidate(episode: EpisodeID(rawValue: id), podcast: PodcastID(rawValue: podcast), file: file, language: language,
                                      duration: 600, listenedTo: listenedTo, released: Date(timeIntervalSince1970: day * 86_400),
                                      offersTranscript: offersTranscript)
    }

    func started() -> Transcription {
        let transcription = Transcription(transcriber: transcriber, store: store, power: power, background: background, timers: timers,
                                          events: events)
        transcription.begin()
        return transcription
    }

    var heard: [Int64] { transcriber.runs.map(\.job.episode.rawValue) }

    @Test func inProgressThenNewestDownloadedEpisodesAreTranscribedOneAtATime() throws {
        store.episodes = [try episode(1, released: 10), try episode(2, released: 30), try episode(3, released: 20, listenedTo: 100),
                          try episode(4, released: 40, downloaded: false)]
        let transcription = started()
        defer { withExtendedLifetime(transcription) {} }
        #expect(heard == [3], "the episode in progress first")
        transcriber.current?.finish()
        #expect(heard == [3, 2], "then the newest downloaded one (4 is not downloaded)")
        transcriber.current?.finish()
        transcriber.current?.finish()
        #expect(heard == [3, 2, 1])
        #expect(transcriber.current == nil)
    }

    @Test func anEpisodeWhoseFeedOffersATranscriptOrInALanguageTheEngineDoesNotKnowIsSkipped() throws {
        store.episodes = [try episode(1, released: 10), try episode(2, released: 30, offersTranscript: true),
                          try episode(3, released: 20, language: "zh-CN")]
        let transcription = started()
        #expect(heard == [1])
        let why = try #require(transcription.languageReason("zh-CN"))
        #expect(why.contains("zh-CN") && why.contains("moonshine base-en") && why.contains("it knows en"))
        #expect(transcription.languageReason("en-GB") == nil && transcription.languageReason(nil) == nil)
    }

    @Test func segmentsAreStoredAsTheyAreHeardAndARestartResumesAfterTheLastOne() throws {
        store.episodes = [try episode(1, released: 10)]
        let first = started()
        transcriber.current?.say("segment 1", from: 0.5, to: 2.5)
        transcriber.current?.say("segment 2", from: 3, to: 4.75)
        #expect(store.segments[EpisodeID(rawValue: 1)]?.map(\.text) == ["segment 1", "segment 2"])
        first.end()
        #expect(transcriber.runs[0].stopped)
        let transcription = started()
        defer { withExtendedLifetime(transcription) {} }
        #expect(transcriber.runs.count == 2)
        #expect(transcriber.runs[1].job.offset == 4.75, "resumes at the end of the last stored segment")
    }

    @Test func aPublishersTranscriptStoredMeanwhileWinsAndTheNextEpisodeIsHeard() throws {
        store.episodes = [try episode(1, released: 30), try episode(2, released: 10)]
        let transcription = started()
        defer { withExtendedLifetime(transcription) {} }
        transcriber.current?.say("segment 1", from: 0, to: 2)
        store.published.insert(EpisodeID(rawValue: 1))
        transcriber.runs[0].say("segment 2", from: 2, to: 4)
        #expect(transcriber.runs[0].stopped, "the publisher's transcript won: the run stops")
        #expect(heard == [1, 2])
        #expect(store.segments[EpisodeID(rawValue: 1)]?.count == 1)
    }

    @Test func batteryAndThePowerSaverProfilePauseTheRecogniserAndMainsPowerResumesIt() throws {
        store.episodes = [try episode(1, released: 30), try episode(2, released: 10)]
        let transcription = started()
        let run = try #require(transcriber.current)
        power.set(PowerState(onBattery: true))
        #expect(run.paused && transcription.status.pausedBecause == "on battery")
        run.finish()
        #expect(heard == [1], "nothing new starts on battery")
        power.set(PowerState(onBattery: false))
        #expect(heard == [1, 2], "back on mains, the next one starts")
        power.set(PowerState(powerSaver: true))
        #expect(transcriber.current?.paused == true)
        power.set(.mains)
        #expect(transcriber.current?.paused == false)
    }

    @Test func aStartOnBatteryWaitsForMainsPower() throws {
        store.episodes = [try episode(1, released: 30)]
        power.set(PowerState(onBattery: true))
        let transcription = started()
        defer { withExtendedLifetime(transcription) {} }
        #expect(heard.isEmpty)
        power.set(.mains)
        #expect(heard == [1])
    }

    @Test func episodesAskedForGoFirstInTheirOrderAheadOfTheOneRunning() throws {
        store.episodes = [try episode(1, released: 30), try episode(2, released: 10), try episode(3, released: 5, offersTranscript: true)]
        let transcription = started()
        #expect(heard == [1])
        transcription.request([EpisodeID(rawValue: 3), EpisodeID(rawValue: 2)])
        #expect(transcriber.runs[0].stopped)
        #expect(heard == [1, 3], "asked for: first, even though its feed offers a transcript")
        #expect(transcription.status.queue.map(\.rawValue).prefix(2) == [2, 1])
        transcriber.current?.finish()
        #expect(heard == [1, 3, 2])
    }

    @Test func anEpisodeAskedForThatIsStillDownloadingGoesAheadOnceDownloaded() throws {
        let later = try episode(5, released: 1, downloaded: false)
        store.episodes = [try episode(1, released: 30), later]
        let transcription = started()
        transcription.request([EpisodeID(rawValue: 5)])
        #expect(heard == [1, 1], "not downloaded yet: the automatic one goes on (started again after the request)")
        try Data("audio".utf8).write(to: later.file)
        transcription.downloaded(EpisodeID(rawValue: 5))
        #expect(transcriber.runs[1].stopped)
        #expect(heard == [1, 1, 5])
    }

    @Test func aCrashedRecogniserIsTriedAgainAfterItsWaitAndGivenUpAfterFourFailures() throws {
        store.episodes = [try episode(1, released: 30)]
        let transcription = started()
        defer { withExtendedLifetime(transcription) {} }
        transcriber.current?.say("segment 1", from: 0, to: 2)
        transcriber.current?.crash()
        #expect(heard == [1])
        timers.advance(59)
        #expect(heard == [1])
        timers.advance(1)
        #expect(heard == [1, 1])
        #expect(transcriber.runs[1].job.offset == 2, "the retry resumes after what was stored")
        transcriber.current?.crash()
        timers.advance(600)
        transcriber.current?.crash()
        timers.advance(3_600)
        transcriber.current?.crash()
        timers.advance(24 * 3_600)
        #expect(heard.count == 4, "after four failures it is left until asked for again")
    }

    @Test func aFullDiskStopsTheRunAndLosesNothingStored() throws {
        store.episodes = [try episode(1, released: 30)]
        let transcription = started()
        defer { withExtendedLifetime(transcription) {} }
        transcriber.current?.say("segment 1", from: 0, to: 2)
        store.failingWrites = true
        transcriber.runs[0].say("segment 2", from: 2, to: 4)
        #expect(transcriber.runs[0].stopped)
        #expect(store.segments[EpisodeID(rawValue: 1)]?.map(\.text) == ["segment 1"])
    }

    @Test func theTranscribeSettingTurnsItOffForAPodcastOrForAll() throws {
        store.episodes = [try episode(1, released: 30, podcast: 7), try episode(2, released: 10)]
        store.settings[PodcastID(rawValue: 7)] = [Transcription.settingKey: "off"]
        let transcription = started()
        #expect(heard == [2])
        transcriber.current?.finish()
        store.settings[nil] = [Transcription.settingKey: "off"]
        store.settings[PodcastID(rawValue: 7)] = [Transcription.settingKey: "on"]
        store.episodes.append(try episode(3, released: 40))
        transcription.reconsider()
        #expect(heard == [2, 1], "podcast 7's own on beats all's off; episode 3 waits")
        transcriber.current?.finish()
        #expect(heard == [2, 1])
        #expect(!transcription.status.enabled)
    }

    @Test func withoutTheEngineNothingRunsAndTheStatusSaysWhatToRun() throws {
        transcriber.description = .failure(.notInstalled(setUp: "make transcriber"))
        store.episodes = [try episode(1, released: 30)]
        let transcription = started()
        #expect(heard.isEmpty)
        #expect(transcription.status.unavailable == .notInstalled(setUp: "make transcriber"))
    }

    @Test func theStatusGivesProgressSpeedAndTimeLeft() throws {
        store.episodes = [try episode(1, released: 30)]
        let transcription = started()
        timers.advance(10)
        transcriber.current?.say("segment 1", from: 0, to: 30)
        let running = try #require(transcription.status.running)
        #expect(running.progress == 0.05)
        #expect(running.speed == 3)
        #expect(running.secondsLeft == 190)
    }

    @Test func languagesMatchByTheirPrimarySubtag() {
        #expect(TranscriptionChoice.knows(["en"], "en-US"))
        #expect(TranscriptionChoice.knows(["en"], "EN_gb"))
        #expect(!TranscriptionChoice.knows(["en"], "zh-CN"))
        #expect(TranscriptionChoice.knows(["en"], nil))
    }
}
