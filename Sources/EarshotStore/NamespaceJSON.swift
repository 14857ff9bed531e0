import EarshotFeed
import Foundation

/// A channel's and an item's Podcasting 2.0 fields as stored (v15): JSON text, NULL when the feed said
/// nothing, so a library of feeds without the namespace stores and reads nothing more.
enum NamespaceJSON {
    static let schemaSQL = """
        ALTER TABLE feed ADD COLUMN podcastGuid TEXT;
        ALTER TABLE feed ADD COLUMN namespace TEXT;
        CREATE INDEX feed_podcastGuid ON feed (podcastGuid) WHERE podcastGuid IS NOT NULL;
        ALTER TABLE episode ADD COLUMN namespace TEXT;
        """

    /// Sorted keys: the same fields give the same text, so an unchanged item is not rewritten.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The JSON text for an item's fields; nil when it has none.
    static func text(_ fields: EpisodeNamespace) -> String? {
        guard !fields.isEmpty, let data = try? encoder.encode(fields) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The JSON text for a channel's fields; nil when it has none and no item names a person.
    /// `itemPeople`: some item of the feed names a person, kept as the key `itemPeople` beside the
    /// fields (not one of them: reading the fields back leaves it out) so that `find` reads the people
    /// of these feeds' episodes only (`Store+FindPeople`).
    static func text(_ fields: ShowNamespace, itemPeople: Bool = false) -> String? {
        guard !fields.isEmpty || itemPeople, let data = try? encoder.encode(fields) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard itemPeople, text.hasPrefix("{") else { return text }
        return "{\"\(itemPeopleKey)\":true," + text.dropFirst()
    }

    /// The key of `text(_:itemPeople:)`'s mark.
    static let itemPeopleKey = "itemPeople"

    /// An item's fields from stored text; empty for NULL or text that cannot be read.
    static func episode(_ text: String?) -> EpisodeNamespace {
        text.flatMap { try? JSONDecoder().decode(EpisodeNamespace.self, from: Data($0.utf8)) } ?? EpisodeNamespace()
    }

    /// A channel's fields from stored text; empty for NULL or text that cannot be read.
    static func show(_ text: String?) -> ShowNamespace {
        text.flatMap { try? JSONDecoder().decode(ShowNamespace.self, from: Data($0.utf8)) } ?? ShowNamespace()
    }

    /// The people of a stored `$.people` array; empty for NULL or text that cannot be read.
    static func people(_ text: String?) -> [Person] {
        text.flatMap { try? JSONDecoder().decode([Person].self, from: Data($0.utf8)) } ?? []
    }

    /// The alternate enclosures of a stored `$.alternateEnclosures` array; empty for NULL or text that
    /// cannot be read.
    static func alternates(_ text: String?) -> [AlternateEnclosure] {
        text.flatMap { try? JSONDecoder().decode([AlternateEnclosure].self, from: Data($0.utf8)) } ?? []
    }
}
