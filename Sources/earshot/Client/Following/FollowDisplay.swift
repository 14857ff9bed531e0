import EarshotFeed
import EarshotLocale

/// Lays out what `earshot transcript --follow` prints on standard output.
///
/// To a pipe: plain lines as `earshot transcript` prints them (`[0:20] Grace: words`), without escapes.
/// On a terminal: the line being spoken in bold after a "▶", the lines before it indented to match;
/// before anything more is printed, that line is re-drawn plain in its place, the cursor first moved up
/// over every row it wrapped to. Feed text is escaped (`SafeText`) field by field.
struct FollowDisplay {
    /// Whether standard output is a terminal.
    let terminal: Bool
    /// The line drawn as the one spoken, and the rows it took, until it is re-drawn plain.
    private var marked: (text: String, rows: Int)?

    init(terminal: Bool) { self.terminal = terminal }

    /// The text for `outputs` on a terminal `columns` wide (ignored for a pipe), after the line drawn
    /// as spoken is re-drawn plain.
    mutating func render(_ outputs: [FollowOutput], columns: Int) -> String {
        guard !outputs.isEmpty else { return "" }
        return settle() + outputs.map { lay($0, columns: columns) }.joined()
    }

    /// The line drawn as spoken, re-drawn plain ("" when there is none): before anything else reaches
    /// the terminal (a note on standard error too), and when following ends.
    mutating func settle() -> String {
        guard let marked else { return "" }
        self.marked = nil
        return "\u{1B}[\(marked.rows)F\u{1B}[J  \(marked.text)\n"
    }

    private mutating func lay(_ output: FollowOutput, columns: Int) -> String {
        switch output {
        case .episode(let episode, let podcast):
            let show = podcast.map { " — " + SafeText.escaped($0) } ?? ""
            // TRANSLATORS: the heading `earshot transcript --follow` prints for a new episode: its number.
            let number = tr("(episode %d)", Int(episode.id))
            return "== \(SafeText.escaped(episode.displayTitle))\(show) \(number) ==\n"
        case .separator(let position):
            return "— \(TimeText.clock(position)) —\n"
        case .line(let line):
            return (terminal ? "  " : "") + TranscriptCommand.line(line) + "\n"
        case .spoken(let line):
            let text = TranscriptCommand.line(line)
            guard terminal else { return text + "\n" }
            let width = ("▶ " + text).displayWidth, columns = max(1, columns)
            marked = (text, max(1, (width + columns - 1) / columns))
            return "\u{1B}[1m▶ \(text)\u{1B}[22m\n"
        }
    }
}
