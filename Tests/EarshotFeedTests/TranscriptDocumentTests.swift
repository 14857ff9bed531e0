import EarshotFeed
import Foundation
import Testing

/// How a transcript's format is decided, and the named refusals of documents that give no transcript.
@Suite("Transcript documents: format and refusals")
struct TranscriptDocumentTests {
    private func format(_ type: String?, _ url: String?, _ text: String) -> TranscriptFormat {
        TranscriptDocument.format(type: type, url: url.flatMap(URL.init(string:)), bytes: Array(text.utf8))
    }

    @Test func theMediaTypeDecidesWithParametersAndAnyCase() {
        #expect(format("application/json", nil, "WEBVTT") == .json)
        #expect(format("text/vtt; charset=utf-8", nil, "") == .webVTT)
        #expect(format("Application/X-SubRip", nil, "") == .subRip)
        #expect(format("application/srt", nil, "") == .subRip)
        #expect(format("text/srt", nil, "") == .subRip)
        #expect(format("text/html;charset=ISO-8859-1", nil, "") == .html)
    }

    @Test func plainTextOrAnUnknownTypeDefersToTheExtensionThenTheContent() {
        #expect(format("text/plain", "https://example.com/12.vtt", "") == .webVTT)
        #expect(format("application/octet-stream", "https://example.com/12.SRT?x=1", "") == .subRip)
        #expect(format(nil, "https://example.com/12.json", "") == .json)
        #expect(format("text/plain", "https://example.com/12", "\u{FEFF}WEBVTT\n") == .webVTT)
        #expect(format("text/plain", "https://example.com/12", "WEBVTT\n\n00:01.000 --> 00:02.000\nHi") == .webVTT)
        #expect(format("text/plain", nil, "1\n00:00:01,000 --> 00:00:02,000\nHi") == .subRip)
        #expect(format(nil, nil, "  {\"segments\": []}") == .json)
        #expect(format(nil, nil, "<p>Hi</p>") == .html)
        #expect(format("text/plain", nil, "[Music] Welcome back.") == .plainText)
        #expect(format(nil, nil, "<3 this show") == .plainText)
    }

    @Test func aUTF8ByteOrderMarkBeforeTheHeaderIsSniffedThrough() throws {
        let vtt: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("WEBVTT\n\n00:01.000 --> 00:02.000\nHi".utf8)
        #expect(try TranscriptDocument.parse(vtt, type: "application/octet-stream", url: nil)
            == [TranscriptSegment(start: 1, end: 2, text: "Hi")])
    }

    @Test func documentsWithoutTextAreRefusedAsEmpty() {
        for text in ["", " \n\t ", "WEBVTT\n\nNOTE nothing here\n", "{\"version\": \"1.0.0\", \"segments\": []}", "<html><p> </p></html>"] {
            #expect(throws: TranscriptDocumentError.empty, "\(text)") {
                try TranscriptDocument.parse(Array(text.utf8), type: nil, url: nil)
            }
        }
    }

    @Test func jsonThatIsNotATranscriptSaysWhy() {
        #expect(throws: TranscriptDocumentError.notATranscript("not JSON")) {
            try TranscriptDocument.parse(Array("<html>Not found</html>".utf8), type: "application/json", url: nil)
        }
        #expect(throws: TranscriptDocumentError.notATranscript("JSON without a list of \"segments\"")) {
            try TranscriptDocument.parse(Array(#"{"version": "1.0.0", "chapters": []}"#.utf8), type: "application/json", url: nil)
        }
    }

    @Test func refusalsReadAsPlainWords() {
        #expect(TranscriptDocumentError.empty.description == "the transcript has no text")
        #expect(TranscriptDocumentError.tooLarge(limit: 16 << 20).description == "the transcript is larger than 16 MiB")
        #expect(TranscriptDocumentError.tooManySegments(limit: 200_000).description == "the transcript has more than 200000 segments")
        #expect(TranscriptDocumentError.notATranscript("not JSON").description == "the transcript cannot be read: not JSON")
    }
}
