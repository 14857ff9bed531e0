import GRDB

/// `earshot_title_matches(title, text)`: the SQL function behind `listEpisodes(…matching:)`, true when
/// `title` contains `text` regardless of case.
///
/// Unicode-aware where SQLite's LIKE folds ASCII letters only: both sides are lowercased with Swift's
/// full Unicode mappings (`ÉTÉ` finds `été`, `ΣΟΦΙΑ` finds `σοφια`) and compared as Characters, so a
/// precomposed `é` matches `e` + combining accent. Lowercasing is not full case folding: `STRASSE` does
/// not find `straße`. An empty `text` matches every title; a NULL title matches nothing.
enum TitleMatch {
    static let name = "earshot_title_matches"

    static let function = DatabaseFunction(name, argumentCount: 2, pure: true) { values in
        guard case .string(let title) = values[0].storage, case .string(let text) = values[1].storage else {
            return false
        }
        return text.isEmpty || title.lowercased().contains(text.lowercased())
    }

    /// `earshot_title_is(title, text)`: true when `title` is `text` regardless of case (the same
    /// lowercasing), for naming one episode among many whose titles contain the text.
    static let wholeName = "earshot_title_is"

    static let wholeFunction = DatabaseFunction(wholeName, argumentCount: 2, pure: true) { values in
        guard case .string(let title) = values[0].storage, case .string(let text) = values[1].storage else {
            return false
        }
        return title.lowercased() == text.lowercased()
    }
}
