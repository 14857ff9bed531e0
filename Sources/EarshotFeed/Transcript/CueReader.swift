/// Reads the cues of a WebVTT or SubRip document, a line at a time (LF, CRLF or CR), keeping nothing but
/// the cue being read.
///
/// A cue starts at a timing line, `start --> end` (settings after the end are ignored; times as
/// `TranscriptTime` reads them, so a WebVTT file with SubRip's commas, or the reverse, is read too), and
/// its text is the lines after it. A line that is not a timing line and comes before any cue is
/// ignored: the `WEBVTT` header and its lines, cue identifiers, SubRip's cue numbers.
///
/// - WebVTT: a blank line ends a cue; `NOTE`, `STYLE` and `REGION` blocks are skipped whole (even when
///   one holds `-->`). The `WEBVTT` header itself is not required.
/// - SubRip: a cue's text runs until the next timing line, blank lines included (some files have blank
///   lines inside a cue), except for the cue number just before that timing line: a line of digits that
///   starts a block (follows a blank line). A missing number does no harm.
///
/// Each cue's words go through `CueText`, so `<v Name>` names the speaker in either format. SubRip
/// itself has no convention for speakers, and a leading `Name:` is not guessed to be one (`Note: …`
/// and `Warning: …` are words): such text stays as written.
struct CueReader {
    enum Dialect { case webVTT, subRip }

    private let dialect: Dialect
    private var segments: TranscriptSegmentList
    /// The cue being read: its times and where its committed text starts and ends in the document.
    private var cue: (start: Double, end: Double, text: Range<Int>?)?
    /// The position of the current line in its block (0: the first line after a blank line).
    private var lineInBlock = 0
    /// Whether the current block is a NOTE, STYLE or REGION block (WebVTT).
    private var skippingBlock = false
    /// A SubRip line of digits that starts a block: the next cue's number, or text if no timing follows.
    private var possibleNumber: Range<Int>?

    /// The segments of the WebVTT or SubRip `document` (UTF-8, no byte order mark).
    static func segments(of document: [UInt8], as dialect: Dialect, limit: Int) throws(TranscriptDocumentError) -> [TranscriptSegment] {
        var reader = CueReader(dialect: dialect, segments: TranscriptSegmentList(limit: limit))
        var start = 0
        while start < document.count {
            let end = document[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? document.count
            try reader.read(line: start..<end, of: document)
            start = end + 1
            if end < document.count, document[end] == 0x0D, start < document.count, document[start] == 0x0A { start += 1 }
        }
        try reader.finishCue(document)
        return try reader.segments.ordered()
    }

    private mutating func read(line: Range<Int>, of document: [UInt8]) throws(TranscriptDocumentError) {
        let text = TranscriptTime.trimmed(document[line])
        if text.isEmpty {
            lineInBlock = 0
            skippingBlock = false
            if dialect == .webVTT { try finishCue(document) }
            return
        }
        defer { lineInBlock += 1 }
        if skippingBlock { return }
        if dialect == .webVTT, lineInBlock == 0, Self.startsSkippedBlock(text) {
            try finishCue(document)
            skippingBlock = true
            return
        }
        if let timing = TranscriptTime.cueTiming(text) {
            possibleNumber = nil
            try finishCue(document)
            cue = (timing.start, timing.end, nil)
            return
        }
        if dialect == .subRip {
            if let number = possibleNumber {
                possibleNumber = nil
                commit(number)
            }
            if lineInBlock == 0, text.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                possibleNumber = line
                return
            }
        }
        commit(line)
    }

    /// Adds the line at `line` to the cue's text, when a cue is being read.
    private mutating func commit(_ line: Range<Int>) {
        guard let current = cue else { return }
        cue = (current.start, current.end, (current.text?.lowerBound ?? line.lowerBound)..<line.upperBound)
    }

    private mutating func finishCue(_ document: [UInt8]) throws(TranscriptDocumentError) {
        if let number = possibleNumber {
            possibleNumber = nil
            commit(number)
        }
        guard let current = cue else { return }
        cue = nil
        guard let range = current.text else { return }
        for piece in CueText(document[range]).pieces {
            try segments.add(start: current.start, end: current.end, speaker: piece.speaker, text: piece.text)
        }
    }

    /// Whether `line`, the first of a block, starts a WebVTT comment, style sheet or region definition.
    private static func startsSkippedBlock(_ line: ArraySlice<UInt8>) -> Bool {
        ["NOTE", "STYLE", "REGION"].contains { keyword in
            line.starts(with: keyword.utf8)
                && (line.count == keyword.utf8.count || TranscriptTime.isSpace(line[line.startIndex + keyword.utf8.count]))
        }
    }
}
