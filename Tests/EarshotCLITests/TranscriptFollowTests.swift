import EarshotMPRIS
import Testing
@testable import earshot

/// `earshot transcript --follow` without a daemon: which line is spoken at a moment, when the next one
/// comes at the playhead's rate, what is printed as the playhead plays on or jumps, how it looks on a
/// terminal and in a pipe, and which of the daemon's signals wake it.
@Suite("Following a transcript as it is spoken")
struct TranscriptFollowTests {
    /// A transcript line as Transcript gives it.
    static func line(_ start: Double?, _ text: String, speaker: String? = nil) -> TranscriptLine {
        var entries: [(String, DBusValue)] = [("text", .string(text))]
        if let start { entries.append(("start", .double(start))) }
        if let speaker { entries.append(("speaker", .string(speaker))) }
        return TranscriptLine(Vardict(.vardict(entries))!)
    }

    /// Ten lines, "line 1" at 0:01 to "line 10" at 0:10.
    static let tenLines = TranscriptTimeline((1...10).map { line(Double($0), "line \($0)") })

    static func playing(at position: Double, rate: Double = 1, trimming: Bool = false) -> Playhead {
        Playhead(position: position, rate: rate, playing: true, trimming: trimming)
    }

    // MARK: The timeline

    @Test func theLineSpokenIsTheLastToHaveBegunUntilTheNextBegins() {
        let timeline = Self.tenLines
        #expect(timeline.spokenIndex(at: 0) == nil)
        #expect(timeline.spokenIndex(at: 0.5) == nil)
        #expect(timeline.spokenIndex(at: 1) == 0)
        #expect(timeline.spokenIndex(at: 1.5) == 0)
        #expect(timeline.spokenIndex(at: 2.98) == 2, "a few milliseconds short of a start counts as there")
        #expect(timeline.spokenIndex(at: 9.9) == 8)
        #expect(timeline.spokenIndex(at: 600) == 9, "the last line stays spoken to the end")
    }

    @Test func untimedParagraphsAreLeftOutAndLinesAreOrderedByStart() {
        let timeline = TranscriptTimeline([Self.line(3, "c"), Self.line(nil, "untimed"), Self.line(1, "a"), Self.line(3, "d"),
                                           Self.line(.nan, "broken"), Self.line(2, "b")])
        #expect(timeline.lines.map(\.text) == ["a", "b", "c", "d"])
        #expect(TranscriptTimeline([Self.line(nil, "A paragraph."), Self.line(nil, "Another.")]).isEmpty)
        #expect(TranscriptTimeline([]).isEmpty)
    }

    @Test func theNextLineIsWaitedForAtThePlayheadsRate() {
        let timeline = Self.tenLines
        #expect(timeline.wait(from: Self.playing(at: 1.5)) == .milliseconds(500))
        #expect(timeline.wait(from: Self.playing(at: 1.5, rate: 2)) == .milliseconds(250))
        #expect(timeline.wait(from: Self.playing(at: 0)) == .seconds(1))
        #expect(timeline.wait(from: Playhead(position: 1.5, rate: 1, playing: false, trimming: false)) == nil, "paused: no timer")
        #expect(timeline.wait(from: Self.playing(at: 1.5, rate: 0)) == nil)
        #expect(timeline.wait(from: Self.playing(at: 10.2)) == nil, "nothing begins after the last line")
    }

    @Test func whileSilencesAreTrimmedTheWaitIsHalvedButNotBelowAQuarterSecond() {
        let timeline = TranscriptTimeline([Self.line(20, "later")])
        func milliseconds(at position: Double) -> Double? {
            timeline.wait(from: Self.playing(at: position, trimming: true)).map { ($0.inSeconds * 1000).rounded() }
        }
        #expect(milliseconds(at: 10) == 5000)
        #expect(milliseconds(at: 19.4) == 300)
        #expect(milliseconds(at: 19.48) == 260)
        #expect(milliseconds(at: 19.49) == 255)
        #expect(milliseconds(at: 19.6) == 400, "a wait of half a second or less is kept whole")
        #expect(milliseconds(at: 19.9) == 100)
    }

    // MARK: What is printed

    @Test func followingStartsWithThreeLinesOfContextAndTheLineSpoken() {
        var cursor = TranscriptCursor(Self.tenLines)
        let lines = Self.tenLines.lines
        #expect(cursor.move(to: 6.5, seeked: false) == [.line(lines[2]), .line(lines[3]), .line(lines[4]), .spoken(lines[5])])
        var early = TranscriptCursor(Self.tenLines)
        #expect(early.move(to: 2.2, seeked: false) == [.line(lines[0]), .spoken(lines[1])], "fewer lines before the second")
    }

    @Test func startingBeforeTheFirstLinePrintsNothingUntilItBegins() {
        var cursor = TranscriptCursor(Self.tenLines)
        #expect(cursor.move(to: 0, seeked: false).isEmpty)
        #expect(cursor.move(to: 0.6, seeked: false).isEmpty)
        #expect(cursor.move(to: 1, seeked: false) == [.spoken(Self.tenLines.lines[0])])
    }

    @Test func playingOnPrintsEachLineOnceWhenItBegins() {
        var cursor = TranscriptCursor(Self.tenLines)
        let lines = Self.tenLines.lines
        _ = cursor.move(to: 6.5, seeked: false)
        #expect(cursor.move(to: 6.9, seeked: false).isEmpty)
        #expect(cursor.move(to: 7, seeked: false) == [.spoken(lines[6])])
        #expect(cursor.move(to: 7.2, seeked: true).isEmpty, "a seek within the line spoken changes nothing")
        #expect(cursor.move(to: 9.1, seeked: false) == [.line(lines[7]), .spoken(lines[8])], "lines passed by a late look")
        #expect(cursor.move(to: 10, seeked: true) == [.spoken(lines[9])], "a seek to the next line reads as playing on")
    }

    @Test func aSeekElsewherePrintsASeparatorAndTheLinesBeforeTheMoment() {
        var cursor = TranscriptCursor(Self.tenLines)
        let lines = Self.tenLines.lines
        _ = cursor.move(to: 7, seeked: false)
        #expect(cursor.move(to: 3.5, seeked: true) == [.separator(at: 3.5), .line(lines[0]), .line(lines[1]), .spoken(lines[2])])
        #expect(cursor.move(to: 5.5, seeked: true) == [.separator(at: 5.5), .line(lines[1]), .line(lines[2]), .line(lines[3]),
                                                       .spoken(lines[4])], "two lines ahead is a jump after a seek")
        #expect(cursor.move(to: 0.2, seeked: true) == [.separator(at: 0.2)], "before the first line: only the separator")
        #expect(cursor.move(to: 1, seeked: false) == [.spoken(lines[0])])
    }

    @Test func moreLinesThanTheContextHoldsReadsAsAJumpEvenWithoutASeek() {
        var cursor = TranscriptCursor(Self.tenLines)
        let lines = Self.tenLines.lines
        _ = cursor.move(to: 1, seeked: false)
        #expect(cursor.move(to: 5, seeked: false) == [.line(lines[1]), .line(lines[2]), .line(lines[3]), .spoken(lines[4])])
        #expect(cursor.move(to: 10, seeked: false) == [.separator(at: 10), .line(lines[6]), .line(lines[7]), .line(lines[8]),
                                                      .spoken(lines[9])])
        #expect(cursor.move(to: 2, seeked: false).first == .separator(at: 2), "going back is always a jump")
    }

    @Test func followTakesNeitherAnEpisodeNorJSON() throws {
        let earshot = try FakeEarshot()
        let named = try earshot.run(["transcript", "--follow", "21"])
        #expect(named.status == 64 && named.stderr.contains("--follow follows the episode playing"), "\(named.stderr)")
        let json = try earshot.run(["transcript", "--follow", "--json"])
        #expect(json.status == 64 && json.stderr.contains("--json prints a whole transcript"), "\(json.stderr)")
        #expect(earshot.library.calls.isEmpty)
    }

    // MARK: How it looks

    @Test func toAPipeEveryLineIsPlainAsTranscriptPrintsIt() {
        var display = FollowDisplay(terminal: false)
        let first = Self.line(1, "Welcome.", speaker: "Ada"), second = Self.line(20, "Quantum.", speaker: "Grace")
        let episode = EpisodeRecord(id: 4, title: "Spoken episode")
        #expect(display.render([.episode(episode, podcast: "Spoken Show"), .line(first), .spoken(second)], columns: 80)
                == "== Spoken episode — Spoken Show (episode 4) ==\n[0:01] Ada: Welcome.\n[0:20] Grace: Quantum.\n")
        #expect(display.render([.separator(at: 750.4), .spoken(first)], columns: 80) == "— 12:30 —\n[0:01] Ada: Welcome.\n")
        #expect(display.settle() == "")
    }

    @Test func onATerminalTheSpokenLineIsBoldAndRedrawnPlainOverEveryRowItWrappedTo() {
        var display = FollowDisplay(terminal: true)
        let context = Self.line(1, "Hi."), long = Self.line(2, String(repeating: "word ", count: 9) + "end")
        // "▶ [0:02] " and 48 characters: 57 columns, three rows of 20.
        #expect(display.render([.line(context), .spoken(long)], columns: 20)
                == "  [0:01] Hi.\n\u{1B}[1m▶ [0:02] \(long.text)\u{1B}[22m\n")
        #expect(display.render([.spoken(Self.line(3, "Next."))], columns: 80)
                == "\u{1B}[3F\u{1B}[J  [0:02] \(long.text)\n\u{1B}[1m▶ [0:03] Next.\u{1B}[22m\n")
        #expect(display.settle() == "\u{1B}[1F\u{1B}[J  [0:03] Next.\n", "a short line takes one row")
        #expect(display.settle() == "", "settled once")
        #expect(display.render([], columns: 80) == "")
    }

    @Test func feedTextCannotActOnTheTerminal() {
        var display = FollowDisplay(terminal: true)
        let hostile = Self.line(1, "red \u{1B}[31m text", speaker: "Eve\u{1B}[2J")
        let text = display.render([.episode(EpisodeRecord(id: 1, title: "Bad \u{1B}]0;title\u{7}"), podcast: nil), .spoken(hostile)],
                                  columns: 80)
        #expect(text == "== Bad \\u{1B}]0;title\\u{7} (episode 1) ==\n"
                + "\u{1B}[1m▶ [0:01] Eve\\u{1B}[2J: red \\u{1B}[31m text\u{1B}[22m\n")
    }

    // MARK: What wakes it

    @Test func onlySeeksAndChangesOfEpisodePlayStateOrRateWakeFollowing() throws {
        let path = MPRISAdapter.objectPath, properties = "org.freedesktop.DBus.Properties"
        func changed(_ keys: [String], invalidated: [String] = [], interface: String = MPRISAdapter.playerInterface) throws -> PlayerSignal? {
            PlayerSignal(try BusMessage.signal(path: path, interface: properties, member: "PropertiesChanged", arguments: [
                .string(interface), .vardict(keys.map { ($0, .boolean(true)) }), .stringArray(invalidated),
            ]))
        }
        #expect(PlayerSignal(try BusMessage.signal(path: path, interface: MPRISAdapter.playerInterface, member: "Seeked",
                                                   arguments: [.int64(30_000_000)])) == .seeked)
        #expect(PlayerSignal(try BusMessage.signal(path: "/elsewhere", interface: MPRISAdapter.playerInterface, member: "Seeked",
                                                   arguments: [.int64(0)])) == nil)
        for key in ["Metadata", "PlaybackStatus", "Rate"] { #expect(try changed([key, "Volume"]) == .changed, "\(key)") }
        #expect(try changed([], invalidated: ["Metadata"]) == .changed)
        #expect(try changed(["Volume", "CanGoNext"]) == nil)
        #expect(try changed(["Metadata"], interface: MPRISAdapter.rootInterface) == nil)
        #expect(PlayerSignal(try BusMessage.signal(path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                                                   member: "NameOwnerChanged",
                                                   arguments: [.string(EarshotBus.name), .string(":1.4"), .string("")])) == nil,
                "a quit is believed only from the bus itself")
    }
}
