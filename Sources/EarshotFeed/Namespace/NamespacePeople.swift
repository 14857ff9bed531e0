import Foundation

/// One `podcast:person`: someone who made the show or an episode.
public struct Person: Sendable, Equatable, Codable {
    /// The person's name (the element's text).
    public var name: String
    /// `role`, e.g. `host`, `guest` (the namespace's taxonomy; `host` when absent).
    public var role: String
    /// `group`, e.g. `cast`, `writing` (`cast` when absent).
    public var group: String
    /// `img`: a picture of the person, its absolute address as text (shown, never fetched; see
    /// `LinkResolver.address`).
    public var image: String?
    /// `href`: the person's page, its absolute address as text.
    public var link: String?

    /// A person with the given fields.
    public init(name: String, role: String = "host", group: String = "cast", image: String? = nil, link: String? = nil) {
        self.name = name
        self.role = role
        self.group = group
        self.image = image
        self.link = link
    }
}

/// One `podcast:funding`: where listeners can support the show, and what the link says.
public struct FundingLink: Sendable, Equatable, Codable {
    /// `url`.
    public var url: URL
    /// The element's text (`Support the show on Patreon`); nil when empty.
    public var text: String?

    /// A funding link.
    public init(url: URL, text: String? = nil) {
        self.url = url
        self.text = text
    }
}

/// One `podcast:soundbite`: a short stretch of an episode the publisher suggests as a preview.
public struct Soundbite: Sendable, Equatable, Codable {
    /// `startTime`, seconds.
    public var start: Double
    /// `duration`, seconds.
    public var duration: Double
    /// The element's text; nil when empty.
    public var title: String?

    /// A soundbite.
    public init(start: Double, duration: Double, title: String? = nil) {
        self.start = start
        self.duration = duration
        self.title = title
    }
}

/// One image of `podcast:images` `srcset`: an address and the width it is drawn at (nil: not given).
public struct ImageSource: Sendable, Equatable, Codable {
    /// The image's absolute address as text (shown; `LinkResolver.address`).
    public var address: String
    /// Its width in pixels (`1500w`), when the srcset gives one.
    public var width: Int?

    private enum CodingKeys: String, CodingKey { case address = "url", width }

    /// An image source.
    public init(address: String, width: Int? = nil) {
        self.address = address
        self.width = width
    }
}

/// `podcast:location`: what the show or episode is about or where it was made.
public struct Location: Sendable, Equatable, Codable {
    /// The place's name (the element's text).
    public var name: String
    /// `geo` (a `geo:` URI), when given.
    public var geo: String?
    /// `osm` (an OpenStreetMap id such as `R113314`), when given.
    public var osm: String?

    /// A location.
    public init(name: String, geo: String? = nil, osm: String? = nil) {
        self.name = name
        self.geo = geo
        self.osm = osm
    }
}

/// `podcast:license`: the licence's name (an SPDX identifier or a name) and where it is written.
public struct License: Sendable, Equatable, Codable {
    /// The element's text, e.g. `cc-by-4.0`.
    public var name: String
    /// `url`, when given: its absolute address as text (shown; `LinkResolver.address`).
    public var url: String?

    /// A licence.
    public init(name: String, url: String? = nil) {
        self.name = name
        self.url = url
    }
}

/// `podcast:txt`: free text for machines (verification codes and the like), with its `purpose`.
public struct TextRecord: Sendable, Equatable, Codable {
    /// `purpose`, when given.
    public var purpose: String?
    /// The text.
    public var text: String

    /// A text record.
    public init(purpose: String? = nil, text: String) {
        self.purpose = purpose
        self.text = text
    }
}

/// `podcast:chat`: where the show's or episode's chat happens.
public struct Chat: Sendable, Equatable, Codable {
    /// `server`, e.g. `irc.zeronode.net`.
    public var server: String
    /// `protocol`, e.g. `irc`, `matrix`, `xmpp`.
    public var `protocol`: String
    /// `accountId`, when given.
    public var account: String?
    /// `space` (a channel or room), when given.
    public var space: String?

    /// A chat.
    public init(server: String, protocol: String, account: String? = nil, space: String? = nil) {
        self.server = server
        self.protocol = `protocol`
        self.account = account
        self.space = space
    }
}

/// `podcast:socialInteract`: where an episode's comments are (a post on a social network).
public struct SocialInteract: Sendable, Equatable, Codable {
    /// `uri`: the root post, its absolute address as text (shown; `LinkResolver.address`); nil for
    /// `protocol="disabled"`.
    public var uri: String?
    /// `protocol`, e.g. `activitypub`, `twitter`, `disabled`.
    public var `protocol`: String
    /// `accountId`, when given.
    public var account: String?

    /// A social interaction link.
    public init(uri: String?, protocol: String, account: String? = nil) {
        self.uri = uri
        self.protocol = `protocol`
        self.account = account
    }
}
