import EarshotFeed
import EarshotLocale
import Foundation

/// Subscribing from any address a listener has (`ListenerAddress`): a feed's, a web page's (whose
/// `<link rel="alternate">` feeds are read when the address turns out not to be a feed: one is
/// subscribed to, several become the recent numbered list, none is said so), an Apple Podcasts or
/// Podcast Index page of a show (the directory's lookup gives its feed), with `feed://` and its
/// relatives read as http. Feeds go through the library's one pipeline, all of a batch at once; each
/// address gets one report, in the order given, and progress as each settles.
extension Finder {
    func subscribe(_ texts: [String], autoQueue: Bool, progress: @escaping (UpdateReport, Int, Int) -> Void,
                   completion: @escaping ([UpdateReport]) -> Void) {
        let batch = SubscriptionBatch(count: texts.count, progress: progress, completion: completion)
        var feeds: [(index: Int, url: URL)] = []
        for (index, text) in texts.enumerated() {
            switch ListenerAddress.read(text) {
            case .feed(let url):
                feeds.append((index, url))
            case .directoryPage(let directory, let id, let page):
                lookUp(id, in: directory, page: page, autoQueue: autoQueue) { batch.settle(index, $0) }
            case .refused(let words):
                batch.settle(index, UpdateReport(url: URL(string: "invalid:")!, error: words))
            }
        }
        let readsPages = pages != nil
        let pageDecides = { (report: UpdateReport) in readsPages && report.notAFeed && report.url.scheme?.lowercased() != "file" }
        library.subscribe(feeds.map(\.url), autoQueue: autoQueue, progress: { report, _, _ in
            if !pageDecides(report) { batch.announce(report) }
        }) { [weak self] reports in
            for (feed, report) in zip(feeds, reports) {
                if let self, pageDecides(report) {
                    self.subscribeFromPage(feed.url, failedAsFeed: report, autoQueue: autoQueue) { batch.settle(feed.index, $0) }
                } else {
                    batch.settle(feed.index, report, announced: true)
                }
            }
        }
    }

    /// The feed of show `id` in `directory`, looked up and subscribed to; the report names `page`.
    private func lookUp(_ id: String, in directory: Directory, page: URL, autoQueue: Bool, completion: @escaping (UpdateReport) -> Void) {
        let failed = { (words: String) in completion(UpdateReport(url: page, error: "\(page.absoluteString): \(words)")) }
        guard let asking else { return failed(tr("%s cannot be asked", directory.name)) }
        guard settings.directories.contains(directory) else {
            // TRANSLATORS: %1$s names a directory (Apple Podcasts); keep "directories = %2$s", a line of the configuration file.
            return failed(tr("%1$s is not among the directories Earshot may ask (directories = %2$s)", directory.name,
                             settings.directories.map(\.rawValue).joined(separator: ", ")))
        }
        _ = DirectoryRound(.lookUp(id), of: [directory], through: asking, timers: timers, timeout: settings.timeout) { [weak self] answers in
            switch answers.first?.1 {
            case .success(let shows)?:
                guard let self, let show = shows.first else { return failed(tr("%1$s has no show %2$s with a feed", directory.name, id)) }
                self.subscribe(show.feed, for: page, autoQueue: autoQueue, completion: completion)
            case .failure(let error)?:
                failed("\(directory.name) \(error)")
            case nil:
                failed(tr("%s gave no answer", directory.name))
            }
        }
    }

    /// `page` was not a feed: its feed links decide. A page that is not HTML leaves the feed's own error.
    private func subscribeFromPage(_ page: URL, failedAsFeed report: UpdateReport, autoQueue: Bool,
                                   completion: @escaping (UpdateReport) -> Void) {
        readPage(page) { [weak self] result in
            var answer = report
            switch result {
            case .failure(.notAWebPage):
                break
            case .failure(let error):
                answer.error = "\(page.absoluteString): \(error)"
            case .success(let links) where links.isEmpty:
                // TRANSLATORS: %s is a web page's address; keep the HTML and the types as they are.
                answer.error = tr("%s: the web page links to no feed (no <link rel=\"alternate\"> of type application/rss+xml or application/atom+xml)",
                                  page.absoluteString)
            case .success(let links) where links.count == 1:
                guard let self else { break }
                return self.subscribe(links[0].url, for: page, autoQueue: autoQueue, completion: completion)
            case .success(let links):
                guard let self else { break }
                self.latest = ResultList(origin: .page(page), shows: self.marked(links.map(FoundShow.init)), made: self.timers.now,
                                         madeAt: self.timers.date)
                // TRANSLATORS: %1$s is a web page's address; %2$d is 2 or more.
                answer.error = trn("%1$s: the web page links to %2$d feeds; choose one", "%1$s: the web page links to %2$d feeds; choose one", links.count,
                                   page.absoluteString, links.count)
                answer.choices = links
            }
            completion(answer)
        }
    }

    /// Subscribes to `feed`, which the address `page` led to; the report names both.
    private func subscribe(_ feed: URL, for page: URL, autoQueue: Bool, completion: @escaping (UpdateReport) -> Void) {
        library.subscribe([feed], autoQueue: autoQueue) { reports in
            var report = reports.first ?? UpdateReport(url: page, error: tr("%s: nothing was subscribed", feed.absoluteString))
            report.url = page
            report.feed = feed
            completion(report)
        }
    }

    /// Reads `page`'s feed links, at most `pagesAtOnce` pages at a time (an import of many dead sites
    /// does not open hundreds of connections).
    private func readPage(_ page: URL, completion: @escaping (Result<[FeedLink], WebPageError>) -> Void) {
        waitingPages.push((page, completion))
        readWaitingPages()
    }

    private func readWaitingPages() {
        while pagesReading < Self.pagesAtOnce, let pages, let next = waitingPages.pop() {
            pagesReading += 1
            let completion = next.1
            pages.feedLinks(of: next.0) { [weak self] result in
                self?.pagesReading -= 1
                completion(result)
                self?.readWaitingPages()
            }
        }
    }
}

/// The reports of one Subscribe, gathered in the order of its addresses, with progress as each settles.
private final class SubscriptionBatch {
    private var reports: [UpdateReport?]
    private var settled = 0
    private var announced = 0
    private let progress: (UpdateReport, Int, Int) -> Void
    private let completion: ([UpdateReport]) -> Void

    init(count: Int, progress: @escaping (UpdateReport, Int, Int) -> Void, completion: @escaping ([UpdateReport]) -> Void) {
        reports = Array(repeating: nil, count: count)
        self.progress = progress
        self.completion = completion
        if count == 0 { completion([]) }
    }

    /// Tells the listener that `report` is done.
    func announce(_ report: UpdateReport) {
        announced += 1
        progress(report, announced, reports.count)
    }

    /// The report of address `index`; progress is announced unless it was already.
    func settle(_ index: Int, _ report: UpdateReport, announced alreadyAnnounced: Bool = false) {
        reports[index] = report
        settled += 1
        if !alreadyAnnounced { announce(report) }
        if settled == reports.count { completion(reports.compactMap { $0 }) }
    }
}
