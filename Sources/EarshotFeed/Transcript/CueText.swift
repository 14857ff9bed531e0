/// The words of one WebVTT or SubRip cue, and who says them.
///
/// Markup is removed: WebVTT's spans (`<c.yellow>`, `<b>`, `<i>`, `<u>`, `<ruby>`, `<lang en>`), its
/// inner timestamps (`<00:01.500>`), SubRip's `<i>` and `<font color="…">`, and the `{\an8}` placement
/// codes SubRip files borrowed from ASS. A `<` that starts no tag (`a < b`, or one never closed by `>`)
/// is text. Character references are decoded (`&amp;`, `&lt;`, `&gt;`, `&nbsp;`, `&lrm;`, `&rlm;`, and
/// numeric ones).
///
/// A voice span, `<v Name>` or with classes `<v.loud Name>`, names the speaker of the words after it,
/// until `</v>` or the next voice; a cue in which several voices speak becomes one piece per voice, all
/// with the cue's times. One pass: a document without `>` or `}` costs one failed search each.
struct CueText {
    /// Words and their speaker (nil: the cue does not say); `text` is UTF-8 and not yet collapsed.
    struct Piece {
        var speaker: String?
        var text: [UInt8]
    }

    private(set) var pieces: [Piece] = [Piece(speaker: nil, text: [])]
    private var speaker: String?
    /// Whether the last piece has words (not only white space).
    private var lastHasWords = false
    private var noMoreTagEnds = false
    private var noMoreBraceEnds = false

    /// Reads the cue text `text` (its lines, line breaks included).
    init(_ text: ArraySlice<UInt8>) {
        var i = text.startIndex
        var run = i
        while i < text.endIndex {
            let byte = text[i]
            guard byte == UInt8(ascii: "<") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "&") else {
                i += 1
                continue
            }
            append(text[run..<i])
            if byte == UInt8(ascii: "<"), i + 1 < text.endIndex, Self.startsTag(text[i + 1]), !noMoreTagEnds,
               let end = Self.endOfMarkup(text, from: i + 1, ">", &noMoreTagEnds) {
                tag(text[(i + 1)..<end])
                i = end + 1
            } else if byte == UInt8(ascii: "{"), i + 1 < text.endIndex, text[i + 1] == UInt8(ascii: "\\"), !noMoreBraceEnds,
                      let end = Self.endOfMarkup(text, from: i + 2, "}", &noMoreBraceEnds) {
                i = end + 1
            } else if byte == UInt8(ascii: "&"), let (scalar, length) = Self.reference(in: text, at: i) {
                append(UTF8.encode(scalar)!)
                i += length
            } else {
                append(CollectionOfOne(byte))
                i += 1
            }
            run = i
        }
        append(text[run..<i])
    }

    /// Where `close` next occurs in `text` from `start`; when nowhere, `noMore` is set so that no later
    /// markup looks again.
    private static func endOfMarkup(_ text: ArraySlice<UInt8>, from start: Int, _ close: Unicode.Scalar, _ noMore: inout Bool) -> Int? {
        guard let end = text[start...].firstIndex(of: UInt8(ascii: close)) else {
            noMore = true
            return nil
        }
        return end
    }

    private static func startsTag(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "/")
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Handles the tag whose inside (between `<` and `>`) is `inside`: voices change the speaker, the rest
    /// is dropped.
    private mutating func tag(_ inside: ArraySlice<UInt8>) {
        guard let first = inside.first else { return }
        if first == UInt8(ascii: "/") {
            if inside.dropFirst().elementsEqual("v".utf8) { speaker = nil }
            return
        }
        guard first == UInt8(ascii: "v"), inside.count == 1 || [UInt8(ascii: "."), 0x20, 0x09].contains(inside[inside.startIndex + 1]) else { return }
        let annotation = inside.firstIndex(where: { $0 == 0x20 || $0 == 0x09 }).map { inside[($0 + 1)...] } ?? []
        let name = Self.decodedReferences(annotation)
        speaker = name.isEmpty ? nil : name
    }

    /// Appends words, starting a new piece when the speaker changed since the last words.
    private mutating func append(_ bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty else { return }
        let hasWords = bytes.contains(where: { $0 > 0x20 })
        if pieces[pieces.count - 1].speaker != speaker, hasWords {
            if lastHasWords {
                pieces.append(Piece(speaker: speaker, text: []))
            } else {
                pieces[pieces.count - 1] = Piece(speaker: speaker, text: [])
            }
        }
        lastHasWords = lastHasWords || hasWords
        pieces[pieces.count - 1].text.append(contentsOf: bytes)
    }

    /// The character reference at `index` (which holds `&`) and its length, if one is there.
    private static func reference(in text: ArraySlice<UInt8>, at index: Int) -> (Unicode.Scalar, Int)? {
        let window = Array(text[index..<min(index + 12, text.endIndex)])
        return window.withUnsafeBufferPointer { Entities.decode($0, at: 0) }
    }

    private static func decodedReferences(_ text: ArraySlice<UInt8>) -> String {
        Array(text).withUnsafeBufferPointer { Entities.decodeReferences($0) }
    }
}
