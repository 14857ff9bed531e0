import EarshotCore
import Testing

@Suite("Progress rules: finishing an episode, and where it resumes")
struct ProgressRulesTests {
    @Test func aLongEpisodeIsFinishedInItsLastThirtySeconds() {
        // One hour: 1 % is 36 s, so the shorter margin, 30 s, applies.
        #expect(ProgressRules.isFinished(leavingAt: 3570, duration: 3600))
        #expect(!ProgressRules.isFinished(leavingAt: 3569, duration: 3600))
    }

    @Test func aShortEpisodeIsFinishedInItsLastOnePercent() {
        // Ten minutes: 1 % is 6 s, shorter than 30 s.
        #expect(ProgressRules.isFinished(leavingAt: 594, duration: 600))
        #expect(!ProgressRules.isFinished(leavingAt: 593, duration: 600))
    }

    @Test func theEndAndBeyondAreFinished() {
        #expect(ProgressRules.isFinished(leavingAt: 600, duration: 600))
        #expect(ProgressRules.isFinished(leavingAt: 700, duration: 600))
    }

    @Test func withoutAKnownDurationNothingIsFinishedByLeaving() {
        #expect(!ProgressRules.isFinished(leavingAt: 5000, duration: nil))
        #expect(!ProgressRules.isFinished(leavingAt: 0, duration: 0))
        #expect(!ProgressRules.isFinished(leavingAt: .nan, duration: 600))
    }

    @Test func startedEpisodesResumeAndFinishedOnesStartOver() {
        #expect(ProgressRules.startPosition(lastListenTime: 125.5, hasCompleted: false) == 125.5)
        #expect(ProgressRules.startPosition(lastListenTime: 125.5, hasCompleted: true) == 0)
        #expect(ProgressRules.startPosition(lastListenTime: nil, hasCompleted: false) == 0)
        #expect(ProgressRules.startPosition(lastListenTime: -3, hasCompleted: false) == 0)
    }
}
