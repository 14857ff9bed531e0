import EarshotFeed
import Foundation

/// Where an episode that is not downloaded streams from, in the order tried when one fails to start:
/// the download's order (`AudioChoice`: the listener's `audio-format` first, then the enclosure and
/// its mirrors), except that on a metered connection the alternate enclosures with the lower bitrate
/// come first among those of a format, and, when the listener names no format, before the enclosure
/// (whose bitrate the feed does not say).
enum StreamChoice {
    static func sources(sound: URL?, type: String?, alternates: [AlternateEnclosure], formats: [String], metered: Bool) -> [URL] {
        guard metered else {
            return AudioChoice.candidates(sound: sound, type: type, alternates: alternates, formats: formats).map(\.url)
        }
        // Stable: alternates of equal (or no) bitrate keep the feed's order; those without one go last.
        let cheaper = alternates.enumerated().sorted { a, b in
            (a.element.bitrate ?? .infinity, a.offset) < (b.element.bitrate ?? .infinity, b.offset)
        }.map(\.element)
        var sources = AudioChoice.candidates(sound: sound, type: type, alternates: cheaper, formats: formats).map(\.url)
        if formats.isEmpty {
            let first = cheaper.filter { $0.bitrate != nil }.flatMap(\.sources)
            sources = first + sources.filter { !first.contains($0) }
        }
        return sources
    }
}
