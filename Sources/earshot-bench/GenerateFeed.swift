import ArgumentParser
import Foundation

/// `earshot-bench generate-feed`: writes a large, realistic podcast feed (long CJK and Latin CDATA
/// descriptions, full iTunes tags; with `--namespace`, every Podcasting 2.0 tag Earshot reads too) for
/// the parse benchmark. The output is deterministic.
struct GenerateFeed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-feed", abstract: "Write a large synthetic podcast feed.")

    @Option(help: "How many episodes.")
    var episodes = 5000

    @Option(help: "Where to write the feed.")
    var output: String

    @Flag(help: "Add every Podcasting 2.0 tag Earshot reads, to the channel and to each item.")
    var namespace = false

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
        if namespace { xml += Self.channelNamespace }
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
            \(namespace ? Self.itemNamespace(n) : "")</item>

            """
    }

    private func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }

    /// The channel's Podcasting 2.0 tags, every one Earshot reads (live items included).
    private static let channelNamespace = """
        <podcast:guid>917393e3-1b1e-5cef-ace4-edaa54e1f810</podcast:guid>
        <podcast:locked owner="bench@bench.example">yes</podcast:locked>
        <podcast:block id="apple">no</podcast:block>
        <podcast:funding url="https://bench.example/support">支持我們 Support the show</podcast:funding>
        <podcast:person role="host" href="https://bench.example/host" img="https://bench.example/host.jpg">主持人 Host</podcast:person>
        <podcast:images srcset="https://bench.example/show-3000.jpg 3000w, https://bench.example/show-1500.jpg 1500w, https://bench.example/show-600.jpg 600w"/>
        <podcast:updateFrequency rrule="FREQ=WEEKLY;BYDAY=MO">Weekly on Mondays</podcast:updateFrequency>
        <podcast:location geo="geo:25.0330,121.5654" osm="R1293250">臺北 Taipei</podcast:location>
        <podcast:license url="https://creativecommons.org/licenses/by/4.0/">cc-by-4.0</podcast:license>
        <podcast:txt purpose="verify">S6lpp-7ZCn8-dZfGc-OoyaG</podcast:txt>
        <podcast:medium>podcast</podcast:medium>
        <podcast:chat server="irc.bench.example" protocol="irc" accountId="@bench" space="#bench"/>
        <podcast:value type="lightning" method="keysend" suggested="0.00000005000">
          <podcast:valueRecipient name="host" type="node" address="02d5c1bf8b940dc9cadca86d1b0a3c37fbe39cee4c7e839e33bef9174531d27f52" split="100"/>
        </podcast:value>
        <podcast:podroll>
          <podcast:remoteItem feedGuid="396d9ec6-a4ad-55ec-9e89-0a5e8d3f9c34" feedUrl="https://other.example/feed.xml"/>
          <podcast:remoteItem feedGuid="a94f5cc9-8c58-55fc-91fe-a324087a655b"/>
        </podcast:podroll>
        <podcast:trailer pubdate="Thu, 01 Apr 2021 08:00:00 GMT" url="https://bench.example/trailer.mp3" length="12345678" type="audio/mpeg">Coming soon</podcast:trailer>
        <podcast:liveItem status="pending" start="2031-09-26T07:30:00.000-0600" end="2031-09-26T09:00:00.000-0600">
          <title>Live</title><guid>live-1</guid>
          <enclosure url="https://stream.bench.example/live.mp3" type="audio/mpeg" length="1"/>
          <podcast:contentLink href="https://bench.example/live">Watch live</podcast:contentLink>
        </podcast:liveItem>

        """

    /// An item's Podcasting 2.0 tags, every one Earshot reads.
    private static func itemNamespace(_ n: Int) -> String {
        """
        <podcast:season name="第\(n / 100 + 1)季 Season">\(n / 100 + 1)</podcast:season>
        <podcast:episode display="Ch. \(n)">\(n)</podcast:episode>
        <podcast:person role="guest" href="https://bench.example/guests/\(n % 40)" img="https://bench.example/guests/\(n % 40).jpg">來賓 Guest \(n % 40)</podcast:person>
        <podcast:person group="writing" role="author">Writer \(n % 7)</podcast:person>
        <podcast:soundbite startTime="\(n % 600).5" duration="45.0">精彩片段 Highlight \(n)</podcast:soundbite>
        <podcast:soundbite startTime="\(n % 900 + 600)" duration="30"/>
        <podcast:images srcset="https://cdn.bench.example/art/\(n)-1500.jpg 1500w, https://cdn.bench.example/art/\(n)-600.jpg 600w"/>
        <podcast:location geo="geo:25.0330,121.5654">臺北 Taipei</podcast:location>
        <podcast:license>cc-by-4.0</podcast:license>
        <podcast:txt purpose="note">bench \(n)</podcast:txt>
        <podcast:chat server="irc.bench.example" protocol="irc" space="#ep\(n)"/>
        <podcast:socialInteract uri="https://social.bench.example/@bench/\(100_000 + n)" protocol="activitypub" accountId="@bench"/>
        <podcast:value type="lightning" method="keysend"/>
        <podcast:alternateEnclosure type="audio/opus" length="\(30_000_000 + n)" bitrate="96000" codecs="opus" title="Opus">
          <podcast:source uri="https://cdn.bench.example/audio/\(n).opus"/>
          <podcast:source uri="https://mirror.bench.example/audio/\(n).opus"/>
          <podcast:integrity type="sri" value="sha384-ExVqijgYHm15PqQqdXfW95x+Rs6C+d6E/ICxyQOeFevnxNLR/wtJNrNYTjIysUBo"/>
        </podcast:alternateEnclosure>

        """
    }
}
