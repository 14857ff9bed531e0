import EarshotFeed
import Foundation
import Testing

/// Each transcript format read from a fixture with the quirks real files have.
@Suite("Transcript files: JSON, WebVTT, SubRip, HTML and plain text")
struct TranscriptFormatTests {
    private func parse(_ fixture: String, type: String? = nil) throws -> [TranscriptSegment] {
        try TranscriptDocument.parse(Fixture.bytes("transcripts/" + fixture), type: type,
                                     url: URL(string: "https://example.com/transcripts/" + fixture))
    }

    private func segment(_ start: Double?, _ end: Double?, _ speaker: String?, _ text: String) -> TranscriptSegment {
        TranscriptSegment(start: start, end: end, speaker: speaker, text: text)
    }

    @Test func jsonSegmentsKeepSpeakersAndTakeTimesWrittenAsNumbersTextOrClockTimes() throws {
        #expect(try parse("speakers.json", type: "application/json") == [
            segment(0.5, 4.25, "Maren", "Welcome back to Harbour Lights, the show about lighthouses."),
            segment(4.25, 9, "Maren", "Today: the keepers who stayed."),
            segment(9.5, nil, "Olu", "Thanks for having me."),
            segment(12.75, 15, "Olu", "It started with a storm."),
            segment(16, 17, nil, "(wind)"),
            segment(19, 21, "Maren", "A storm &amp; a promise."),
        ])
    }

    @Test func jsonWithoutSpeakersIsOrderedByStartAndImpossibleTimesCountAsAbsent() throws {
        #expect(try parse("no-speakers.json") == [
            segment(1, 2, nil, "First words,"),
            segment(nil, nil, nil, "a time that is not a number"),
            segment(nil, nil, nil, "negative and huge"),
            segment(2, nil, nil, "an end before its start"),
            segment(2, nil, nil, "spoken at two seconds too."),
            segment(30, 31.5, nil, "and that was the end."),
        ])
    }

    @Test func jsonAsABareListOfSegmentsIsReadWhenNamedAsJSON() throws {
        let segments = try TranscriptDocument.parse(Array(#"[{"startTime": 1, "body": "Hello"}]"#.utf8), type: "application/json", url: nil)
        #expect(segments == [segment(1, nil, nil, "Hello")])
    }

    @Test func webVTTWithStylesNotesRegionsSettingsAndMarkupGivesSpeakersFromVoiceSpans() throws {
        #expect(try parse("styled.vtt", type: "text/vtt") == [
            segment(0.5, 4.25, "Maren", "Welcome back to Harbour Lights, the show about lighthouses."),
            segment(4.25, 9, "Maren", "Today: the keepers & the storms."),
            segment(9.5, 12, "Olu", "Thanks for having me."),
            segment(12.75, 15, "Maren", "Did you sleep?"),
            segment(12.75, 15, "Olu", "Not once."),
            segment(15, 16, "Olu", "Not once in a week."),
            segment(16, 17, nil, "\u{200E}(wind) <gusts>"),
        ])
    }

    @Test func webVTTCuesOutOfOrderComeOutByStartAndAdjacentCuesOfOneSpeakerStaySeparate() throws {
        let vtt = "WEBVTT\n\n00:05.000 --> 00:06.000\n<v A>third\n\n00:01.000 --> 00:02.000\n<v A>first\n\n00:02.000 --> 00:03.000\n<v A>second\n"
        let segments = try TranscriptDocument.parse(Array(vtt.utf8), type: nil, url: nil)
        #expect(segments.map(\.text) == ["first", "second", "third"])
        #expect(segments.allSatisfy { $0.speaker == "A" })
    }

    @Test func webVTTWithCROnlyLineEndingsIsRead() throws {
        let vtt = "WEBVTT\r\r1\r00:00:01.000 --> 00:00:02.000\r<v Ann>Hi.\r\r00:00:02.000 --> 00:00:03.000\rBye.\r"
        #expect(try TranscriptDocument.parse(Array(vtt.utf8), type: "text/vtt", url: nil) == [
            segment(1, 2, "Ann", "Hi."), segment(2, 3, nil, "Bye."),
        ])
    }

    @Test func subRipWithBOMCRLFCommaAndPointDecimalsMissingNumbersAndTagsIsRead() throws {
        #expect(try parse("windows.srt", type: "application/x-subrip") == [
            segment(0.5, 4.25, nil, "Welcome back to Harbour Lights, the show about lighthouses."),
            segment(4.25, 9, nil, "Today: the keepers and the storms."),
            segment(9.5, 12, nil, "Thanks for having me."),
            segment(12.75, 15, nil, "It started with a storm that lasted a week."),
            segment(15, 16, nil, "1953"),
        ])
    }

    @Test func subRipFollowingPodcasting20sSpeakerConventionGivesSpeakersThatCarryOver() throws {
        #expect(try parse("speaker-names.srt") == [
            segment(0, 2.76, "Maren", "Welcome back to Harbour Lights, the show about lighthouses."),
            segment(2.76, 6.09, "Maren", "Today we talk about the keepers who stayed through the storms."),
            segment(6.09, 9, "Olu Ade", "Thanks for having me."),
            segment(9, 12, "Maren", "So, how did it start?"),
        ])
    }

    @Test func subRipWithOneWordBeforeAColonKeepsItsTextAsWritten() throws {
        #expect(try parse("note.srt") == [
            segment(0, 3, nil, "Note: this episode was recorded at sea."),
            segment(3, 6, nil, "Welcome back to Harbour Lights."),
        ])
    }

    @Test func subRipInWindows1252OrUTF16IsDecoded() throws {
        #expect(try parse("cp1252.srt").map(\.text) == ["Café “Leuchtturm” – naïve søster"])
        #expect(try parse("utf16.srt").map(\.text) == ["Grüße aus dem Leuchtturm 💡"])
    }

    @Test func htmlWithCiteAndTimeBeforeParagraphsGivesSpeakersAndStarts() throws {
        #expect(try parse("cited.html", type: "text/html") == [
            segment(0, nil, "Maren", "Welcome back to Harbour Lights, the show about lighthouses."),
            segment(9, nil, "Olu", "Thanks for having me."),
            segment(3723, nil, nil, "A paragraph with a time and no speaker."),
            segment(nil, nil, nil, "A paragraph with neither."),
        ])
    }

    @Test func htmlWithMarkupGivesOneSegmentPerBlockWithoutScriptsCommentsOrTitle() throws {
        #expect(try parse("article.html").map(\.text) == [
            "Harbour Lights – episode 12",
            "Maren: Welcome back to Harbour Lights, the show about lighthouses.",
            "Today: the keepers & the storms — and a quote from The Keeper's Log.",
            "First point",
            "Second point",
            "Last words.",
        ])
    }

    @Test func plainTextGivesOneUntimedSegmentPerParagraph() throws {
        #expect(try parse("paragraphs.txt", type: "text/plain") == [
            segment(nil, nil, nil, "Welcome back to Harbour Lights, the show about lighthouses."),
            segment(nil, nil, nil, "Today: the keepers and the storms."),
            segment(nil, nil, nil, "[Music]"),
            segment(nil, nil, nil, "Thanks for listening."),
        ])
    }
}
