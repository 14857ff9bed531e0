import EarshotFeed
import EarshotGLib
import EarshotLocale
import EarshotStore
import Foundation

/// The one feed-update pipeline: start-up, the timed refresh, `earshot add`, an OPML import and OpenUri
/// all fetch, parse and store through it. A bounded number of feeds are in flight at once (and fewer per
/// host, to be polite); parsing happens on a worker (`FeedFetching`), storing on the background, and
/// each outcome comes back on the loop. A request for a feed already waiting or being fetched joins it
/// and hears the same outcome. Queueing and starting a feed cost O(1), however many wait on one host:
/// each host has its own queue, and only hosts with a free slot wait for a global one.
public final class FeedUpdater {
    /// One feed to fetch.
    public struct Request: Sendable {
        public var url: URL
        /// The podcast it refreshes; nil for a new subscription. A podcast removed before its result is
        /// stored is not brought back.
        public var podcast: PodcastID?
        public var validators: FeedValidators
        /// Whether the caller needs the podcast's outline back (the current episode's podcast).
        public var wantsOutline: Bool

        public init(url: URL, podcast: PodcastID? = nil, validators: FeedValidators = FeedValidators(), wantsOutline: Bool = false) {
            self.url = url
            self.podcast = podcast
            self.validators = validators
            self.wantsOutline = wantsOutline
        }
    }

    /// What became of one request.
    public enum Outcome: Sendable {
        /// A new version was stored.
        case stored(SavedFeed, PodcastSummary, FeedOutline?)
        /// The server said nothing changed (304).
        case notModified(PodcastID)
        /// The podcast was removed while its feed was being fetched: nothing was stored.
        case vanished
        /// The feed could not be had or stored; the message names the URL and the cause.
        case failed(String)
        /// The address answered with a document that is not a feed (a web page, say); the message names
        /// the URL and what the document is.
        case notAFeed(String)
        /// The server asks for a user name and password (401), or did not accept the ones sent.
        case unauthorized(String)
    }

    let fetcher: FeedFetching
    let store: LibraryStore
    let background: Background
    /// How many feeds are fetched or stored at once, in all and per host.
    let limit: Int
    let perHostLimit: Int
    /// A feed waiting or in flight, with everyone who asked for it.
    private final class Job {
        var request: Request
        let host: String
        var completions: [(Outcome, Bool) -> Void]
        /// Fetching began (a request joins a waiting job freely, a started one only if it needs nothing
        /// the job was not asked for).
        var started = false
        init(_ request: Request, host: String, completion: @escaping (Outcome, Bool) -> Void) {
            self.request = request
            self.host = host
            completions = [completion]
        }
    }

    /// Jobs not started, per host, in the order asked for.
    private var waitingByHost: [String: FIFO<Job>] = [:]
    /// Hosts that have waiting jobs and a free slot of their own, in the order they became so.
    private var readyHosts = FIFO<String>()
    private var isReady: Set<String> = []
    /// Every job waiting or in flight, by feed address (a second request joins it).
    private var jobs: [URL: Job] = [:]
    private var waitingCount = 0
    private var active = 0
    private var activeByHost: [String: Int] = [:]
    /// Feeds a 304 answered whose check time is not written yet, and whether a write of them is due or
    /// under way.
    private var checksToWrite: [FeedID] = []
    private var checkWritePending = false
    let timers: Timers
    /// Where the feeds are that remote items name by `podcast:guid` alone.
    let remoteFeeds: RemoteFeedAddresses
    /// How long check times gather before they are written together.
    static let checkWriteDelay: Duration = .milliseconds(100)

    public init(fetcher: FeedFetching, store: LibraryStore, background: Background, timers: Timers, limit: Int = 8,
                perHostLimit: Int = 4) {
        self.fetcher = fetcher
        self.store = store
        self.background = background
        self.timers = timers
        self.limit = limit
        self.perHostLimit = perHostLimit
        remoteFeeds = RemoteFeedAddresses(store: store, background: background)
    }

    /// Queues `request`; `completion` runs on the loop once it is fetched and stored (or failed), with
    /// whether this request joined one asked for before (the outcome is then already taken in by the
    /// first). A request for a feed already waiting, or in flight with the same needs, joins it.
    public func update(_ request: Request, completion: @escaping (_ outcome: Outcome, _ joined: Bool) -> Void) {
        if let job = jobs[request.url], job.request.podcast == request.podcast,
           !request.wantsOutline || job.request.wantsOutline || !job.started {
            job.request.wantsOutline = job.request.wantsOutline || request.wantsOutline
            job.completions.append(completion)
            return
        }
        let job = Job(request, host: request.url.host ?? "", completion: completion)
        if jobs[request.url] == nil { jobs[request.url] = job }
        waitingByHost[job.host, default: FIFO()].push(job)
        waitingCount += 1
        markReadyIfFree(job.host)
        pump()
    }

    /// How many feeds are waiting or in flight.
    var pending: Int { waitingCount + active }


    /// Puts `host` in line for a global slot when it has waiting jobs and a free slot of its own.
    private func markReadyIfFree(_ host: String) {
        guard !isReady.contains(host), activeByHost[host, default: 0] < perHostLimit,
              !(waitingByHost[host]?.isEmpty ?? true) else { return }
        isReady.insert(host)
        readyHosts.push(host)
    }

    private func pump() {
        while active < limit, let host = readyHosts.pop() {
            isReady.remove(host)
            guard let job = waitingByHost[host]?.pop() else { continue }
            if waitingByHost[host]?.isEmpty == true { waitingByHost[host] = nil }
            waitingCount -= 1
            active += 1
            activeByHost[host, default: 0] += 1
            job.started = true
            markReadyIfFree(host)
            start(job.request) { [weak self] outcome in
                guard let self else { return }
                self.active -= 1
                self.activeByHost[host, default: 1] -= 1
                if self.activeByHost[host] == 0 { self.activeByHost[host] = nil }
                if self.jobs[job.request.url] === job { self.jobs[job.request.url] = nil }
                self.markReadyIfFree(host)
                for (index, completion) in job.completions.enumerated() { completion(outcome, index > 0) }
                self.pump()
            }
        }
    }

    private func start(_ request: Request, finished: @escaping (Outcome) -> Void) {
        fetcher.fetch(request.url, validators: request.validators) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.notModified):
                guard let podcast = request.podcast else {
                    return finished(.failed(tr("%s: the server answered 304 to an unconditional request", "\(request.url.absoluteString)")))
                }
                self.recordCheck(of: podcast)
                finished(.notModified(podcast))
            case .success(.fetched(let fetched)):
                self.resolvingRemoteItems(fetched) { [weak self] fetched in self?.store(fetched, for: request, finished: finished) }
            case .failure(let error):
                let message = "\(request.url.absoluteString): \(error)"
                if case .invalidData = error { return finished(.notAFeed(message)) }
                if case .http(status: 401, _) = error { return finished(.unauthorized(message)) }
                finished(.failed(message))
            }
        }
    }

    /// Notes that `feed` was found unchanged; its check time is written within `checkWriteDelay`, with
    /// the others noted meanwhile, in one transaction. Its slot is free at once: a refresh that nothing
    /// changed is one 304 after another, and a write and two thread hops for each made the daemon, not
    /// the server, its pace. (A check time lost to a crash only means the feed is checked again.)
    private func recordCheck(of feed: FeedID) {
        checksToWrite.append(feed)
        scheduleCheckWrite()
    }

    private func scheduleCheckWrite() {
        guard !checkWritePending, !checksToWrite.isEmpty else { return }
        checkWritePending = true
        _ = timers.after(Self.checkWriteDelay) { [weak self] in self?.writeChecks() }
    }

    private func writeChecks() {
        let feeds = checksToWrite, store = self.store
        checksToWrite = []
        background.run({ () -> String? in
            do {
                try store.markChecked(feeds, checkedAt: Date())
                return nil
            } catch {
                return "\(error)"
            }
        }, completion: { [weak self] failure in
            if let failure { Log.warning("cannot record that \(feeds.count) feeds were found unchanged: \(failure)") }
            self?.checkWritePending = false
            self?.scheduleCheckWrite()
        })
    }

    /// Stores a fetched feed on the background. A feed that moved (301/308 or itunes:new-feed-url) is
    /// stored under its new address. When a podcast is subscribed there already (or was, before its
    /// feed moved on), the two are one feed: a podcast refreshed here is merged into that one
    /// (`SavedFeed.merged`), and a new subscription is that podcast (its address is recorded as one of
    /// that podcast's, so the next time it is known without a fetch). A new subscription whose feed says
    /// it is a podcast already subscribed (`podcast:guid`, the show's identity across moves) is that
    /// podcast too, whatever its address. Live shows on the air or over are stored as episodes
    /// (`LiveEpisodes`); trailers are left out of the new episodes it reports (`TrailerRule`).
    private func store(_ fetched: FetchedFeed, for request: Request, finished: @escaping (Outcome) -> Void) {
        let store = self.store
        let parsed = ParsedChannel(fetched.feed.channel)
        let guid = fetched.feed.channel.podcast.guid
        let validators = fetched.validators
        let movedTo = fetched.permanentURL ?? fetched.feed.channel.newFeedURL
        background.run({ () -> Outcome in
            do {
                if let podcast = request.podcast, try store.podcast(podcast) == nil { return .vanished }
                var podcast = try request.podcast ?? store.podcastID(url: request.url)
                if podcast == nil, let guid, let owner = try store.podcastID(guid: guid) {
                    Log.message("\(request.url.absoluteString) is \(owner) at another address (the same podcast:guid \(guid))")
                    podcast = owner
                }
                var merged: PodcastMerge?
                if let movedTo, let owner = try store.podcastID(url: movedTo), owner != podcast {
                    if let duplicate = podcast {
                        merged = try store.mergeFeed(duplicate, into: owner)
                        Log.message("the feed moved onto another subscription's address: \(request.url.absoluteString) → "
                                    + "\(movedTo.absoluteString); \(duplicate) was merged into \(owner)")
                    }
                    podcast = owner
                }
                let url = try podcast.flatMap { try store.podcast($0)?.url } ?? request.url
                let channel = LiveEpisodes.folded(parsed.take()), trailers = TrailerRule.trailers(in: channel)
                var saved = TrailerRule.leavingOut(trailers, from: try store.storeFeed(channel, url: url, validators: validators, checkedAt: Date()))
                saved.merged = merged
                if request.podcast == nil, request.url != url { try store.addFormerURL(request.url, of: saved.podcast) }
                if let movedTo, movedTo != url {
                    do {
                        try store.moveFeed(saved.podcast, to: movedTo)
                        Log.message("the feed moved: \(url.absoluteString) → \(movedTo.absoluteString)")
                    } catch {
                        Log.warning("keeping \(url.absoluteString): \(error)")
                    }
                }
                guard let summary = try store.podcast(saved.podcast) else { return .vanished }
                // A merge changes the play order of a podcast that may be the current one.
                let outline = request.wantsOutline || merged != nil ? try store.outline(id: saved.podcast) : nil
                return .stored(saved, summary, outline)
            } catch {
                return .failed(tr("cannot store %1$s: %2$s", "\(request.url.absoluteString)", "\(error)"))
            }
        }, completion: finished)
    }
}

/// The parsed channel on its way to the store, handed over once, so the background job that stores it
/// also frees it (a 5,000-episode feed is megabytes of strings) before the result comes back.
private final class ParsedChannel: @unchecked Sendable {
    private var channel: Channel?
    init(_ channel: Channel) { self.channel = channel }

    /// The channel; the box no longer holds it. Called once, on the background.
    func take() -> Channel {
        defer { channel = nil }
        return channel ?? Channel()
    }
}
