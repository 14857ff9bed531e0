import ArgumentParser
import EarshotFeed
import Foundation

/// Titles from the library (strangers' text) as Tab completions that the asking shell inserts as one
/// word, and never runs. bash passes completions through `compgen -W`, which expands `$(…)` and
/// backquotes in them; zsh's `_describe` reads `:` as the start of a description; every shell would
/// print control characters raw.
enum CompletionWords {
    /// `titles` for `shell` (nil: as they are, one a line): control characters and bidirectional
    /// overrides removed, blank and repeated ones left out, and quoted as the shell's script needs.
    static func format(_ titles: [String], for shell: CompletionShell?) -> [String] {
        var seen = Set<String>()
        let words = titles.map { SafeText.stripped($0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
        switch shell {
        case .bash?: return words.map(bash)
        case .zsh?: return words.map(zsh)
        default: return words
        }
    }

    /// For bash: the word as the command line needs it (`Bob\'s\ Show`), in single quotes, so that
    /// `compgen -W` expands nothing and its quote removal leaves the escaped word to insert.
    static func bash(_ word: String) -> String {
        var escaped = ""
        for character in word {
            if character.isASCII, !(character.isLetter || character.isNumber || "_./,:@%+=-^".contains(character)) {
                escaped.append("\\")
            }
            escaped.append(character)
        }
        return "'" + escaped.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// For zsh's `_describe`, which quotes the word itself: only `\` and `:` are escaped.
    static func zsh(_ word: String) -> String {
        word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
    }
}
