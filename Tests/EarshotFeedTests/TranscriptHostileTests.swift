import EarshotFeed
import Foundation
import Testing

/// Transcripts written to hurt: each is read in bounded CPU time (a few seconds at most in a debug build;
/// well under a second in release) into sane segments or a named refusal.
@Suite("Hostile transcripts")
struct TranscriptHostileTests {
    /// The outcome of reading `bytes`, and the CPU seconds this thread spent reading it: the work done,
    /// which a busy machine does not stretch as it stretches the wall clock.
    private func read(_ bytes: [UInt8], type: String?) -> (Result<[TranscriptSegment], TranscriptDocumentError>, Double) {
        let start = Self.threadCPUSeconds()
        let result: Result<[TranscriptSegment], TranscriptDocumentError>
        do throws(TranscriptDocumentError) {
            result = .success(try TranscriptDocument.parse(bytes, type: type, url: nil))
        } catch {
            result = .failure(error)
        }
        return (result, Self.threadCPUSeconds() - start)
    }

    /// The CPU time the calling thread has used, in seconds.
    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static let quick = 8.0

    @Test(arguments: ["text/plain", "text/vtt", "application/x-subrip", "text/html", "application/json"])
    func aFiveMegabyteLineIsOneSegment(type: String) throws {
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 5_000_000)
        let document: [UInt8] = switch type {
        case "text/vtt": Array("WEBVTT\n\n00:01.000 --> 00:02.000\n".utf8) + line
        case "application/x-subrip": Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8) + line
        case "text/html": Array("<p>".utf8) + line
        case "application/json": Array(#"{"segments":[{"startTime":1,"body":""#.utf8) + line + Array(#""}]}"#.utf8)
        default: line
        }
        let (result, seconds) = read(document, type: type)
        #expect(seconds < Self.quick)
        #expect(try result.get().map(\.text.utf8.count) == [5_000_000])
    }

    @Test func aMillionBoldTagsInHTMLAreReadQuickly() throws {
        let document = Array("<p>".utf8) + Array(repeating: Array("<b>".utf8), count: 1_000_000).joined() + Array("words</p>".utf8)
        let (result, seconds) = read(document, type: "text/html")
        #expect(seconds < Self.quick)
        #expect(try result.get().map(\.text) == ["words"])
    }

    @Test func aMillionStrayEndTagsUnderDeepNestingAreReadQuickly() throws {
        let document = Array(repeating: Array("<div><b>".utf8), count: 300).joined() + Array("x".utf8)
            + Array(repeating: Array("</i>".utf8), count: 1_000_000).joined()
        let (result, seconds) = read(Array(document), type: "text/html")
        #expect(seconds < Self.quick)
        #expect(try result.get().map(\.text) == ["x"])
    }

    @Test func aMillionTagsInACueAreReadQuickly() throws {
        let document = Array("WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann>".utf8)
            + Array(repeating: Array("<b><i><c.x>".utf8), count: 350_000).joined() + Array("words".utf8)
        let (result, seconds) = read(document, type: "text/vtt")
        #expect(seconds < Self.quick)
        #expect(try result.get() == [TranscriptSegment(start: 1, end: 2, speaker: "Ann", text: "words")])
    }

    @Test func unclosedMarkupIsTextOrTheRestOfTheDocumentNeverARescan() throws {
        let cue = Array("WEBVTT\n\n00:01.000 --> 00:02.000\n".utf8) + Array(repeating: Array("<a{\\&".utf8), count: 400_000).joined()
        let (vtt, vttSeconds) = read(cue, type: "text/vtt")
        #expect(vttSeconds < Self.quick)
        #expect(try vtt.get().count == 1)
        for html in ["<p>before</p><!-- never closed <p>after</p>", "<p>before</p><p title=\"never closed>after</p>",
                     "<p>before</p><script>never closed <p>after</p>", "<p>before</p><!DOCTYPE never closed"] {
            let (result, _) = read(Array(html.utf8), type: "text/html")
            #expect(try result.get().map(\.text) == ["before"], "\(html)")
        }
    }

    @Test func anUnterminatedCueKeepsItsWords() throws {
        let (result, _) = read(Array("WEBVTT\n\n00:01.000 --> 00:02.000\n<v Bob".utf8), type: "text/vtt")
        #expect(try result.get() == [TranscriptSegment(start: 1, end: 2, text: "<v Bob")])
        let (timingOnly, _) = read(Array("WEBVTT\n\n00:01.000 --> 00:02.000".utf8), type: "text/vtt")
        #expect(throws: TranscriptDocumentError.empty) { try timingOnly.get() }
    }

    @Test func negativeMalformedAndHugeCueTimesNeverMakeImpossibleSegments() throws {
        let vtt = """
            WEBVTT

            -00:00:01.000 --> 00:00:02.000
            signed

            00:00:01.000 --> 00:00:00.500
            ends before it starts

            999999999:00:00.000 --> 999999999:00:01.000
            far too late

            00:00:01.0000000000 --> 00:00:02.000
            too many digits

            00:00:03.000 --> 00:00:04.000
            fine
            """
        let (result, _) = read(Array(vtt.utf8), type: "text/vtt")
        #expect(try result.get() == [
            TranscriptSegment(start: 1, end: nil, text: "ends before it starts"),
            TranscriptSegment(start: nil, end: nil, text: "far too late"),
            TranscriptSegment(start: 3, end: 4, text: "fine"),
        ])
    }

    @Test func jsonWithNaNInfinityAndWrongKindsKeepsTheWordsWithoutTimes() throws {
        let json = #"{"segments": [{"startTime": "NaN", "endTime": "inf", "speaker": 7, "body": "one"}, "#
            + #"{"startTime": [1], "endTime": {"a": 1}, "speaker": null, "body": "two"}, {"startTime": 1, "body": 3}]}"#
        let (result, _) = read(Array(json.utf8), type: "application/json")
        #expect(try result.get() == [TranscriptSegment(speaker: "7", text: "one"), TranscriptSegment(text: "two")])
    }

    @Test func jsonNestedTwoHundredThousandDeepIsRefusedWithoutExhaustingTheStack() {
        let json = Array(repeating: UInt8(ascii: "["), count: 200_000) + Array(repeating: UInt8(ascii: "]"), count: 200_000)
        let (result, seconds) = read(#"{"segments":"#.utf8 + json + "}".utf8, type: "application/json")
        #expect(seconds < Self.quick)
        #expect(throws: TranscriptDocumentError.self) { try result.get() }
    }

    @Test(arguments: ["text/plain", "text/vtt", "application/json"])
    func moreSegmentsThanTheLimitIsRefusedByName(type: String) {
        let count = TranscriptDocument.maximumSegments + 1
        let document: [UInt8] = switch type {
        case "text/vtt": Array("WEBVTT\n".utf8) + Array(repeating: Array("\n00:01.000 --> 00:02.000\nx\n".utf8), count: count).joined()
        case "application/json": Array(#"{"segments":["#.utf8) + Array(repeating: Array(#"{"body":"x"},"#.utf8), count: count).joined()
            + Array(#"{"body":"x"}]}"#.utf8)
        default: Array(Array(repeating: Array("x\n\n".utf8), count: count).joined())
        }
        let (result, seconds) = read(document, type: type)
        #expect(seconds < Self.quick)
        #expect(throws: TranscriptDocumentError.tooManySegments(limit: TranscriptDocument.maximumSegments)) { try result.get() }
    }

    @Test func moreThanTheLargestDocumentIsRefusedUnread() {
        let (result, seconds) = read([UInt8](repeating: 0x20, count: TranscriptDocument.maximumBytes + 1), type: nil)
        #expect(seconds < 1)
        #expect(throws: TranscriptDocumentError.tooLarge(limit: TranscriptDocument.maximumBytes)) { try result.get() }
    }

    @Test func randomBytesAreReadAsSomethingOrRefusedNeverACrash() {
        var generator = SystemRandomNumberGenerator()
        for type in [nil, "text/vtt", "application/x-subrip", "text/html", "application/json", "text/plain"] {
            for _ in 0..<20 {
                let bytes = (0..<Int.random(in: 0..<4096, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let (result, _) = read(bytes, type: type)
                if case .success(let segments) = result {
                    #expect(segments.allSatisfy { !$0.text.isEmpty && $0.text.first != " " && $0.text.last != " " })
                }
            }
        }
    }
}
