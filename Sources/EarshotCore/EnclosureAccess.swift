import Foundation

/// Which enclosures Earshot opens. A feed from the network may only point to http(s) audio, as
/// downloads require: a `file://` enclosure there could name a device (`/dev/ptmx`), and GStreamer would
/// block reading it with no way to stop. A feed read from a local file may point to local audio, and
/// then only to a regular file.
enum EnclosureAccess {
    /// Why `sound`, an enclosure of the feed at `feed`, is not opened; nil when it may be.
    static func problem(sound: URL, feed: URL?) -> String? {
        let scheme = sound.scheme?.lowercased() ?? ""
        if ["http", "https"].contains(scheme) { return nil }
        guard feed?.isFileURL == true else {
            return "a feed from the network may only point to http or https audio, not \(sound.absoluteString)"
        }
        guard scheme == "file" else { return "\(sound.absoluteString) is neither a local file nor an http or https address" }
        var status = stat()
        guard stat(sound.path, &status) == 0 else { return "\(sound.path) does not exist" }
        guard status.st_mode & S_IFMT == S_IFREG else { return "\(sound.absoluteString) is not a regular file" }
        return nil
    }
}
