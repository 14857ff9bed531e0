import Foundation

/// Reads the Podcasting 2.0 elements beyond chapters and transcripts into `ShowNamespace` and
/// `EpisodeNamespace`, for `FeedBuilder`. Attribute-only elements are read at their start tag; elements
/// with text when they end, with the attributes `attributeNames` kept from their start. Every list and
/// string is bounded by `NamespaceLimits`.
enum NamespaceReader {
    /// The attributes to keep from a text element's start tag, or nil when it is not one of this reader's.
    static func attributeNames(_ kind: ElementKind) -> [String]? {
        switch kind {
        case .podcastPerson: Kept.person
        case .podcastFunding, .podcastLicense: Kept.url
        case .podcastSoundbite: Kept.soundbite
        case .podcastSeason: Kept.season
        case .podcastEpisode: Kept.episode
        case .podcastUpdateFrequency: Kept.updateFrequency
        case .podcastBlock: Kept.block
        case .podcastLocked: Kept.locked
        case .podcastTrailer: Kept.trailer
        case .podcastLocation: Kept.location
        case .podcastTxt: Kept.txt
        case .podcastContentLink: Kept.contentLink
        case .podcastGuid, .podcastMedium: Kept.none
        default: nil
        }
    }

    /// The lists `attributeNames` gives, made once rather than on every element.
    private enum Kept {
        static let person = ["role", "group", "img", "href"], url = ["url"], soundbite = ["startTime", "duration"]
        static let season = ["name"], episode = ["display"], updateFrequency = ["rrule", "complete"], block = ["id"]
        static let locked = ["owner"], trailer = ["url", "pubdate", "type", "season"], location = ["geo", "osm"]
        static let txt = ["purpose"], contentLink = ["href"], none: [String] = []
    }

    // MARK: Attribute-only elements

    /// An attribute-only element directly in an item (or in one of its alternate enclosures).
    static func start(_ kind: ElementKind, parent: ElementKind, attribute: (String) -> String?, links: LinkResolver,
                      item space: inout EpisodeNamespace) {
        switch kind {
        case .podcastImages where parent.isItem: space.images = images(attribute("srcset"), links)
        case .podcastChat where parent.isItem: space.chat = chat(attribute)
        case .podcastValue where parent.isItem: addValue(attribute("type"), to: &space.valueTypes)
        case .podcastRemoteItem where parent.isItem: space.remoteItem = remoteItem(attribute, links)
        case .podcastSocialInteract where parent.isItem:
            guard space.social.count < NamespaceLimits.perList, let network = clip(attribute("protocol")) else { return }
            space.social.append(SocialInteract(uri: links.address(attribute("uri")), protocol: network.lowercased(),
                                               account: clip(attribute("accountId"))))
        case .podcastAlternateEnclosure where parent.isItem:
            guard space.alternateEnclosures.count < NamespaceLimits.small, let type = clip(attribute("type")) else { return }
            space.alternateEnclosures.append(AlternateEnclosure(
                type: type, bitrate: attribute("bitrate").flatMap { Double($0.trimmingWhitespace()) }.flatMap { $0.isFinite && $0 > 0 ? $0 : nil },
                length: attribute("length").flatMap { Int64($0.trimmingWhitespace()) }.flatMap { $0 > 0 ? $0 : nil },
                codecs: clip(attribute("codecs")), title: clip(attribute("title")),
                isDefault: attribute("default")?.trimmingWhitespace().lowercased() == "true"))
        case .podcastSource where parent == .podcastAlternateEnclosure:
            guard let last = space.alternateEnclosures.indices.last,
                  space.alternateEnclosures[last].sourceAddresses.count < NamespaceLimits.small,
                  let address = links.address(attribute("uri")), links.mayFetch(address: address) else { return }
            space.alternateEnclosures[last].sourceAddresses.append(address)
        case .podcastIntegrity where parent == .podcastAlternateEnclosure:
            guard let last = space.alternateEnclosures.indices.last, let type = clip(attribute("type")),
                  let value = clip(attribute("value")) else { return }
            let given = Integrity(type: type.lowercased(), value: value)
            space.alternateEnclosures[last].add(given)
        default: break
        }
    }

    /// An attribute-only element directly in the channel (or a remote item in its podroll).
    static func start(_ kind: ElementKind, parent: ElementKind, attribute: (String) -> String?, links: LinkResolver,
                      show space: inout ShowNamespace) {
        switch kind {
        case .podcastImages where parent == .channel: space.images = images(attribute("srcset"), links)
        case .podcastChat where parent == .channel: space.chat = chat(attribute)
        case .podcastValue where parent == .channel: addValue(attribute("type"), to: &space.valueTypes)
        case .podcastRemoteItem where parent == .podcastPodroll:
            guard space.podroll.count < NamespaceLimits.podroll, let item = remoteItem(attribute, links) else { return }
            space.podroll.append(item)
        default: break
        }
    }

    // MARK: Elements with text

    /// A text element of an item ended: `text` its trimmed text, `attributes` those its start kept.
    static func text(_ kind: ElementKind, _ text: String?, _ attributes: KeptAttributes, links: LinkResolver,
                     item space: inout EpisodeNamespace) {
        switch kind {
        case .podcastPerson: addPerson(text, attributes, links, to: &space.people)
        case .podcastSoundbite:
            guard space.soundbites.count < NamespaceLimits.perList,
                  let start = seconds(attributes["startTime"]), let duration = seconds(attributes["duration"]), duration > 0
            else { return }
            space.soundbites.append(Soundbite(start: start, duration: duration, title: clip(text)))
        case .podcastSeason: space.seasonName = clip(attributes["name"])
        case .podcastEpisode:
            space.episodeName = clip(attributes["display"]) ?? text.flatMap { Int($0) == nil ? clip($0) : nil }
        case .podcastLocation: space.location = location(text, attributes)
        case .podcastLicense: space.license = license(text, attributes, links)
        case .podcastTxt: addText(text, attributes, to: &space.texts)
        default: break
        }
    }

    /// A text element of the channel ended.
    static func text(_ kind: ElementKind, _ text: String?, _ attributes: KeptAttributes, links: LinkResolver,
                     show space: inout ShowNamespace) {
        switch kind {
        case .podcastPerson: addPerson(text, attributes, links, to: &space.people)
        case .podcastFunding:
            guard space.funding.count < NamespaceLimits.small, let address = links.url(attributes["url"]) else { return }
            space.funding.append(FundingLink(url: address, text: clip(text)))
        case .podcastGuid: space.guid = clip(text)
        case .podcastUpdateFrequency:
            guard let text = clip(text) else { return }
            space.updateFrequency = UpdateFrequency(text: text, rule: clip(attributes["rrule"]),
                                                    isComplete: attributes["complete"]?.lowercased() == "true")
        case .podcastBlock where attributes["id"] == nil: space.isBlocked = text?.lowercased() == "yes"
        case .podcastLocked:
            space.isLocked = text?.lowercased() == "yes"
            space.lockOwner = clip(attributes["owner"])
        case .podcastTrailer:
            guard space.trailers.count < NamespaceLimits.perList, let title = clip(text), let address = links.url(attributes["url"])
            else { return }
            space.trailers.append(Trailer(title: title, url: address, published: clip(attributes["pubdate"]),
                                          type: clip(attributes["type"]), season: attributes["season"].flatMap { Int($0) }))
        case .podcastLocation: space.location = location(text, attributes)
        case .podcastLicense: space.license = license(text, attributes, links)
        case .podcastTxt: addText(text, attributes, to: &space.texts)
        case .podcastMedium: space.medium = clip(text)?.lowercased()
        default: break
        }
    }

    /// A live item's `podcast:contentLink`, added to `links` while there is room.
    static func contentLink(_ text: String?, _ attributes: KeptAttributes, links: LinkResolver, to list: inout [FundingLink]) {
        guard list.count < NamespaceLimits.small, let address = links.url(attributes["href"]) else { return }
        list.append(FundingLink(url: address, text: clip(text)))
    }

    // MARK: Values

    /// `text` trimmed and cut to `NamespaceLimits.characters`, or nil when nothing is left.
    static func clip(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
        // No more bytes than the limit is no more characters either: the common case walks no characters.
        return String(trimmed.utf8.count <= NamespaceLimits.characters ? trimmed : trimmed.prefix(NamespaceLimits.characters))
    }

    private static func seconds(_ text: String?) -> Double? {
        guard let value = text.flatMap({ Double($0.trimmingWhitespace()) }), value.isFinite, value >= 0 else { return nil }
        return value
    }

    private static func addPerson(_ text: String?, _ attributes: KeptAttributes, _ links: LinkResolver, to people: inout [Person]) {
        guard people.count < NamespaceLimits.perList, let name = clip(text) else { return }
        people.append(Person(name: name, role: clip(attributes["role"])?.lowercased() ?? "host",
                             group: clip(attributes["group"])?.lowercased() ?? "cast",
                             image: links.address(attributes["img"]).flatMap { links.mayFetch(address: $0) ? $0 : nil },
                             link: links.address(attributes["href"])))
    }

    private static func addText(_ text: String?, _ attributes: KeptAttributes, to texts: inout [TextRecord]) {
        guard texts.count < NamespaceLimits.perList, let text = clip(text) else { return }
        texts.append(TextRecord(purpose: clip(attributes["purpose"]), text: text))
    }

    private static func addValue(_ type: String?, to types: inout [String]) {
        guard types.count < NamespaceLimits.small, let type = clip(type)?.lowercased(), !types.contains(type) else { return }
        types.append(type)
    }

    private static func location(_ text: String?, _ attributes: KeptAttributes) -> Location? {
        clip(text).map { Location(name: $0, geo: clip(attributes["geo"]), osm: clip(attributes["osm"])) }
    }

    private static func license(_ text: String?, _ attributes: KeptAttributes, _ links: LinkResolver) -> License? {
        clip(text).map { License(name: $0, url: links.address(attributes["url"])) }
    }

    private static func chat(_ attribute: (String) -> String?) -> Chat? {
        guard let server = clip(attribute("server")), let network = clip(attribute("protocol")) else { return nil }
        return Chat(server: server, protocol: network.lowercased(), account: clip(attribute("accountId")), space: clip(attribute("space")))
    }

    private static func remoteItem(_ attribute: (String) -> String?, _ links: LinkResolver) -> RemoteItem? {
        let guid = clip(attribute("feedGuid")), address = links.url(attribute("feedUrl"))
        guard guid != nil || address != nil else { return nil }
        return RemoteItem(feedGuid: guid, feedURL: address, itemGuid: clip(attribute("itemGuid")),
                          medium: clip(attribute("medium"))?.lowercased())
    }

    /// A `srcset`: comma-separated `address [width]w` candidates (`1x` densities count as no width). Read
    /// byte by byte: a feed gives one per item, and splitting by characters cost more than the rest of the item.
    private static func images(_ srcset: String?, _ links: LinkResolver) -> [ImageSource] {
        guard let srcset else { return [] }
        var images: [ImageSource] = []
        let bytes = srcset.utf8.prefix(NamespaceLimits.characters * 4)
        var index = bytes.startIndex
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while index < bytes.endIndex, images.count < NamespaceLimits.perList {
            while index < bytes.endIndex, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index = bytes.index(after: index) }
            let start = index
            while index < bytes.endIndex, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ",") { index = bytes.index(after: index) }
            guard start < index else { break }
            let address = String(decoding: bytes[start..<index], as: UTF8.self)
            var width = 0, digits = 0, descriptor = false
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: ",") {
                let byte = bytes[index]
                if byte >= 0x30 && byte <= 0x39 && width < 1_000_000 { width = width * 10 + Int(byte - 0x30); digits += 1 }
                if byte == UInt8(ascii: "w") { descriptor = true }
                index = bytes.index(after: index)
            }
            guard let kept = links.address(address), links.mayFetch(address: kept) else { continue }
            images.append(ImageSource(address: kept, width: descriptor && digits > 0 && width > 0 ? width : nil))
        }
        return images
    }
}
