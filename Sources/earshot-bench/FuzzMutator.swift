/// The byte mutations of `earshot-bench fuzz-parser`: generic ones (bit flips, interesting bytes,
/// truncation, deletion, duplication, splicing two documents) and XML-aware ones (a tag or an attribute
/// repeated many times, deep nesting, a huge attribute, entity and DTD tricks, another encoding).
struct FuzzMutator {
    var random: SplitMix

    /// Inputs grow no further than this (the loader's own limit is 64 MiB; this keeps runs quick).
    static let maximumSize = 8 << 20

    /// One to four stacked mutations of `input`; `other` is a second document to splice from.
    mutating func mutate(_ input: [UInt8], splicingFrom other: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            bytes = mutateOnce(bytes, other)
            if bytes.count > Self.maximumSize { bytes.removeLast(bytes.count - Self.maximumSize) }
        }
        return bytes
    }

    private mutating func mutateOnce(_ input: [UInt8], _ other: [UInt8]) -> [UInt8] {
        var bytes = input
        let at = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<14, using: &random) {
        case 0:  // bit flips
            for _ in 0..<Int.random(in: 1...8, using: &random) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= 1 << UInt8.random(in: 0...7, using: &random)
            }
        case 1:  // an interesting byte
            if !bytes.isEmpty { bytes[min(at, bytes.count - 1)] = pick(Array("\0\u{7F}<>&\"';/=![]?-#%".utf8) + [0xFF, 0xC0, 0x80, 0xEF]) }
        case 2:  // truncation
            bytes.removeLast(bytes.count - at)
        case 3:  // deletion of a range
            let end = min(bytes.count, at + Int.random(in: 1...256, using: &random))
            bytes.removeSubrange(at..<end)
        case 4:  // a range repeated
            let end = min(bytes.count, at + Int.random(in: 1...512, using: &random))
            let range = Array(bytes[at..<end])
            let times = Int.random(in: 1...64, using: &random)
            bytes.insert(contentsOf: Array([[UInt8]](repeating: range, count: times).joined()), at: at)
        case 5:  // splice: a slice of another document
            guard !other.isEmpty else { break }
            let from = Int.random(in: 0..<other.count, using: &random)
            let slice = other[from..<min(other.count, from + Int.random(in: 1...4_096, using: &random))]
            if random.chance(0.5) { bytes.insert(contentsOf: slice, at: at) } else { bytes = Array(bytes[..<at]) + slice }
        case 6:  // a whole tag repeated many times
            if let tag = tag(in: bytes, near: at) {
                let copy = Array(bytes[tag])
                let times = min(pick([2, 16, 1_000, 20_000]), Self.maximumSize / max(1, copy.count))
                bytes.insert(contentsOf: Array([[UInt8]](repeating: copy, count: times).joined()), at: tag.upperBound)
            }
        case 7:  // an attribute repeated (the same name) or many distinct ones
            if let tag = tag(in: bytes, near: at) {
                let same = random.chance(0.5)
                let count = pick([2, 100, 10_000, 100_000])
                let text = (0..<count).map { same ? " a=\"1\"" : " a\($0)=\"\($0)\"" }.joined()
                bytes.insert(contentsOf: Array(text.utf8), at: attributeSlot(of: tag, in: bytes))
            }
        case 8:  // deep nesting, closed or not
            let depth = pick([255, 256, 257, 1_000, 100_000])
            let name = pick(["x", "item", "channel", "rss", "outline", "body"])
            var text = String(repeating: "<\(name)>", count: depth)
            if random.chance(0.5) { text += String(repeating: "</\(name)>", count: depth) }
            bytes.insert(contentsOf: Array(text.utf8), at: at)
        case 9:  // a huge attribute value or text
            let size = pick([65_536, 1 << 20, 5 << 20])
            let fill = pick(["A", "&amp;", "&#x1F3A7;", " ", "é"])
            let body = String(repeating: fill, count: size / fill.utf8.count)
            let text = random.chance(0.5) ? " huge=\"\(body)\"" : "<title>\(body)</title>"
            if let tag = tag(in: bytes, near: at), text.hasPrefix(" ") {
                bytes.insert(contentsOf: Array(text.utf8), at: attributeSlot(of: tag, in: bytes))
            } else {
                bytes.insert(contentsOf: Array(text.utf8), at: at)
            }
        case 10:  // entity and DTD tricks
            let trick = pick(Self.entityTricks)
            if trick.hasPrefix("<!DOCTYPE") || trick.hasPrefix("<?xml") {
                let start = bytes.starts(with: Array("<?xml".utf8)) ? (bytes.firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? 0) : 0
                bytes.insert(contentsOf: Array(trick.utf8), at: trick.hasPrefix("<?xml") ? 0 : start)
            } else {
                bytes.insert(contentsOf: Array(trick.utf8), at: at)
            }
        case 11:  // another encoding declared, or a byte-order mark
            let declaration = "<?xml version=\"1.0\" encoding=\"\(pick(["UTF-16", "UTF-16BE", "UTF-32", "EBCDIC", "ISO-2022-JP", "bogus", "", "UTF-8\u{0}", "Big5", "GB18030", "ISO-8859-1"]))\"?>"
            let boms: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE], [0, 0, 0xFE, 0xFF], [0xFF, 0xFE, 0, 0], [0x4C, 0x6F, 0xA7, 0x94]]
            bytes = random.chance(0.5) ? Array(declaration.utf8) + bytes : pick(boms) + bytes
        case 12:  // random bytes
            bytes.insert(contentsOf: (0..<Int.random(in: 1...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: at)
        default:  // a tag's name swapped for one the parser cares about
            if let tag = tag(in: bytes, near: at) {
                let name = pick(["item", "entry", "enclosure", "guid", "itunes:duration", "pubDate", "link", "podcast:chapters",
                                 "content:encoded", "outline", "body", "rss", "feed", "channel", "atom:link", "/item", "/channel"])
                bytes.replaceSubrange(tag, with: Array("<\(name) url=\"x\" href=\"&#0;\" type=\"audio/mpeg\" xmlUrl=\"http://[\">".utf8))
            }
        }
        return bytes
    }

    /// `<!DOCTYPE`s with entities, external subsets and parameter entities; character references out
    /// of range; undefined entities; XInclude; processing instructions.
    static let entityTricks = [
        "<!DOCTYPE rss [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">]>",
        "<!DOCTYPE rss [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>",
        "<!DOCTYPE rss SYSTEM \"http://127.0.0.1:1/evil.dtd\">",
        "<!DOCTYPE rss [<!ENTITY % p SYSTEM \"file:///etc/hostname\"> %p;]>",
        "<!DOCTYPE rss PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">",
        "<!DOCTYPE rss [<!ATTLIST item guid CDATA \"default\">]>",
        "<?xml version=\"1.1\"?>", "<?xml version=\"2.0\" standalone=\"maybe\"?>",
        "&xxe;", "&undefined;", "&#0;", "&#x0;", "&#1114112;", "&#xD800;", "&#xFFFE;", "&#99999999999999999999;",
        "&amp;amp;", "&lt;![CDATA[", "<![CDATA[", "]]>", "<![CDATA[ ]]>]]>", "<!-- -- -->", "<?pi ?>", "<?xml ?>",
        "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"file:///etc/passwd\" parse=\"text\"/>",
        "<a xmlns:a=\"\" a:b=\"1\"/>", "<x xmlns=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"/>", "<:x/>", "<x:/>",
        "<enclosure url=\"&#x6A;avascript:1\"/>", "<podcast:chapters url=\"file:///etc/passwd\" type=\"application/json+chapters\"/>",
    ]

    /// The range of a `<…>` at or after `position` (a nearby one when there is none after it).
    private func tag(in bytes: [UInt8], near position: Int) -> Range<Int>? {
        let open = UInt8(ascii: "<"), close = UInt8(ascii: ">")
        let start = bytes[min(position, bytes.count)...].firstIndex(of: open) ?? bytes.firstIndex(of: open)
        guard let start, let end = bytes[start...].firstIndex(of: close) else { return nil }
        return start..<(end + 1)
    }

    /// Where an attribute can go in `tag`: before its `>` (or `/>`).
    private func attributeSlot(of tag: Range<Int>, in bytes: [UInt8]) -> Int {
        let end = tag.upperBound - 1
        return end > tag.lowerBound + 1 && bytes[end - 1] == UInt8(ascii: "/") ? end - 1 : end
    }

    private mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
}

/// SplitMix64: every run follows from its printed seed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}
