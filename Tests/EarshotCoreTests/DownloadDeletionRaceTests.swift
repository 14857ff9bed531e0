@testable import EarshotCore
import EarshotFeed
import EarshotStore
import Foundation
import Testing

/// A download forgotten with its files, whose deletion waits on a busy background, while the same file
/// name is asked for again: the new download must never write where the waiting deletion will delete.
@Suite("Downloads: a path waiting to be deleted")
struct DownloadDeletionRaceTests {
    static let alpha1 = "/data/earshot/episodes/Alpha/Alpha 1.mp3"

    @Test func aDownloadTakenInBeforeAForgottenOnesFilesAreDeletedWritesElsewhereAndKeepsItsPart() throws {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        let a1 = try fixture.core.episode("alpha-1"), a2 = try fixture.core.episode("alpha-2")
        fixture.downloads.request([a1], byHand: true)  // started: nothing on disk yet
        #expect(fixture.transfers.running.map(\.destination.path) == [Self.alpha1])

        fixture.core.background.holdingWork = true  // the worker is busy with a long job
        fixture.downloads.request([a1, a2], byHand: true)  // a2 must be read: the request waits behind the worker
        fixture.downloads.discardAll([a1]) {}  // its files go in a job after that read
        fixture.core.background.runHeld(1)  // the read: a1, forgotten meanwhile, is taken in afresh and starts
        let again = try #require(fixture.transfers.running.first { $0.remote == DownloadFixture.audio("alpha", 1) })
        fixture.files.parts[again.destination.path] = 500  // its first bytes
        fixture.core.background.runHeld()  // the deletion of the forgotten download's files

        #expect(again.destination.path != Self.alpha1, "the path waiting to be deleted is not free")
        #expect(fixture.files.size(again.destination.path) == 500, "the new download's part is kept")
        #expect(fixture.files.deleted == [Self.alpha1])
        #expect(fixture.downloads.records[a1]?.path == again.destination.path)
    }

    @Test func aTidiedDownloadWhoseFileWasAlreadyGoneAndIsAskedForAgainMeanwhileKeepsItsNewPart() throws {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        let a1 = try fixture.core.episode("alpha-1"), a2 = try fixture.core.episode("alpha-2")
        fixture.downloads.request([a1], byHand: true)
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        try fixture.core.store.saveProgress(of: a1, position: 0, completed: true, at: fixture.clock.date.addingTimeInterval(-3 * 86_400))
        fixture.files.sizes[Self.alpha1] = nil  // the listener deleted the file by hand

        fixture.core.background.holdingWork = true
        fixture.downloadRules.tidy()  // planned on the background
        fixture.downloads.request([a1, a2], byHand: true)  // read after the plan
        fixture.core.background.runHeld(2)  // the plan (a1 goes: its deletion waits behind the read), then the read
        let again = try #require(fixture.transfers.running.first { $0.remote == DownloadFixture.audio("alpha", 1) })
        fixture.files.parts[again.destination.path] = 500
        fixture.core.background.runHeld()

        #expect(again.destination.path != Self.alpha1)
        #expect(fixture.files.size(again.destination.path) == 500, "the new download's part is kept")
        #expect(fixture.files.deleted == [Self.alpha1])
    }

    @Test func onceTheDeletionHasRunTheNameIsFreeAgain() throws {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let a1 = try fixture.core.episode("alpha-1")
        fixture.downloads.request([a1], byHand: true)
        fixture.downloads.discardAll([a1]) {}
        fixture.downloads.request([a1], byHand: true)
        #expect(fixture.transfers.running.map(\.destination.path) == [Self.alpha1], "its own name, not “Alpha 1 (2)”")
    }

    @Test func aDownloadDeletedByHandHasItsFilesDeletedOnTheBackgroundNotTheLoop() throws {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let a1 = try fixture.core.episode("alpha-1")
        fixture.downloads.request([a1], byHand: true)
        fixture.transfers.succeed(DownloadFixture.audio("alpha", 1))
        fixture.core.background.holdingWork = true
        try fixture.downloads.delete([a1])
        #expect(fixture.downloads.records[a1] == nil, "forgotten at once")
        #expect(fixture.files.deleted.isEmpty, "the loop deletes no file")
        fixture.core.background.runHeld()
        #expect(fixture.files.deleted == [Self.alpha1])
    }

    @Test func aDownloadDeletedByHandWhileTheSameEpisodeIsBeingTakenInAgainLeavesTheNewPartAlone() throws {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 2))
        let a1 = try fixture.core.episode("alpha-1"), a2 = try fixture.core.episode("alpha-2")
        fixture.downloads.request([a1], byHand: true)
        fixture.core.background.holdingWork = true
        fixture.downloads.request([a1, a2], byHand: true)
        try fixture.downloads.delete([a1])
        fixture.core.background.runHeld(1)
        let again = try #require(fixture.transfers.running.first { $0.remote == DownloadFixture.audio("alpha", 1) })
        fixture.files.parts[again.destination.path] = 500
        fixture.core.background.runHeld()
        #expect(fixture.files.size(again.destination.path) == 500, "the new download's part is kept")
        #expect(fixture.files.deleted == [Self.alpha1])
    }

    @Test func afterADeletionByHandTheSameEpisodeAskedForAgainTakesItsOwnNameOnceTheFilesAreGone() throws {
        let fixture = try DownloadFixture { $0.ahead = 0 }
        try fixture.core.subscribe("alpha", CoreFixture.show("alpha", count: 1))
        let a1 = try fixture.core.episode("alpha-1")
        fixture.downloads.request([a1], byHand: true)
        fixture.core.background.holdingWork = true
        try fixture.downloads.delete([a1])
        fixture.downloads.request([a1], byHand: true)  // read after the deletion, so taken in after it
        fixture.core.background.runHeld()
        #expect(fixture.transfers.running.map(\.destination.path) == [Self.alpha1])
    }
}
