import EarshotFeed
import EarshotStore
import Foundation

/// One place an episode's audio can be downloaded from, with the check its file must pass.
struct AudioCandidate: Sendable, Equatable {
    var url: URL
    /// The `sri` `podcast:integrity` of the alternate enclosure listing this address; nil: unchecked.
    var integrity: SubresourceIntegrity?
    /// Its `pgp-signature` `podcast:integrity`; nil: unsigned. With both, the file must pass both.
    var signature: PGPSignature?
}

/// Which of an episode's files a download fetches, in the order tried: with the `audio-format`
/// setting (`opus,mp3`), the listener's formats first, each matched against the enclosure's and the
/// alternate enclosures' types and codecs (`mp3` also names `audio/mpeg`), every source of a match in
/// the feed's order; then the enclosure; then the other sources of an alternate enclosure that lists
/// the enclosure's address (mirrors of the same file). A source that fails gives way to the next one.
enum AudioChoice {
    /// The setting's key.
    static let key = "audio-format"

    /// The formats a setting names, lower case, in order (`"Opus, mp3"` → `["opus", "mp3"]`).
    static func formats(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: { $0 == "," || $0.isWhitespace }).map { $0.lowercased() }
    }

    /// The candidates for an episode whose enclosure is `sound` (of MIME type `type`).
    static func candidates(sound: URL?, type: String?, alternates: [AlternateEnclosure], formats: [String]) -> [AudioCandidate] {
        var chosen: [AudioCandidate] = []
        func add(_ url: URL, _ alternate: AlternateEnclosure?) {
            guard !chosen.contains(where: { $0.url == url }) else { return }
            let given = alternate?.integrities ?? []
            chosen.append(AudioCandidate(url: url, integrity: given.first { $0.type == "sri" }.flatMap { SubresourceIntegrity($0.value) },
                                         signature: given.first { $0.type == "pgp-signature" }.map { PGPSignature($0.value) }))
        }
        let same = sound.flatMap { sound in alternates.first { $0.sources.contains(sound) } }
        let enclosure = { (sound: URL) in
            add(sound, same)
            for mirror in same?.sources ?? [] { add(mirror, same) }
        }
        for format in formats {
            if let sound, matches(format, type: type, codecs: nil) { enclosure(sound) }
            for alternate in alternates where matches(format, type: alternate.type, codecs: alternate.codecs) {
                for source in alternate.sources { add(source, alternate) }
            }
        }
        if let sound { enclosure(sound) }
        return chosen
    }

    /// Whether `format` names a file of MIME `type` with `codecs`: the whole type, its subtype
    /// (`opus` for `audio/opus`), a codec, or `mp3` for `audio/mpeg`.
    private static func matches(_ format: String, type: String?, codecs: String?) -> Bool {
        let type = type?.lowercased() ?? ""
        let subtype = type.split(separator: "/").last.map(String.init) ?? ""
        let codecList = (codecs ?? "").lowercased().split(whereSeparator: { $0 == "," || $0.isWhitespace }).map { $0.split(separator: ".")[0] }
        return format == type || format == subtype || codecList.contains(Substring(format))
            || (format == "mp3" && (subtype == "mpeg" || subtype == "mp3"))
    }
}

/// The `audio-format` setting of the library and of the podcasts that have their own.
struct AudioFormats: Sendable {
    let library: [String]
    let podcasts: [PodcastID: [String]]

    /// The formats `podcast` prefers, in order.
    func of(_ podcast: PodcastID) -> [String] { podcasts[podcast] ?? library }
}
