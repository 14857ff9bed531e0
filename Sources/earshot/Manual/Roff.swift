import EarshotFeed
import EarshotLocale
import Foundation

/// Writing man(7) pages: text escaped for roff, and the few macros the manual uses.
///
/// Everything is ASCII on output: other characters become groff's `\[uXXXX]` escapes, so the page
/// renders the same whatever the reader's locale and whether or not `man` runs preconv first.
struct Roff {
    private(set) var text = ""

    /// A page that starts with where it comes from, its title line (`.TH`: `name` in capitals,
    /// `section`, `date` as YYYY-MM-DD or empty, Earshot's version, the `manual` it belongs to) and
    /// its NAME section, `name \- summary`.
    init(name: String, section: String, manual: String, date: String, source: String, summary: String) {
        line(#".\" "# + "\(name)(\(section)), written by earshot generate-manual from \(source). Do not edit.")
        request("TH", Self.quoted(name.uppercased()), section, "\"\(date)\"", Self.quoted("Earshot \(EarshotVersion.string)"), Self.quoted(manual))
        // TRANSLATORS: the first heading of a manual page; man-db finds the page's summary under it, so use
        // the word man-db knows for your language (German: BEZEICHNUNG, French: NOM, Spanish: NOMBRE).
        self.section(trc("manual section heading", "NAME"))
        line(Self.escaped(name) + " \\- " + Self.escaped(summary))
    }

    /// `words` as roff text: backslashes and hyphens escaped (a `-` in an option is a minus sign,
    /// `\-`, so it can be searched for and copied), a leading `.` or `'` kept from reading as a
    /// request, and non-ASCII written as named or `\[uXXXX]` characters.
    static func escaped(_ words: String) -> String {
        var result = ""
        for scalar in words.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "\u{201C}": result += "\\(lq"
            case "\u{201D}": result += "\\(rq"
            case "\u{2018}": result += "\\(oq"
            case "\u{2019}": result += "\\(cq"
            case "\u{2014}": result += "\\(em"
            case "\u{2013}": result += "\\(en"
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            case _ where clauseMarks.contains(scalar.value):
                result += "\\[u" + String(format: "%04X", scalar.value) + "]\\:"
            default: result += "\\[u" + String(format: "%04X", scalar.value) + "]"
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    /// CJK commas, stops, colons and marks (、。，：；！？), each followed by `\:` (a break point that
    /// prints nothing): groff 1.22.4's zh.tmac, which man-db loads for a page in `share/man/zh_TW`,
    /// forbids a break before them and then loops for ever on a line longer than the page whose words
    /// are joined only by them (`org.earshot.Error.NoSuchPodcast、NoSuchEpisode、…`).
    private static let clauseMarks: Set<UInt32> = [0x3001, 0x3002, 0xFF01, 0xFF0C, 0xFF1A, 0xFF1B, 0xFF1F]

    /// `words` in bold, escaped.
    static func bold(_ words: String) -> String { "\\fB" + escaped(words) + "\\fR" }

    /// `words` in italics (a placeholder), escaped.
    static func italic(_ words: String) -> String { "\\fI" + escaped(words) + "\\fR" }

    /// A request line, such as `.SH NAME`; the arguments are already roff text.
    mutating func request(_ name: String, _ arguments: String...) {
        text += "." + ([name] + arguments).joined(separator: " ") + "\n"
    }

    /// A line of roff text as it is (already escaped, may hold font changes).
    mutating func line(_ roff: String) { text += roff + "\n" }

    /// Plain text escaped, as a filled paragraph: each line of `words` becomes one input line.
    mutating func paragraph(_ words: String) {
        request("PP")
        for line in words.split(separator: "\n", omittingEmptySubsequences: true) {
            self.line(Self.escaped(String(line)))
        }
    }

    /// A section heading.
    mutating func section(_ title: String) { request("SH", Self.quoted(title)) }

    /// A subsection heading; `roff` is already roff text.
    mutating func subsection(_ roff: String) { request("SS", roff) }

    /// A tagged paragraph: `tag` (roff text) on its own line, then `body` escaped, indented.
    mutating func item(_ tag: String, _ body: String) {
        request("TP")
        line(tag)
        for bodyLine in body.split(separator: "\n", omittingEmptySubsequences: true) {
            line(Self.escaped(String(bodyLine)))
        }
    }

    /// Lines shown as written (examples, tables): escaped, not filled, indented.
    mutating func verbatim(_ lines: [String]) {
        request("RS", "4")
        request("nf")
        for verbatimLine in lines { line(verbatimLine.isEmpty ? "" : Self.escaped(verbatimLine)) }
        request("fi")
        request("RE")
    }

    /// Text written by a person in help style: paragraphs of words, and indented lines (examples,
    /// lists) kept as they are laid out.
    mutating func prose(_ words: String) {
        var filled: [String] = [], kept: [String] = []
        func flush() {
            if !filled.isEmpty { paragraph(filled.joined(separator: "\n")) }
            if !kept.isEmpty { verbatim(kept) }
            filled = []
            kept = []
        }
        for rawLine in words.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                flush()
            } else if line.hasPrefix(" ") {
                if !filled.isEmpty { flush() }
                kept.append(String(line.dropFirst(min(2, line.prefix { $0 == " " }.count))))
            } else {
                if !kept.isEmpty { flush() }
                filled.append(line)
            }
        }
        flush()
    }

    /// `title` in double quotes for a macro argument.
    static func quoted(_ title: String) -> String { "\"" + escaped(title).replacingOccurrences(of: "\"", with: "\\(dq") + "\"" }
}
