import Testing
@testable import earshot

@Suite("What a person types to name a podcast or an episode")
struct NameResolutionTests {
    typealias Candidate = NameResolution.Candidate

    @Test func digitsAreANumberAndAnythingElseIsPartOfATitle() {
        #expect(Reference(argument: "12") == .id(12))
        #expect(Reference(argument: " 7 ") == .id(7))
        #expect(Reference(argument: "#12") == .id(12), "as the tables' # column shows it")
        #expect(Reference(argument: "#1 hits") == .text("#1 hits"))
        #expect(Reference(argument: "99% Invisible") == .text("99% Invisible"))
        #expect(Reference(argument: "0") == .text("0"))
        #expect(Reference(argument: "١٢") == .text("١٢"), "only ASCII digits are numbers")
        #expect(Reference(argument: "  ") == nil)
    }

    @Test func partOfATitleMatchesIgnoringCase() {
        let candidates = [Candidate(id: 1, title: "Daily News"), Candidate(id: 2, title: "Garden Talk")]
        #expect(NameResolution.matching("NEWS", in: candidates) == [candidates[0]])
        #expect(NameResolution.matching("radio", in: candidates).isEmpty)
    }

    @Test func oneMatchIsChosen() throws {
        #expect(try NameResolution.choose("garden", among: [Candidate(id: 3, title: "Garden Talk")], kind: .podcast) == 3)
    }

    @Test func amongSeveralTheOneWhoseWholeTitleIsTheTextWins() throws {
        let matches = [Candidate(id: 1, title: "News"), Candidate(id: 2, title: "News Hour")]
        #expect(try NameResolution.choose("news", among: matches, kind: .podcast) == 1)
    }

    @Test func noMatchSaysSo() {
        #expect(failureText { _ = try NameResolution.choose("radio", among: [], kind: .podcast) } == "no podcast matches “radio”")
        #expect(failureText { _ = try NameResolution.choose("radio", among: [], kind: .queuedEpisode) }
            == "no episode in Up Next matches “radio”")
    }

    @Test func anAmbiguousNameListsTheCandidatesWithTheirNumbers() {
        let matches = [Candidate(id: 7, title: "Daily News"), Candidate(id: 12, title: "News Hour", detail: "Radio")]
        let text = NameResolution.ambiguity("news", matches, kind: .episode)
        #expect(text == """
            “news” matches 2 episodes; give the number or more of the title:
               7  Daily News
              12  News Hour — Radio
            """)
    }

    @Test func anAmbiguousNameListsAtMostTenCandidates() {
        let matches = (1...14).map { Candidate(id: Int64($0), title: "Episode \($0)") }
        let lines = NameResolution.ambiguity("episode", matches, kind: .episode).split(separator: "\n")
        #expect(lines.count == 12)
        #expect(lines.last == "  … and 4 more")
    }
}
