/// The library the test double starts with: three podcasts (two with "news" in their title) and
/// a handful of episodes, some sharing words.
enum CannedLibrary {
    static let podcasts: [FakeLibrary.Podcast] = [
        .init(id: 1, title: "Daily News", url: "https://news.example.com/feed.xml"),
        .init(id: 2, title: "News Hour", url: "https://hour.example.com/rss", lastChecked: nil, autoQueue: false),
        .init(id: 3, title: "Garden Talk", url: "https://garden.example.org/podcast.xml"),
    ]

    static let episodes: [FakeLibrary.Episode] = [
        .init(id: 11, podcast: 1, title: "Monday briefing", released: 1_700_000_000, duration: 1200, completed: true),
        .init(id: 12, podcast: 1, title: "Tuesday briefing", released: 1_700_086_400, duration: 1260, position: 300),
        .init(id: 21, podcast: 2, title: "The interview", released: 1_700_050_000, duration: 3500),
        .init(id: 22, podcast: 2, title: "Interview special", released: 1_700_100_000, duration: nil),
        .init(id: 31, podcast: 3, title: "Roses in winter", released: 1_699_000_000, duration: 2400),
    ]
}
