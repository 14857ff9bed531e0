import EarshotMPRIS
import Testing

/// `earshot find` run as a listener runs it: on a terminal the match is bold (the terminal's own
/// sequences, not their escapes), and what a feed wrote that would act on a terminal is still escaped.
@Suite("earshot find on a terminal")
struct FindCommandTests {
    static func hit(title: String, snippet: String) -> DBusValue {
        .vardict([
            ("number", .uint32(1)), ("podcast", .int64(1)), ("podcast_title", .string("Science Hour")),
            ("episode", .int64(2)), ("episode_title", .string(title)), ("place", .string("title")),
            ("snippet", .string(snippet)),
        ])
    }

    @Test func onATerminalTheMatchIsBoldAndFeedTextIsEscaped() throws {
        let library = FakeLibrary()
        library.findHits = [Self.hit(title: "Stonehenge \u{1B}[2J at dawn", snippet: "\u{1}Stonehenge\u{2} \u{1B}[31m at dawn")]
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["find", "stonehenge"], terminal: true)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout == """
              1  Science Hour · “Stonehenge \\u{1B}[2J at dawn” (episode 2)
                 title: \u{1B}[1mStonehenge\u{1B}[22m \\u{1B}[31m at dawn

            """, "\(run.stdout.debugDescription)")
    }

    @Test func throughAPipeTheMatchIsPlainAndFeedTextIsEscaped() throws {
        let library = FakeLibrary()
        library.findHits = [Self.hit(title: "Stonehenge at dawn", snippet: "\u{1}Stonehenge\u{2} \u{1B}[31m at dawn")]
        let earshot = try FakeEarshot(library: library)
        let run = try earshot.run(["find", "stonehenge"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
              1  Science Hour · “Stonehenge at dawn” (episode 2)
                 title: Stonehenge \\u{1B}[31m at dawn

            """)
    }
}
