@testable import EarshotCore
import EarshotStore
import Testing

@Suite("Smart playlists: the rules as a shell user types them")
struct PlaylistRuleWordsTests {
    @Test func everyRuleIsReadAndWrittenBackAsTheSameRules() throws {
        let words = ["--podcast", "3", "--podcast=4", "--not-podcast", "5", "--unplayed", "--in-progress", "--downloaded", "--not-starred",
                     "--inbox", "--longer-than", "20m", "--shorter-than", "1h30m", "--within", "14d", "--older-than", "2",
                     "--title", "mars rover", "--notes", "guest", "--said", "the rings", "--order", "OLDEST", "--limit", "50"]
        let rules = try PlaylistRuleWords.parse(words)
        #expect(rules.podcasts.map(\.rawValue) == [3, 4] && rules.excludedPodcasts.map(\.rawValue) == [5])
        #expect(rules.states == [.unplayed, .inProgress])
        #expect(rules.downloaded == true && rules.starred == false && rules.inInbox == true)
        #expect(rules.minimumSeconds == 1_200 && rules.maximumSeconds == 5_400)
        #expect(rules.publishedWithinSeconds == 14 * 86_400 && rules.publishedBeforeSeconds == 2 * 86_400, "a bare age counts days")
        #expect(rules.titleWords == "mars rover" && rules.notesWords == "guest" && rules.saidWords == "the rings")
        #expect(rules.order == .oldest && rules.limit == 50)
        #expect(try PlaylistRuleWords.parse(PlaylistRuleWords.words(rules)) == rules)
    }

    @Test func noRulesIsEveryEpisodeNewestFirstAtMost100() throws {
        let rules = try PlaylistRuleWords.parse([])
        #expect(rules == PlaylistRules() && rules.order == .newest && rules.limit == 100)
        #expect(PlaylistRuleWords.words(rules) == ["--order", "newest", "--limit", "100"])
    }

    @Test func aBareLengthCountsMinutes() throws {
        #expect(try PlaylistRuleWords.parse(["--shorter-than", "45"]).maximumSeconds == 2_700)
        #expect(PlaylistRuleWords.spanText(5_400) == "1h30m" && PlaylistRuleWords.spanText(90) == "1m30s")
    }

    @Test(arguments: [
        (["--unplayed", "--bogus"], "there is no playlist rule --bogus (see earshot playlist new --help)"),
        (["unplayed"], "“unplayed” is not a rule: rules start with -- (such as --unplayed or --title WORD)"),
        ([""], "“” is not a rule: rules start with -- (such as --unplayed or --title WORD)"),
        (["="], "“=” is not a rule: rules start with -- (such as --unplayed or --title WORD)"),
        (["--order="], "--order is one of newest, oldest, shortest, longest, podcast, not “”"),
        (["--limit"], "--limit needs a value"),
        (["--limit", "0"], "--limit is a number from 1 to 1000, not “0”"),
        (["--limit", "5000"], "--limit is a number from 1 to 1000, not “5000”"),
        (["--order", "random"], "--order is one of newest, oldest, shortest, longest, podcast, not “random”"),
        (["--longer-than", "long"], "--longer-than takes a length such as 20m, 1h or 1h30m, not “long”"),
        (["--within", "-3d"], "--within takes an age such as 12h, 14d or 2w, not “-3d”"),
        (["--podcast", "Alpha"], "--podcast takes a podcast's number, not “Alpha”"),
        (["--title", "--unplayed"], "--title needs a value"),
        (["--said", "?!"], "--said needs at least one word"),
        (["--starred", "--not-starred"], "--not-starred contradicts a rule given before it"),
        (["--longer-than", "1h", "--shorter-than", "20m"], "--longer-than is more than --shorter-than: no episode could be in the playlist"),
        (["--podcast", "3", "--not-podcast", "3"], "podcast 3 is both in --podcast and --not-podcast"),
    ])
    func badRulesAreRefusedInOnePlainLine(words: [String], message: String) {
        #expect(throws: PlaylistRuleError(message)) { try PlaylistRuleWords.parse(words) }
    }
}
