/// Reads an HTML transcript: one untimed segment per paragraph (`<p>`, and every other block: `<div>`,
/// `<li>`, headings, table cells…), in document order.
///
/// Podcasting 2.0's HTML transcripts put the speaker in `<cite>` and the start in `<time>` before each
/// paragraph (`<cite>Kevin:</cite> <time>0:09</time> <p>…</p>`): these become the next paragraph's
/// speaker (without the colon) and start. Inside a paragraph that already has words, `<cite>` and
/// `<time>` are ordinary text. `<script>`, `<style>`, `<title>` and `<template>` are left out, `<br>` is
/// a space, character references are decoded, other tags are dropped.
///
/// The document is tokenized here in one pass rather than by libxml2's HTML parser: libxml2 2.9 looks
/// through its whole stack of open elements for every end tag that matches none (1,000,000 stray `</i>`
/// under 200 open `<b>` took it 12 s), stops reading at 256 levels of nesting, and builds a tree of every
/// element (300 MB for a million `<b>`). Transcripts need only text, block boundaries, `<cite>` and
/// `<time>`, which a tokenizer following HTML's rules for tags, attributes, comments and raw text gives
/// in time and memory proportional to the document, whatever its nesting.
struct HTMLTranscriptReader {
    private var segments: TranscriptSegmentList
    /// The words of the paragraph being read.
    private var paragraph: [UInt8] = []
    private var paragraphHasWords = false
    /// A `<cite>` or `<time>` being read before a paragraph, and its text so far.
    private var capture: (element: Capture, text: [UInt8])?
    private var speaker: String?
    private var start: Double?

    private enum Capture { case cite, time }

    static func segments(of document: [UInt8], limit: Int) throws(TranscriptDocumentError) -> [TranscriptSegment] {
        var reader = HTMLTranscriptReader(segments: TranscriptSegmentList(limit: limit))
        try document.withUnsafeBufferPointer { (s) throws(TranscriptDocumentError) in try reader.read(s) }
        try reader.endParagraph()
        return try reader.segments.ordered()
    }

    private mutating func read(_ s: UnsafeBufferPointer<UInt8>) throws(TranscriptDocumentError) {
        var i = 0
        var textStart = 0
        while i < s.count {
            let byte = s[i]
            guard byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") else {
                i += 1
                continue
            }
            append(UnsafeBufferPointer(rebasing: s[textStart..<i]))
            if byte == UInt8(ascii: "&") {
                if let (scalar, length) = Entities.decode(s, at: i) {
                    append(UTF8.encode(scalar)!)
                    i += length
                } else {
                    append(CollectionOfOne(byte))
                    i += 1
                }
            } else {
                i = try markup(s, at: i)
            }
            textStart = i
        }
        append(UnsafeBufferPointer(rebasing: s[textStart..<s.count]))
    }

    /// Reads the markup at `start` (which holds `<`); returns where the text after it begins.
    private mutating func markup(_ s: UnsafeBufferPointer<UInt8>, at start: Int) throws(TranscriptDocumentError) -> Int {
        let next = start + 1 < s.count ? s[start + 1] : 0
        if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
            if start + 3 < s.count, s[start + 2] == UInt8(ascii: "-"), s[start + 3] == UInt8(ascii: "-") {
                return PlainText.find(s, "-->", from: start + 4).map { $0 + 3 } ?? s.count
            }
            return UnsafeBufferPointer(rebasing: s[start...]).firstIndex(of: UInt8(ascii: ">")).map { start + $0 + 1 } ?? s.count
        }
        let closing = next == UInt8(ascii: "/")
        let nameStart = closing ? start + 2 : start + 1
        guard nameStart < s.count, PlainText.isLetter(s[nameStart]) else {
            append(CollectionOfOne(UInt8(ascii: "<")))
            return start + 1
        }
        var nameEnd = nameStart
        while nameEnd < s.count, PlainText.isLetter(s[nameEnd]) || (s[nameEnd] >= 0x30 && s[nameEnd] <= 0x39) { nameEnd += 1 }
        let name = nameEnd - nameStart <= 10 ? String(decoding: UnsafeBufferPointer(rebasing: s[nameStart..<nameEnd]), as: UTF8.self).lowercased() : ""
        let end = min(PlainText.endOfTag(s, attributesFrom: nameEnd) + 1, s.count)
        if !closing, Self.rawText.contains(name) { return Self.endOfRawText(s, from: end, name: name) }
        try element(name, closing: closing)
        return end
    }

    private mutating func element(_ name: String, closing: Bool) throws(TranscriptDocumentError) {
        switch name {
        case "br":
            append(CollectionOfOne(0x20))
        case "cite", "time":
            if closing {
                endCapture()
            } else if !paragraphHasWords {
                endCapture()
                capture = (name == "cite" ? .cite : .time, [])
            }
        case _ where Self.blocks.contains(name):
            try endParagraph()
        default:
            break
        }
    }

    private mutating func append(_ bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty else { return }
        if capture != nil {
            capture!.text.append(contentsOf: bytes)
        } else {
            paragraph.append(contentsOf: bytes)
            if !paragraphHasWords { paragraphHasWords = bytes.contains(where: { $0 > 0x20 }) }
        }
    }

    /// Ends a `<cite>` (the next paragraph's speaker) or `<time>` (its start) being read.
    private mutating func endCapture() {
        guard let (element, text) = capture else { return }
        capture = nil
        switch element {
        case .cite:
            var name = TranscriptText.collapsed(text)
            while name.last == ":" || name.last == " " { name.removeLast() }
            speaker = name.isEmpty ? nil : name
        case .time:
            start = TranscriptTime.seconds(TranscriptTime.trimmed(ArraySlice(text)), minimumFields: 1)
        }
    }

    /// Ends the paragraph being read: a segment when it has words, with the speaker and start before it.
    private mutating func endParagraph() throws(TranscriptDocumentError) {
        endCapture()
        guard paragraphHasWords else {
            paragraph.removeAll(keepingCapacity: true)
            return
        }
        try segments.add(start: start, end: nil, speaker: speaker, text: paragraph)
        paragraph.removeAll(keepingCapacity: true)
        paragraphHasWords = false
        speaker = nil
        start = nil
    }

    /// Where the text after the raw-text element `name` (whose content starts at `from`) begins: after
    /// its end tag, or at the end of the document.
    private static func endOfRawText(_ s: UnsafeBufferPointer<UInt8>, from: Int, name: String) -> Int {
        var i = from
        while let candidate = PlainText.find(s, "</", from: i) {
            var end = candidate + 2
            while end < s.count, PlainText.isLetter(s[end]) { end += 1 }
            if end - candidate - 2 == name.utf8.count,
               String(decoding: UnsafeBufferPointer(rebasing: s[(candidate + 2)..<end]), as: UTF8.self).lowercased() == name {
                return min(PlainText.endOfTag(s, attributesFrom: end) + 1, s.count)
            }
            i = candidate + 2
        }
        return s.count
    }

    private static let rawText: Set<String> = ["script", "style", "title", "template"]

    /// The elements that begin and end a paragraph.
    private static let blocks: Set<String> = [
        "p", "div", "li", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "td", "th", "tr",
        "table", "ul", "ol", "dl", "section", "article", "header", "footer", "main", "aside", "nav", "figure",
        "figcaption", "hr", "body", "html", "head", "address", "details", "summary",
    ]
}
