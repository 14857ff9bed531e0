/// The XML vocabularies a podcast feed mixes, identified by namespace URI (never by prefix text).
enum FeedNamespace {
    static let atom = "http://www.w3.org/2005/Atom"
    static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd"
    /// The capitalisation some publishers copied from Apple's old documentation.
    static let itunesCapitalised = "http://www.itunes.com/DTDs/Podcast-1.0.dtd"
    /// Media RSS, with the trailing slash its specification asks for and without it.
    static let media = ["http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss"]
    /// Podlove Simple Chapters, with and without a trailing slash.
    static let podloveChapters = ["http://podlove.org/simple-chapters", "http://podlove.org/simple-chapters/"]
    static let content = "http://purl.org/rss/1.0/modules/content/"
    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let rss1 = "http://purl.org/rss/1.0/"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
    /// Podcasting 2.0, current URI and the GitHub URI that feeds written before 2021 still use.
    static let podcastIndex = ["https://podcastindex.org/namespace/1.0",
                               "https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md"]

    /// The namespace a well-known prefix stands for when a feed uses it without declaring it
    /// (`<itunes:duration>` with no `xmlns:itunes`). A declared prefix always means what it is bound to.
    static func assumed(forUndeclaredPrefix prefix: String) -> String? {
        switch prefix {
        case "itunes": return itunes
        case "podcast": return podcastIndex[0]
        case "media": return media[0]
        case "content": return content
        case "atom": return atom
        case "psc": return podloveChapters[0]
        default: return nil
        }
    }
}

/// The elements Earshot reads. Everything else is `.other` and only counted for nesting.
enum ElementKind: UInt8 {
    case other
    // Roots and containers.
    case rss, rdf, atomFeed, channel, item, atomEntry, image, atomAuthor
    // RSS 2.0 (no namespace, or RSS 1.0's).
    case title, link, description, pubDate, guid, enclosure, url, managingEditor, redirect, newLocation, language
    // iTunes.
    case itunesAuthor, itunesSummary, itunesImage, itunesDuration, itunesSeason, itunesEpisode,
         itunesEpisodeType, itunesNewFeedURL
    // Others.
    case contentEncoded, dcDate, dcCreator, podcastChapters, podcastTranscript
    // The rest of Podcasting 2.0 (`NamespaceReader`): elements with text, then attribute-only ones.
    case podcastPerson, podcastFunding, podcastGuid, podcastSoundbite, podcastSeason, podcastEpisode,
         podcastUpdateFrequency, podcastBlock, podcastLocked, podcastTrailer, podcastLocation, podcastLicense,
         podcastTxt, podcastMedium, podcastContentLink
    case podcastImages, podcastChat, podcastSocialInteract, podcastValue, podcastPodroll, podcastRemoteItem,
         podcastAlternateEnclosure, podcastSource, podcastIntegrity, podcastLiveItem
    // Media RSS and Podlove Simple Chapters.
    case mediaGroup, mediaContent, mediaThumbnail, pscChapters, pscChapter
    // Atom.
    case atomTitle, atomLink, atomID, atomSummary, atomContent, atomPublished, atomUpdated, atomName,
         atomSubtitle, atomLogo, atomIcon

    /// The kind of element `local` in namespace `uri` (nil: no namespace).
    init(uri: String?, local: String) {
        switch uri {
        case nil, FeedNamespace.rss1?:
            switch local {
            case "rss": self = .rss
            case "channel": self = .channel
            case "item": self = .item
            case "image": self = .image
            case "url": self = .url
            case "title": self = .title
            case "link": self = .link
            case "description": self = .description
            case "pubDate": self = .pubDate
            case "guid": self = .guid
            case "enclosure": self = .enclosure
            case "managingEditor": self = .managingEditor
            case "redirect": self = .redirect
            case "newLocation": self = .newLocation
            case "language": self = .language
            default: self = .other
            }
        case FeedNamespace.itunes?, FeedNamespace.itunesCapitalised?:
            switch local {
            case "author": self = .itunesAuthor
            case "summary": self = .itunesSummary
            case "image": self = .itunesImage
            case "duration": self = .itunesDuration
            case "season": self = .itunesSeason
            case "episode": self = .itunesEpisode
            case "episodeType": self = .itunesEpisodeType
            case "new-feed-url": self = .itunesNewFeedURL
            default: self = .other
            }
        case FeedNamespace.content?:
            self = local == "encoded" ? .contentEncoded : .other
        case FeedNamespace.dublinCore?:
            self = local == "date" ? .dcDate : local == "creator" ? .dcCreator : .other
        case FeedNamespace.rdf?:
            self = local == "RDF" ? .rdf : .other
        case FeedNamespace.atom?:
            switch local {
            case "feed": self = .atomFeed
            case "entry": self = .atomEntry
            case "title": self = .atomTitle
            case "link": self = .atomLink
            case "id": self = .atomID
            case "summary": self = .atomSummary
            case "content": self = .atomContent
            case "published": self = .atomPublished
            case "updated": self = .atomUpdated
            case "author": self = .atomAuthor
            case "name": self = .atomName
            case "subtitle": self = .atomSubtitle
            case "logo": self = .atomLogo
            case "icon": self = .atomIcon
            default: self = .other
            }
        case let uri? where FeedNamespace.media.contains(uri):
            switch local {
            case "group": self = .mediaGroup
            case "content": self = .mediaContent
            case "thumbnail": self = .mediaThumbnail
            default: self = .other
            }
        case let uri? where FeedNamespace.podloveChapters.contains(uri):
            self = local == "chapters" ? .pscChapters : local == "chapter" ? .pscChapter : .other
        case let uri? where FeedNamespace.podcastIndex.contains(uri):
            self = Self.podcastIndex[local] ?? .other
        default:
            self = .other
        }
    }

    /// The Podcasting 2.0 elements by local name.
    private static let podcastIndex: [String: ElementKind] = [
        "chapters": .podcastChapters, "transcript": .podcastTranscript, "person": .podcastPerson,
        "funding": .podcastFunding, "guid": .podcastGuid, "soundbite": .podcastSoundbite, "season": .podcastSeason,
        "episode": .podcastEpisode, "updateFrequency": .podcastUpdateFrequency, "block": .podcastBlock,
        "locked": .podcastLocked, "trailer": .podcastTrailer, "location": .podcastLocation, "license": .podcastLicense,
        "txt": .podcastTxt, "medium": .podcastMedium, "contentLink": .podcastContentLink, "images": .podcastImages,
        "chat": .podcastChat, "socialInteract": .podcastSocialInteract, "value": .podcastValue,
        "podroll": .podcastPodroll, "remoteItem": .podcastRemoteItem, "alternateEnclosure": .podcastAlternateEnclosure,
        "source": .podcastSource, "integrity": .podcastIntegrity, "liveItem": .podcastLiveItem,
    ]

    /// Whether the element is one of the Podcasting 2.0 elements with text that `NamespaceReader` reads.
    var isNamespaceText: Bool {
        (Self.podcastPerson.rawValue...Self.podcastContentLink.rawValue).contains(rawValue)
    }

    /// Whether the element is an item: an RSS item, an Atom entry or a Podcasting 2.0 live item.
    var isItem: Bool { self == .item || self == .atomEntry || self == .podcastLiveItem }

    /// For the elements an item's description can come from, their rank: 0 is the richest
    /// (content:encoded), then description, itunes:summary, Atom content, Atom summary.
    var descriptionRank: Int? {
        switch self {
        case .contentEncoded: return 0
        case .description: return 1
        case .itunesSummary: return 2
        case .atomContent: return 3
        case .atomSummary: return 4
        default: return nil
        }
    }

    /// Whether the element's text content is read (as opposed to its attributes only, or nothing).
    var carriesText: Bool {
        switch self {
        case .other, .rss, .rdf, .atomFeed, .channel, .item, .atomEntry, .image, .atomAuthor, .enclosure,
             .itunesImage, .podcastChapters, .podcastTranscript, .atomLink, .redirect, .mediaGroup, .mediaContent,
             .mediaThumbnail, .pscChapters, .pscChapter, .podcastImages, .podcastChat, .podcastSocialInteract,
             .podcastValue, .podcastPodroll, .podcastRemoteItem, .podcastAlternateEnclosure, .podcastSource,
             .podcastIntegrity, .podcastLiveItem:
            return false
        default:
            return true
        }
    }
}
