/// One of Apple Podcasts' top-level genres, by which its charts can be narrowed (`earshot top --genre
/// comedy`). Named by Apple's own words; a listener may write them in any case, with or without spaces,
/// `&` and hyphens (`true-crime`, "TV & Film"), or give the genre's number.
public struct AppleGenre: Sendable, Equatable {
    /// Apple's genre id.
    public let id: Int
    /// Apple's name for it.
    public let name: String

    /// Apple's top-level podcast genres (the 2019 list its charts use).
    public static let all: [AppleGenre] = [
        .init(id: 1301, name: "Arts"), .init(id: 1321, name: "Business"), .init(id: 1303, name: "Comedy"),
        .init(id: 1304, name: "Education"), .init(id: 1483, name: "Fiction"), .init(id: 1511, name: "Government"),
        .init(id: 1512, name: "Health & Fitness"), .init(id: 1487, name: "History"), .init(id: 1305, name: "Kids & Family"),
        .init(id: 1502, name: "Leisure"), .init(id: 1310, name: "Music"), .init(id: 1489, name: "News"),
        .init(id: 1314, name: "Religion & Spirituality"), .init(id: 1533, name: "Science"),
        .init(id: 1324, name: "Society & Culture"), .init(id: 1545, name: "Sports"), .init(id: 1318, name: "Technology"),
        .init(id: 1488, name: "True Crime"), .init(id: 1309, name: "TV & Film"),
    ]

    /// The genre a listener named, or nil.
    public static func named(_ text: String) -> AppleGenre? {
        if let id = Int(text.trimmingWhitespace()) { return all.first { $0.id == id } }
        let key = letters(text)
        return all.first { letters($0.name) == key }
    }

    /// How a listener may write each genre, for messages: "arts, business, comedy, …".
    public static var spellings: String { all.map { slug($0.name) }.joined(separator: ", ") }

    private static func letters(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) }.map(Character.init))
    }

    private static func slug(_ name: String) -> String {
        name.lowercased().split { !$0.isLetter }.joined(separator: "-")
    }
}
