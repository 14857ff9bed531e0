/// Reads a plain-text transcript: one untimed segment per paragraph, paragraphs separated by blank lines
/// (LF, CRLF or CR), the lines of a paragraph joined by spaces. Nothing in the text is interpreted: no
/// character references, no `Name:` speakers, no times.
enum PlainTextTranscriptReader {
    static func segments(of document: [UInt8], limit: Int) throws(TranscriptDocumentError) -> [TranscriptSegment] {
        var segments = TranscriptSegmentList(limit: limit)
        var paragraph: Range<Int>?
        var start = 0
        while start < document.count {
            let end = document[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? document.count
            if document[start..<end].allSatisfy({ $0 <= 0x20 }) {
                if let words = paragraph { try segments.add(start: nil, end: nil, speaker: nil, text: document[words]) }
                paragraph = nil
            } else {
                paragraph = (paragraph?.lowerBound ?? start)..<end
            }
            start = end + 1
            if end < document.count, document[end] == 0x0D, start < document.count, document[start] == 0x0A { start += 1 }
        }
        if let words = paragraph { try segments.add(start: nil, end: nil, speaker: nil, text: document[words]) }
        return try segments.ordered()
    }
}
