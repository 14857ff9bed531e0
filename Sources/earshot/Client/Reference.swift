import ArgumentParser
import Foundation

/// What a person typed to name a podcast or an episode: its number (the id `earshot podcasts` and
/// `earshot episodes` show) or part of its title.
enum Reference: Equatable, ExpressibleByArgument {
    case id(Int64)
    case text(String)

    /// Digits (with or without the tables' "#") are a number; anything else (not blank) is part of a title.
    init?(argument: String) {
        let trimmed = argument.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(digits), id > 0 {
            self = .id(id)
        } else {
            self = .text(trimmed)
        }
    }
}
