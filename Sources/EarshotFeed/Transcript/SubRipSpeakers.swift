/// Speakers in SubRip transcripts, by Podcasting 2.0's convention for them: "start a new card when the
/// speaker changes; include the speaker's name, followed by a colon" (`Sarah: In today's episode,`).
///
/// SubRip itself has no speakers, and a colon after a word is not always a name (`Note: …`), so the
/// convention is applied only to a file that follows it: one in which at least two cues begin with a
/// name. A name is one to three words of letters (and `.`, `'`, `’`, `-`), each beginning with a capital
/// letter, at most 32 characters, followed by a colon (`Alban :` too) and the words spoken. Such a cue
/// has its speaker, without the name in its text, and the cues after it without a name have the same
/// speaker until the next name. Cues whose speaker a `<v>` span gave keep it. In a file that does not
/// follow the convention, text stays exactly as written.
enum SubRipSpeakers {
    /// `segments` (in order) with the speakers the convention gives, when the file follows it.
    static func applied(to segments: [TranscriptSegment]) -> [TranscriptSegment] {
        let names = segments.map { $0.speaker == nil ? leadingName(of: $0.text) : nil }
        guard names.lazy.filter({ $0 != nil }).prefix(2).count == 2 else { return segments }
        var speaker: String?
        var result = segments
        for index in result.indices where result[index].speaker == nil {
            if let (name, words) = names[index] {
                speaker = name
                result[index].text = words
            }
            result[index].speaker = speaker
        }
        return result
    }

    /// The name that begins `text` by the convention, and the words after it.
    static func leadingName(of text: String) -> (name: String, words: String)? {
        guard let colon = text.prefix(34).firstIndex(of: ":") else { return nil }
        let after = text[text.index(after: colon)...]
        guard after.first == " ", after.contains(where: { !$0.isWhitespace }) else { return nil }
        var name = text[..<colon]
        if name.last == " " { name.removeLast() }
        let words = name.split(separator: " ", omittingEmptySubsequences: false)
        guard (1...3).contains(words.count), name.count <= 32, words.allSatisfy(isNameWord) else { return nil }
        return (String(name), String(after.dropFirst()))
    }

    private static func isNameWord(_ word: Substring) -> Bool {
        guard let first = word.first, first.isUppercase, first.isLetter else { return false }
        return word.allSatisfy { $0.isLetter || $0 == "." || $0 == "'" || $0 == "’" || $0 == "-" }
    }
}
