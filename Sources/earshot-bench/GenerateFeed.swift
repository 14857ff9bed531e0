import ArgumentParser
import Foundation

/// `earshot-bench generate-feed`: writes a large, realistic podcast feed (long CJK and Latin CDATA
/// descriptions, full iTunes tags) for the parse benchmark. The output is deterministic.
struct GenerateFeed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-feed", abstract: "Write a large synthetic podcast feed.")

    @Option(help: "How many episodes.")
    var episodes = 5000

    @Option(help: "Where to write the feed.")
    var output: String

    func run() throws {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" \
            xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom" \
            xmlns:podcast="https://podcastindex.org/namespace/1.0">
            <channel>
            <atom:link href="https://bench.example/feed.xml" rel="self" type="application/rss+xml"/>
            <title>讀書與科技 Benchmark Radio</title>
            <link>https://bench.example/</link>
            <language>zh-TW</language>
            <description><![CDATA[<p>每週一集，談科技與商業。A weekly show about technology &amp; business.</p>]]></description>
            <itunes:author>Earshot Bench</itunes:author>
            <itunes:image href="https://bench.example/show.jpg"/>
            <itunes:category text="Technology"/>
            <itunes:explicit>false</itunes:explicit>
            <image><url>https://bench.example/show.jpg</url><title>Benchmark Radio</title><link>https://bench.example/</link></image>

            """
        let start = 1_420_070_400.0  // 2015-01-01
        for n in stride(from: episodes, to: 0, by: -1) {
            let date = Date(timeIntervalSince1970: start + Double(n) * 86_400 * 0.7)
            xml += episode(number: n, pubDate: rfc822(date))
        }
        xml += "</channel>\n</rss>\n"
        try xml.write(toFile: output, atomically: true, encoding: .utf8)
        print("wrote \(output): \(episodes) episodes, \(xml.utf8.count) bytes")
    }

    private func episode(number n: Int, pubDate: String) -> String {
        let paragraph = """
            現代金融理論加上現代科技，解放資本，將所有人捲入投資市場。人們有更多資訊、投資對象，以及比較的對象。\
            Modern finance plus modern technology sets capital free &amp; pulls everyone into the market. \
            看似更有效率的市場背後，是更大的風險。Episode \(n) looks at <b>why</b> that matters.
            """
        let notes = (0..<2).map { "<p>\(paragraph) (\($0 + 1))</p>" }.joined()
        return """
            <item>
            <title>Ep. \(n) 流動的資金盛宴 — Part \(n % 7 + 1)</title>
            <itunes:title>流動的資金盛宴 \(n)</itunes:title>
            <guid isPermaLink="false">tag:bench.example,2015:tracks/\(1_000_000 + n)</guid>
            <link>https://bench.example/episodes/\(n)</link>
            <pubDate>\(pubDate)</pubDate>
            <description><![CDATA[\(notes)]]></description>
            <content:encoded><![CDATA[\(notes)<ul><li>主題文章：博弈、科技與投資自己之必要 https://bit.ly/2MSu8Qk</li><li>Show notes &amp; links</li></ul>]]></content:encoded>
            <enclosure type="audio/mpeg" url="https://cdn.bench.example/audio/\(n)-episode.mp3?source=feed&amp;n=\(n)" length="\(60_000_000 + n * 17)"/>
            <itunes:image href="https://cdn.bench.example/art/\(n).jpg"/>
            <itunes:duration>\(n % 3):\(String(format: "%02d", n % 60)):\(String(format: "%02d", (n * 7) % 60))</itunes:duration>
            <itunes:season>\(n / 100 + 1)</itunes:season>
            <itunes:episode>\(n)</itunes:episode>
            <itunes:episodeType>\(n % 50 == 0 ? "bonus" : "full")</itunes:episodeType>
            <itunes:explicit>false</itunes:explicit>
            <itunes:author>Earshot Bench</itunes:author>
            <itunes:summary>Ep. \(n): 現代金融理論加上現代科技 — modern finance and technology.</itunes:summary>
            <podcast:transcript url="https://cdn.bench.example/transcripts/\(n).vtt" type="text/vtt"/>
            </item>

            """
    }

    private func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }
}
