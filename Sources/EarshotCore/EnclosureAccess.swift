import EarshotLocale
import Foundation

/// Which addresses a feed gives Earshot opens. A feed from the network may only point to http(s), for
/// its audio as for what else Earshot fetches from it (transcripts): a `file://` enclosure there could
/// name a device (`/dev/ptmx`), and GStreamer would block reading it with no way to stop; a `file://`
/// transcript would have Earshot read a local file (`~/.ssh/id_rsa`), store it, index it and print it.
/// A feed read from a local file may point to local files, and then only to regular files.
enum EnclosureAccess {
    /// Why `sound`, an enclosure of the feed at `feed`, is not opened; nil when it may be.
    static func problem(sound: URL, feed: URL?) -> String? { problem(sound, isAudio: true, feed: feed) }

    /// Why `address`, which the feed at `feed` names for Earshot to fetch (a transcript), is not read;
    /// nil when it may be.
    static func problem(fetching address: URL, feed: URL?) -> String? { problem(address, isAudio: false, feed: feed) }

    private static func problem(_ address: URL, isAudio: Bool, feed: URL?) -> String? {
        let scheme = address.scheme?.lowercased() ?? ""
        if ["http", "https"].contains(scheme) { return nil }
        guard feed?.isFileURL == true else {
            return isAudio ? tr("a feed from the network may only point to http or https audio, not %s", address.absoluteString)
                : tr("a feed from the network may only point to http or https addresses, not %s", address.absoluteString)
        }
        guard scheme == "file" else { return tr("%s is neither a local file nor an http or https address", address.absoluteString) }
        var status = stat()
        guard stat(address.path, &status) == 0 else { return tr("%s does not exist", address.path) }
        guard status.st_mode & S_IFMT == S_IFREG else { return tr("%s is not a regular file", address.absoluteString) }
        return nil
    }
}
