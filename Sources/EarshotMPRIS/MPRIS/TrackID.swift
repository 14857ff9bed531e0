/// An MPRIS track id: a D-Bus object path naming the current episode (`mpris:trackid`, the first
/// argument of SetPosition).
///
/// Episode ids live under `/org/earshot/episode/` and are derived from the episode's GUID, so they are
/// stable across restarts and feed refreshes. Never under `/org/mpris` (reserved by the spec), except
/// `TrackID.noTrack`.
public struct TrackID: Hashable, Sendable, CustomStringConvertible {
    /// The object path.
    public let path: String

    /// The track id with the given object path, or nil when `path` is not a valid object path.
    public init?(path: String) {
        guard DBusNames.isValidObjectPath(path) else { return nil }
        self.path = path
    }

    /// The track id of the episode with `guid`: `/org/earshot/episode/` followed by the GUID's UTF-8
    /// bytes, letters and digits kept and every other byte written `_xx` (lower-case hex), e.g.
    /// `https://ex.com/1` → `/org/earshot/episode/https_3a_2f_2fex_2ecom_2f1`. Reversible, stable, and
    /// always a valid object path; an empty GUID gives `/org/earshot/episode/_`.
    public init(episodeGUID guid: String) {
        var element = ""
        element.reserveCapacity(guid.utf8.count)
        let hex = Array("0123456789abcdef".utf8)
        for byte in guid.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                element.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                element.unicodeScalars.append("_")
                element.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
                element.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0x0f)]))
            }
        }
        path = Self.episodePrefix + (element.isEmpty ? "_" : element)
    }

    private init(unchecked path: String) { self.path = path }

    /// The prefix of every episode track id.
    public static let episodePrefix = "/org/earshot/episode/"

    /// The spec's "no track" id, which SetPosition ignores.
    public static let noTrack = TrackID(unchecked: "/org/mpris/MediaPlayer2/TrackList/NoTrack")

    public var description: String { path }
}
