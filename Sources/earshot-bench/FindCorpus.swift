import EarshotFeed
import Foundation

/// The generated library of `earshot-bench find`, the same for every run: words drawn from a
/// 30,000-word vocabulary with a Zipf distribution (as words are in speech and prose: a few very
/// common, a long tail of rare ones), real words first, then made-up ones, with accented words
/// (café, Müller, São…) among the middle ranks.
struct FindCorpus {
    private var random: SplitMix64
    let words: [String]
    /// Cumulative Zipf weights of `words`, for drawing by binary search.
    private let cumulative: [Double]

    static let accented = ["café", "Müller", "São", "naïve", "crème", "brûlée", "résumé", "façade", "jalapeño", "piñata",
                           "Zürich", "déjà", "über", "señor", "Ångström", "Málaga", "Kraków", "Čapek", "Øresund", "Björk"]
    private static let common = """
        the of and to a in is it you that he was for on are with as I his they be at one have this from or had by hot but \
        some what there we can out other were all your when up use word how said an each she which do their time if will \
        way about many then them would write like so these her long make thing see him two has look more day could go come \
        did my sound no most number who over know water than call first people may down side been now find any new work \
        part take get place made live where after back little only round man year came show every good me give our under \
        name very through just form much great think say help low line before turn cause same mean differ move right boy \
        old too does tell sentence set three want air well also play small end put home read hand port large spell add \
        even land here must big high such follow act why ask men change went light kind off need house picture try us \
        again animal point mother world near build self earth father head stand own page should country found answer \
        school grow study still learn plant cover food sun four thought let keep eye never last door between city tree \
        cross since hard start might story saw far sea draw left late run while press close night real life few stop open \
        seem together next white children begin got walk example ease paper often always music those both mark book \
        letter until mile river car feet care second group carry took rain eat room friend began idea fish mountain north \
        once base hear horse cut sure watch color face wood main enough plain girl usual young ready above ever red list \
        though feel talk bird soon body dog family direct pose leave song measure state product black short numeral class \
        wind question happen complete ship area half rock order fire south problem piece told knew pass farm top whole \
        king size heard best hour better true during hundred am remember step early hold west ground interest reach fast \
        five sing listen six table travel less morning ten simple several vowel toward war lay against pattern slow center \
        love person money serve appear road map science rule govern pull cold notice voice fall power town fine certain \
        fly unit lead cry dark machine note wait plan figure star box noun field rest correct able pound done beauty drive \
        stood contain front teach week final gave green oh quick develop sleep warm free minute strong special mind behind \
        clear tail produce fact street inch lot nothing course stay wheel full force blue object decide surface deep moon \
        island foot yet busy test record boat common gold possible plane age dry wonder laugh thousand ago ran check game \
        shape yes cool miss brought heat snow bed bring sit perhaps fill east weight language among podcast episode \
        interview guest history science climate economy election football coffee jazz harbour volcano lighthouse
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    /// The vocabulary (always the same) and a stream of draws from `seed`.
    init(seed: UInt64 = 22, vocabulary: Int = 30_000) {
        self.random = SplitMix64(seed: seed)
        var words = Self.common
        var seen = Set(words)
        var random = SplitMix64(seed: 7)
        let syllables = ["ka", "lo", "mi", "ren", "tor", "sa", "vel", "qui", "dan", "or", "ep", "lis", "gu", "bre", "no", "ta",
                         "zu", "mar", "fe", "ri", "ston", "al", "pe", "chi", "wen", "dor", "ix", "ul", "be", "sha"]
        while words.count < vocabulary {
            let count = 2 + Int(random.next() % 3)
            let word = (0..<count).map { _ in syllables[Int(random.next() % UInt64(syllables.count))] }.joined()
            if seen.insert(word).inserted { words.append(word) }
        }
        for (index, word) in Self.accented.enumerated() { words.insert(word, at: 300 + index * 80) }
        self.words = words
        var total = 0.0
        cumulative = words.indices.map { rank in
            total += 1 / Double(rank + 1)
            return total
        }
    }

    /// A word drawn by its frequency.
    mutating func word() -> String {
        let target = Double(random.next() >> 11) / Double(1 << 53) * cumulative[cumulative.count - 1]
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return words[low]
    }

    /// `count` words drawn by frequency, separated by spaces.
    mutating func text(_ count: Int) -> String {
        (0..<count).map { _ in word() }.joined(separator: " ")
    }

    /// A number in `range`.
    mutating func number(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    /// Podcast `index` with `episodes` episodes: titles of 3–8 words, HTML notes of `noteWords` ± 40 %
    /// words in paragraphs with a link, and one episode in ten with eight chapters.
    mutating func podcast(_ index: Int, episodes: Int, noteWords: Int) -> Channel {
        var list: [Episode] = []
        for number in 0..<episodes {
            list.append(episode(guid: "p\(index)-e\(number)", noteWords: noteWords))
        }
        return Channel(title: "\(text(number(2...4)).capitalized) \(index)", description: text(30), episodes: list)
    }

    /// One generated episode.
    mutating func episode(guid: String, noteWords: Int) -> Episode {
        let words = noteWords * number(60...140) / 100
        var notes = ""
        var written = 0
        while written < words {
            let paragraph = min(words - written, number(30...70))
            notes += "<p>\(text(paragraph))</p>\n"
            written += paragraph
        }
        notes += "<p>More at <a href=\"https://show.example/\(guid)\">our site</a>.</p>"
        let chapters = number(0...9) == 0
            ? (0..<8).map { Chapter(start: Double($0 * 450), title: text(number(2...5)).capitalized) } : []
        return Episode(id: guid, title: text(number(3...8)).capitalized, rawDescription: notes,
                       soundURL: URL(string: "https://cdn.example/\(guid).mp3"), chapters: chapters)
    }

    /// An hour of speech: `segments` segments of about 9 words, three speakers taking turns.
    mutating func transcript(segments: Int) -> [TranscriptSegment] {
        let speakers = ["Ana", "Bo", "Chidi"]
        return (0..<segments).map { index in
            let start = Double(index) * 3.6
            return TranscriptSegment(start: start, end: start + 3.6, speaker: speakers[(index / 4) % 3], text: text(number(6...12)))
        }
    }

    /// `count` queries as listeners type them, in a fixed mix: single words (common, rare, accented,
    /// with and without their accents), two words, quoted phrases, and prefixes as one types.
    mutating func queries(_ count: Int) -> [(kind: String, text: String)] {
        var queries: [(String, String)] = []
        let tail = words.count
        for index in 0..<count {
            switch index % 8 {
            case 0: queries.append(("common word", words[number(20...200)] + " "))
            case 1: queries.append(("rare word", words[number(2_000...(tail - 1))] + " "))
            case 2: queries.append(("two words", words[number(100...1_000)] + " " + words[number(1_000...(tail - 1))] + " "))
            case 3: queries.append(("phrase", "\"\(word()) \(word())\""))
            case 4: queries.append(("prefix", String(words[number(100...3_000)].prefix(number(3...4)))))
            case 5:
                let accented = Self.accented[number(0...(Self.accented.count - 1))]
                let folded = accented.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
                queries.append(("accents", (index % 16 < 8 ? accented : folded) + " "))
            case 6: queries.append(("two words, prefix", words[number(50...500)] + " " + String(words[number(500...5_000)].prefix(4))))
            default: queries.append(("rare phrase", "\"\(words[number(500...5_000)]) \(words[number(500...5_000)])\""))
            }
        }
        return queries
    }
}

/// A small, fast, seeded random number generator (SplitMix64), so every run builds the same library.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
