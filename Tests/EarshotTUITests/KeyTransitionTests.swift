import EarshotTUI
import Testing

@Suite("Keys as state transitions")
struct KeyTransitionTests {
    @Test func enterOnAPodcastOpensItsEpisodesAndAsksForThem() {
        var state = Fixtures.state()
        #expect(state.handle(.enter) == [.load(.podcast(id: 1, title: "咖啡时间 Coffee Time"))])
        #expect(state.view == .podcast(id: 1, title: "咖啡时间 Coffee Time"))
        state.receiveEpisodes(Fixtures.episodes, of: 1)
        #expect(state.cursor.count == 3)
        #expect(state.handle(.character("h")) == [.load(.library)])
        #expect(state.view == .library)
    }

    @Test func vimKeysAndArrowsMoveAndGgAndGJumpToTheEnds() {
        var state = Fixtures.state()
        _ = state.handle(.character("j"))
        _ = state.handle(.down)
        #expect(state.cursor.selected == 2)
        _ = state.handle(.character("k"))
        #expect(state.cursor.selected == 1)
        _ = state.handle(.character("g"))
        #expect(state.cursor.selected == 1, "one g waits for the second")
        _ = state.handle(.character("g"))
        #expect(state.cursor.selected == 0)
        _ = state.handle(.character("G"))
        #expect(state.cursor.selected == 2)
    }

    @Test func enterOnAnEpisodePlaysItAndTheLetterKeysActOnTheSelectedOne() {
        var state = Fixtures.state()
        _ = state.handle(.enter)
        state.receiveEpisodes(Fixtures.episodes, of: 1)
        #expect(state.handle(.enter) == [.play(episode: 11)])
        #expect(state.handle(.character("s")) == [.star(11, false)], "already starred: s takes the star")
        #expect(state.handle(.character("m")) == [.mark(11, played: true)])
        #expect(state.handle(.character("d")) == [.download(11)])
        #expect(state.handle(.character("a")) == [.enqueue(11)])
        #expect(state.handle(.character("x")) == [.dequeue(11)])
        _ = state.handle(.down)
        #expect(state.handle(.character("m")) == [.mark(12, played: false)], "a played one is marked unplayed")
        #expect(state.handle(.character("x")) == [], "not queued: nothing to remove")
    }

    @Test func playerKeysAskTheDaemon() {
        var state = Fixtures.state()
        #expect(state.handle(.character(" ")) == [.togglePlay])
        #expect(state.handle(.character("f")) == [.seek(by: 30)])
        #expect(state.handle(.character("b")) == [.seek(by: -10)])
        #expect(state.handle(.character(">")) == [.next])
        #expect(state.handle(.character("<")) == [.previous])
        #expect(state.handle(.character("+")) == [.speed(by: 0.1)])
        #expect(state.handle(.character("-")) == [.speed(by: -0.1)])
        #expect(state.handle(.character("p")) == [.playPodcast(1)])
        #expect(state.handle(.character("q")) == [.quit])
    }

    @Test func upNextMovesTheSelectedEpisodeAtOnceAndAsksTheDaemonToMoveIt() {
        var state = Fixtures.state()
        #expect(state.handle(.character("2")) == [.load(.upNext)])
        state.receiveUpNext(Fixtures.episodes)
        #expect(state.handle(.character("J")) == [.move(11, to: 2)])
        #expect(state.upNext.map(\.id) == [12, 11, 13])
        #expect(state.cursor.selected == 1)
        #expect(state.handle(.character("K")) == [.move(11, to: 1)])
        #expect(state.handle(.character("K")) == [], "the first stays first")
        #expect(state.handle(.character("x")) == [.dequeue(11)])
    }

    @Test func xInTheInboxDismissesAndAQueues() {
        var state = Fixtures.state()
        _ = state.handle(.character("3"))
        state.receiveInbox(Array(Fixtures.episodes.prefix(2)))
        #expect(state.handle(.character("x")) == [.dismiss(11)])
        #expect(state.handle(.character("a")) == [.enqueue(11)])
    }

    @Test func findTypesAsYouGoDropsStaleAnswersAndEnterPlaysTheHit() {
        var state = Fixtures.state()
        #expect(state.handle(.character("/")) == [])
        #expect(state.view == .find && state.typing)
        #expect(state.handle(.character("c")) == [.find("c")])
        #expect(state.handle(.character("o")) == [.find("co")])
        state.receiveHits([FindHit(number: 1, podcastTitle: "P", episodeTitle: "E", place: "title", at: nil, snippet: "x")], for: "c")
        #expect(state.hits.isEmpty, "an answer for words no longer typed is dropped")
        let hit = FindHit(number: 4, podcastTitle: "P", episodeTitle: "Coffee", place: "transcript", at: 61, snippet: "\u{1}co\u{2}ffee")
        state.receiveHits([hit], for: "co")
        #expect(state.handle(.character("j")) == [.find("coj")], "while typing, letters are the query")
        #expect(state.handle(.backspace) == [.find("co")])
        state.receiveHits([hit], for: "co")
        #expect(state.handle(.enter) == [.playFound(number: 4)])
        #expect(!state.typing)
        #expect(state.handle(.character("q")) == [.quit])
    }

    @Test func aClickSelectsARowAndASecondClickOpensIt() {
        var state = Fixtures.state()
        #expect(state.handle(.click(row: 2)) == [])
        #expect(state.cursor.selected == 1)
        #expect(state.handle(.click(row: 2)) == [.load(.podcast(id: 2, title: Fixtures.podcasts[1].title))])
        #expect(state.handle(.click(row: 23)) == [], "the player bar is not a row")
    }

    @Test func tabGoesThroughTheTabsInTurn() {
        var state = Fixtures.state()
        #expect(state.handle(.tab) == [.load(.upNext)])
        #expect(state.handle(.tab) == [.load(.inbox)])
        _ = state.handle(.enter)
        #expect(state.view == .inbox)
    }

    @Test func questionMarkShowsEveryKeyAndAgainGoesBack() {
        var state = Fixtures.state()
        _ = state.handle(.character("?"))
        #expect(state.view == .help)
        #expect(state.frame(now: Fixtures.now).text.contains("gg  G"))
        _ = state.handle(.character("G"))
        #expect(state.frame(now: Fixtures.now).text.contains("quit (playback goes on)"))
        _ = state.handle(.character("?"))
        #expect(state.view == .library)
    }
}

@Suite("Directory search")
struct DirectorySearchTests {
    @Test func termsAreSearchedOnEnterAndEnterOnAShowSubscribes() {
        var state = Fixtures.state()
        #expect(state.handle(.character("8")) == [.load(.directory)])
        #expect(state.typing)
        for c in "coffee" { #expect(state.handle(.character(c)) == [], "the directories are asked on Enter, not at every letter") }
        #expect(state.handle(.enter) == [.search("coffee")])
        state.receiveShows([ShowItem(title: "Top show", author: "", url: "https://top.example/feed", episodes: 9, subscribed: false)], for: "")
        #expect(state.shows.isEmpty, "a late top list does not replace a search")
        state.receiveShows([ShowItem(title: "Coffee \u{202E}Talk", author: "Barista", url: "https://coffee.example/feed", episodes: 120, subscribed: true)],
                           for: "coffee")
        let row = state.frame(now: Fixtures.now).lines[1].text
        #expect(row.hasPrefix(" ✓ Coffee \\u{202E}Talk — Barista") && row.contains("120 ep."))
        #expect(state.handle(.enter) == [.subscribe(url: "https://coffee.example/feed")])
    }
}
