import Foundation

/// Builds a `Channel` from the stream of elements the SAX parser reports, for RSS 2.0, RSS 1.0 and Atom.
///
/// It keeps a stack of element kinds; an element's text is read only when its parent is the container it
/// belongs to (the channel, an item, the channel's image, an Atom author), so a `<title>` inside
/// `<image>` never becomes the show's title.
///
/// A struct owned by the parser: the SAX callbacks reach it through one access to the parser per event,
/// instead of one checked class-property access per field.
struct FeedBuilder {
    private let links: LinkResolver
    /// Addresses left out as neither http nor https, and the first of them (for one warning).
    private var leftOut = (count: 0, first: "")
    private var stack: [ElementKind] = []
    private var channel = ChannelDraft()
    /// The channel's Podcasting 2.0 fields (`NamespaceReader`), live items among them.
    private var show = ShowNamespace()
    /// The attributes `NamespaceReader` keeps from the start of the namespace text element being read.
    private var kept = KeptAttributes()
    private var item: ItemDraft?
    /// Whether `item` holds a draft. Kept apart: testing the optional itself copied the whole draft
    /// (and retained each of its fields) at every element.
    private var insideItem = false
    private var itemCount = 0
    private var seenIDs: Set<String> = []
    private(set) var episodes: [Episode] = []
    private(set) var warnings: [String] = []

    /// Text of the element being read, and the stack depth it started at.
    private var text: [UInt8] = []
    private var captured: (kind: ElementKind, depth: Int)?

    init(baseURL: URL?) {
        links = LinkResolver(baseURL: baseURL)
        text.reserveCapacity(16 * 1024)
    }

    /// Whether an item or entry was open (the document ended inside it).
    var isInsideItem: Bool { insideItem }

    /// A start tag. `attribute` reads one of its attributes by local name.
    mutating func start(_ kind: ElementKind, attribute: (String) -> String?) {
        let parent = stack.last ?? .other
        stack.append(kind)
        if captured != nil { return }  // markup inside a text element (unescaped HTML): keep its text only
        switch kind {
        case .item, .atomEntry:
            // Items never nest; after libxml2 repaired a broken tag, the previous one may still be open.
            if insideItem { finishItem() }
            itemCount += 1
            item = ItemDraft()
            insideItem = true
            return
        case .podcastLiveItem where parent == .channel:
            if insideItem { finishItem() }
            itemCount += 1
            item = ItemDraft()
            insideItem = true
            item!.live = LiveDraft(status: attribute("status")?.trimmingWhitespace().lowercased() ?? "pending",
                                   start: NamespaceReader.clip(attribute("start")), end: NamespaceReader.clip(attribute("end")))
            return
        case .podcastImages, .podcastChat, .podcastValue, .podcastRemoteItem, .podcastSocialInteract,
             .podcastAlternateEnclosure, .podcastSource, .podcastIntegrity:
            if insideItem {
                // A source or integrity belongs to the alternate enclosure it is in, never to an earlier one.
                if kind == .podcastSource || kind == .podcastIntegrity, !item!.alternateKept { return }
                let before = item!.space.alternateEnclosures.count
                NamespaceReader.start(kind, parent: parent, attribute: attribute, links: links, item: &item!.space)
                if kind == .podcastAlternateEnclosure { item!.alternateKept = item!.space.alternateEnclosures.count > before }
            } else {
                NamespaceReader.start(kind, parent: parent, attribute: attribute, links: links, show: &show)
            }
            return
        case .enclosure where insideItem && (parent == .item || parent == .podcastLiveItem):
            SoundDraft.offer(url: attribute("url"), type: attribute("type"), length: attribute("length"), to: &item!.enclosure)
            return
        case .mediaContent where insideItem && isItemOrItsMediaGroup(parent):
            SoundDraft.offer(url: attribute("url"), type: attribute("type"), length: attribute("fileSize"),
                             medium: attribute("medium"), to: &item!.mediaContent)
            return
        case .mediaThumbnail where insideItem && isItemOrItsMediaGroup(parent):
            if item!.thumbnail == nil { item!.thumbnail = attribute("url") }
            return
        case .pscChapter where insideItem && parent == .pscChapters:
            if let start = attribute("start").flatMap(EpisodeDuration.seconds), let title = attribute("title") {
                item!.chapters.append(Chapter(start: start, title: title, link: url(attribute("href")),
                                              image: fetchable(attribute("image"))))
            }
            return
        case .itunesImage:
            if insideItem { item!.image = attribute("href") } else if isChannelContainer(parent) { channel.itunesImage = attribute("href") }
            return
        case .podcastChapters where insideItem:
            item!.chaptersURL = attribute("url")
            return
        case .podcastTranscript where insideItem:
            if let address = fetchable(attribute("url")) {
                item!.transcripts.append(TranscriptLink(url: address, type: trimmed(attribute("type")),
                                                        language: trimmed(attribute("language")), rel: trimmed(attribute("rel"))))
            }
            return
        case .atomLink:
            atomLink(rel: attribute("rel") ?? "alternate", href: attribute("href"), type: attribute("type"),
                     length: attribute("length"), parent: parent)
            return
        case .atomContent, .atomSummary, .atomTitle, .atomSubtitle:
            if insideItem, kind == .atomContent || kind == .atomSummary {
                // Atom text constructs are plain text unless type says html or xhtml.
                if attribute("type").map({ $0 == "html" || $0 == "xhtml" }) ?? false { item!.atomHTML.insert(kind) }
            }
        default:
            break
        }
        if let rank = kind.descriptionRank, let current = item?.description, current.kind.descriptionRank! <= rank {
            return  // a richer description was already read; this poorer one is not needed
        }
        if kind.carriesText && reads(kind, under: parent) {
            if let names = NamespaceReader.attributeNames(kind) {
                kept.keep(names, from: attribute)
            }
            captured = (kind, stack.count)
            text.removeAll(keepingCapacity: true)
        }
    }

    /// Character data (text or CDATA) inside the current element.
    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        if captured != nil { text.append(contentsOf: bytes) }
    }

    /// An end tag.
    mutating func end() {
        guard let kind = stack.popLast() else { return }
        if let current = captured, current.depth == stack.count + 1 {
            captured = nil
            store(current.kind, text)
        } else if captured == nil, kind == .item || kind == .atomEntry || (kind == .podcastLiveItem && item?.live != nil) {
            finishItem()
        }
    }

    /// The channel with every complete episode.
    mutating func makeChannel() -> Channel {
        if insideItem {
            warnings.append("\(itemName(item!)) was cut off by the end of the document; skipped")
        }
        let profileImage = fetchable(channel.itunesImage ?? channel.imageURL ?? channel.atomLogo)
        let newFeedURL = fetchable(channel.newFeedURL ?? channel.redirect)
        if leftOut.count > 0 {
            warnings.append("left out \(leftOut.count) address(es) to fetch that are not http or https, the first \(leftOut.first): "
                            + "a feed from the network may only point to http or https addresses")
        }
        return Channel(
            title: channel.title, link: url(channel.link), author: channel.author ?? channel.atomAuthor,
            description: channel.description.map { bytes in bytes.withUnsafeBufferPointer { PlainText.from($0, isHTML: true) } } ?? "",
            profileImage: profileImage, newFeedURL: newFeedURL, language: channel.language, episodes: episodes, podcast: show)
    }

    // MARK: Where text belongs

    private func isChannelContainer(_ kind: ElementKind) -> Bool { kind == .channel || kind == .atomFeed }

    /// Whether `parent` (of the element just pushed) is an item or entry, or a media:group directly in one.
    private func isItemOrItsMediaGroup(_ parent: ElementKind) -> Bool {
        if parent == .item || parent == .atomEntry { return true }
        guard parent == .mediaGroup, stack.count >= 3 else { return false }
        let grandparent = stack[stack.count - 3]
        return grandparent == .item || grandparent == .atomEntry
    }

    private func reads(_ kind: ElementKind, under parent: ElementKind) -> Bool {
        switch parent {
        case .item, .atomEntry, .podcastLiveItem: return insideItem
        case .channel, .atomFeed: return !insideItem
        case .image: return kind == .url
        case .atomAuthor: return kind == .atomName && !insideItem
        case .redirect: return kind == .newLocation && !insideItem
        default: return false
        }
    }

    private mutating func store(_ kind: ElementKind, _ bytes: [UInt8]) {
        if insideItem { storeItemField(kind, bytes) } else { storeChannelField(kind, bytes) }
    }

    private mutating func storeItemField(_ kind: ElementKind, _ bytes: [UInt8]) {
        switch kind {
        case .title, .atomTitle: item!.title = string(bytes)
        case .guid, .atomID: item!.guid = string(bytes)
        case .link: item!.link = string(bytes)
        case .pubDate, .dcDate, .atomPublished: if item!.date == nil || kind == .pubDate { item!.date = string(bytes) }
        case .atomUpdated: item!.updated = string(bytes)
        case .contentEncoded, .description, .itunesSummary, .atomContent, .atomSummary:
            item!.description = (kind, exactCopy(bytes))
        case .itunesDuration: item!.duration = string(bytes)
        case .itunesSeason: item!.season = string(bytes).flatMap { Int($0) }
        case .itunesEpisode: item!.episode = string(bytes).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        case .itunesEpisodeType: item!.episodeType = string(bytes)
        case .podcastSeason, .podcastEpisode:
            // The namespace's numbers stand in for iTunes' when the feed gives only them.
            let number = string(bytes).flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
            if kind == .podcastSeason, item!.season == nil { item!.season = number }
            if kind == .podcastEpisode, item!.episode == nil { item!.episode = number }
            NamespaceReader.text(kind, string(bytes), kept, links: links, item: &item!.space)
        case .podcastContentLink where item!.live != nil:
            NamespaceReader.contentLink(string(bytes), kept, links: links, to: &item!.live!.contentLinks)
        default: if kind.isNamespaceText { NamespaceReader.text(kind, string(bytes), kept, links: links, item: &item!.space) }
        }
    }

    private mutating func storeChannelField(_ kind: ElementKind, _ bytes: [UInt8]) {
        switch kind {
        case .title, .atomTitle: channel.title = string(bytes)
        case .link: channel.link = string(bytes)
        case .url: channel.imageURL = string(bytes)
        case .description: channel.description = exactCopy(bytes)
        case .itunesSummary, .atomSubtitle: if channel.description == nil { channel.description = exactCopy(bytes) }
        case .itunesAuthor: channel.author = string(bytes)
        case .dcCreator, .managingEditor: if channel.author == nil { channel.author = string(bytes) }
        case .atomName: channel.atomAuthor = string(bytes)
        case .atomLogo, .atomIcon: if channel.atomLogo == nil || kind == .atomLogo { channel.atomLogo = string(bytes) }
        case .itunesNewFeedURL: channel.newFeedURL = string(bytes)
        case .newLocation: channel.redirect = string(bytes)
        case .language: channel.language = string(bytes)
        default: if kind.isNamespaceText { NamespaceReader.text(kind, string(bytes), kept, links: links, show: &show) }
        }
    }

    private mutating func atomLink(rel: String, href: String?, type: String?, length: String?, parent: ElementKind) {
        if insideItem && parent == .atomEntry {
            if rel == "enclosure" {
                SoundDraft.offer(url: href, type: type, length: length, to: &item!.enclosure)
            } else if rel == "alternate", item!.link == nil {
                item!.link = href
            }
        } else if !insideItem && parent == .atomFeed && rel == "alternate" && channel.link == nil {
            channel.link = href
        }
    }

    // MARK: Finishing an item

    private mutating func finishItem() {
        guard insideItem, let draft = item.take() else { return }
        insideItem = false
        let chosen = draft.enclosure ?? draft.mediaContent
        let sound = url(chosen?.url)
        let link = links.address(draft.link)
        guard let id = draft.guid ?? sound?.absoluteString ?? link.flatMap({ url($0)?.absoluteString }) else {
            warnings.append("\(itemName(draft)) has no guid, enclosure or link to identify it; skipped")
            return
        }
        guard draft.live != nil || seenIDs.insert(id).inserted else {
            warnings.append("\(itemName(draft)) repeats the id \(id) of an earlier item; skipped")
            return
        }
        if let chosen, sound == nil {
            warnings.append("\(itemName(draft)) has an enclosure URL that cannot be read: \(chosen.url)")
        }
        var rawDescription: String?
        var format = DescriptionFormat.html
        if let (kind, bytes) = draft.description {
            rawDescription = String(decoding: bytes, as: UTF8.self)
            let isAtom = kind == .atomContent || kind == .atomSummary
            format = !isAtom || draft.atomHTML.contains(kind) ? .html : .text
        }
        let dateText = draft.date ?? draft.updated
        var episode = Episode(
            id: id, title: draft.title, rawDescription: rawDescription, rawDescriptionFormat: format,
            releaseDate: dateText.map(ReleaseDate.init(text:)), soundURL: sound,
            soundMIMEType: chosen?.mimeType, soundByteLength: chosen?.byteLength.flatMap { Int64($0.trimmingWhitespace()) },
            duration: draft.duration.flatMap(EpisodeDuration.seconds), season: draft.season, episodeNumber: draft.episode,
            episodeType: draft.episodeType, transcripts: draft.transcripts, chapters: Chapter.ordered(draft.chapters),
            podcast: draft.space)
        episode.coverImageAddress = fetchableAddress(draft.image) ?? fetchableAddress(draft.thumbnail)
        episode.linkAddress = link
        episode.chaptersAddress = fetchableAddress(draft.chaptersURL)
        guard let live = draft.live else { return episodes.append(episode) }
        guard show.liveItems.count < NamespaceLimits.liveItems else { return }
        show.liveItems.append(LiveItem(status: live.status, start: live.start.map(ReleaseDate.init(text:)),
                                       end: live.end.map(ReleaseDate.init(text:)), episode: episode, contentLinks: live.contentLinks))
    }

    private func itemName(_ draft: ItemDraft) -> String {
        draft.title.map { "item \(itemCount) (\"\(SafeText.escaped($0))\")" } ?? "item \(itemCount)"
    }

    // MARK: Values

    /// A copy of `bytes` in storage of its own, so the reusable text buffer stays uniquely referenced
    /// (and is not reallocated at its full capacity on the next element).
    private func exactCopy(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { Array($0) }
    }

    /// The text without surrounding white space, or nil when nothing is left.
    private func string(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { all in
            var lo = 0, hi = all.count
            while lo < hi, all[lo] <= 0x20 { lo += 1 }
            while hi > lo, all[hi - 1] <= 0x20 { hi -= 1 }
            return lo == hi ? nil : String(decoding: UnsafeBufferPointer(rebasing: all[lo..<hi]), as: UTF8.self)
        }
    }

    /// `text` without surrounding white space, or nil when nothing is left.
    private func trimmed(_ text: String?) -> String? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        return String(text)
    }

    private func url(_ text: String?) -> URL? { links.url(text) }

    /// `text` as the absolute address of something Earshot fetches later (an episode's artwork, its
    /// chapters), in text (`LinkResolver.address`): as `fetchable`, only http(s) from the network, and
    /// what is left out is counted.
    private mutating func fetchableAddress(_ text: String?) -> String? {
        guard let address = links.address(text) else { return nil }
        if links.mayFetch(address: address) { return address }
        leaveOut(address)
        return nil
    }

    /// `text` as an address Earshot fetches (a transcript, chapters, an image, the feed's new address):
    /// from a feed that came from the network, only http(s) (a `file://` one would have Earshot read a
    /// local file and show it); anything is kept from a local feed. What is left out is counted.
    private mutating func fetchable(_ text: String?) -> URL? {
        guard let address = url(text) else { return nil }
        if links.mayFetch(address) { return address }
        leaveOut(address.absoluteString)
        return nil
    }

    /// Counts an address left out as not fetchable from this feed (the first is named in the warning).
    private mutating func leaveOut(_ address: String) {
        if leftOut.count == 0 { leftOut.first = address }
        leftOut.count += 1
    }
}

/// What an item or entry said, before it becomes an `Episode`.
private struct ItemDraft {
    var guid: String?
    var title: String?
    var link: String?
    var date: String?
    var updated: String?
    /// The richest description source met so far, and which element it came from.
    var description: (kind: ElementKind, bytes: [UInt8])?
    /// The Atom text constructs (content, summary) whose type is html or xhtml.
    var atomHTML: Set<ElementKind> = []
    /// The enclosure (or Atom enclosure link) chosen so far.
    var enclosure: SoundDraft?
    /// The media:content chosen so far; the sound only when there is no enclosure.
    var mediaContent: SoundDraft?
    /// itunes:image href.
    var image: String?
    /// media:thumbnail url; the art only when there is no itunes:image.
    var thumbnail: String?
    var duration: String?
    var season: Int?
    var episode: Int?
    var episodeType: String?
    var chaptersURL: String?
    var transcripts: [TranscriptLink] = []
    /// Podlove Simple Chapters, as listed.
    var chapters: [Chapter] = []
    /// The item's Podcasting 2.0 fields.
    var space = EpisodeNamespace()
    /// Whether the last `podcast:alternateEnclosure` started was kept (it has a type, and there was room).
    var alternateKept = false
    /// For a `podcast:liveItem`, what it says of the show.
    var live: LiveDraft?
}

/// What a `podcast:liveItem` says besides its item's fields, before it becomes a `LiveItem`.
private struct LiveDraft {
    var status: String
    var start: String?
    var end: String?
    var contentLinks: [FundingLink] = []
}

/// One candidate for an item's sound: an enclosure, an Atom enclosure link or a media:content.
private struct SoundDraft {
    var url: String
    var mimeType: String?
    var byteLength: String?
    /// Whether it is audio or video (as opposed to, say, a cover image listed as an enclosure).
    var isPlayable: Bool

    /// Keeps the first audio or video candidate, else the first candidate: an item listing `audio.mp3`
    /// then `cover.jpg` plays the audio, and one listing `cover.jpg` then `audio.mp3` too.
    static func offer(url: String?, type: String?, length: String?, medium: String? = nil, to chosen: inout SoundDraft?) {
        guard let url else { return }
        let isPlayable = isAudioOrVideo(type) || isAudioOrVideo(medium)
        if let current = chosen, current.isPlayable || !isPlayable { return }
        chosen = SoundDraft(url: url, mimeType: type, byteLength: length, isPlayable: isPlayable)
    }

    /// Whether a MIME type (`audio/mpeg`) or Media RSS medium (`video`) names audio or video.
    private static func isAudioOrVideo(_ value: String?) -> Bool {
        guard let start = value?.prefix(5).lowercased() else { return false }  // a small string: no allocation
        return start == "audio" || start == "video"
    }
}

/// What the channel (or Atom feed) said about itself.
private struct ChannelDraft {
    var title: String?
    var link: String?
    var description: [UInt8]?
    var author: String?
    var atomAuthor: String?
    var itunesImage: String?
    var imageURL: String?
    var atomLogo: String?
    var newFeedURL: String?
    var language: String?
    /// `<redirect><newLocation>`: where the feed moved, said the older way.
    var redirect: String?
}
