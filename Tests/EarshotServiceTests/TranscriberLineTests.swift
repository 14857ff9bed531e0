import EarshotCore
import EarshotFeed
@testable import EarshotService
import Testing

/// The transcriber's lines as the daemon reads them: what it is, stretches of speech, the end, its
/// errors; anything else (or out of bounds) is not a line of the protocol.
@Suite("The transcriber's protocol")
struct TranscriberLineTests {
    @Test func theDescribeLineNamesTheEngineItsModelAndLanguages() {
        let line = TranscriberLine(#"{"engine":"moonshine","model":"base-en","version":"0.1.4","languages":["en"],"sampleRate":16000}"#)
        #expect(line == .describe(EngineDescription(engine: "moonshine", model: "base-en", version: "0.1.4", languages: ["en"], sampleRate: 16_000)))
    }

    @Test func aSegmentTheEndAndAnErrorAreRead() {
        #expect(TranscriberLine(#"{"start":12.34,"end":15.1,"text":"hello there"}"#)
            == .segment(TranscriptSegment(start: 12.34, end: 15.1, text: "hello there")))
        #expect(TranscriberLine(#"{"done":true,"seconds":3600}"#) == .done(seconds: 3600))
        #expect(TranscriberLine(#"{"error":"the model's hash does not match"}"#) == .error("the model's hash does not match"))
    }

    @Test func linesOutsideTheProtocolOrWithImpossibleTimesAreNotRead() {
        #expect(TranscriberLine("not json") == nil)
        #expect(TranscriberLine(#"{"start":5,"end":2,"text":"backwards"}"#) == nil)
        #expect(TranscriberLine(#"{"start":-1,"end":2,"text":"before the start"}"#) == nil)
        #expect(TranscriberLine(#"{"start":1e300,"end":1e301,"text":"far"}"#) == nil)
        #expect(TranscriberLine(#"{"something":"else"}"#) == nil)
        #expect(TranscriberLine(Substring(String(repeating: "x", count: 70_000))) == nil)
    }
}
