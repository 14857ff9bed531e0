import EarshotLocale

/// Why an episode download did not produce its file. Every case but `http`, `notAudio`, `redirectLoop`
/// and `unsupportedScheme` leaves the part file in place, so the next download resumes where this one
/// stopped.
public enum DownloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The episode URL is neither http nor https.
    case unsupportedScheme(String)
    /// The server answered with an HTTP error status (404, 500…).
    case http(status: Int, reason: String)
    /// The server sent a web page (by its Content-Type or its first bytes) where audio was expected.
    case notAudio(String)
    /// The redirects went round in a circle, or there were more than the maximum.
    case redirectLoop(String)
    /// The server could not be reached or did not answer in time (refused, DNS, TLS, silence).
    case connectivity(String)
    /// Earshot stopped the transfer: a redirect away from http(s), the deadline, or a too slow server.
    case transfer(TransferFault)
    /// The body ended before it was complete (the connection closed, or fewer bytes than announced).
    case interrupted(received: Int64, expected: Int64?, reason: String)
    /// The disk (or the file size limit) is full: nothing was renamed as complete.
    case diskFull(path: String)
    /// The file could not be written, synced or renamed for another reason.
    case cannotWrite(path: String, reason: String)
    /// The server answered a Range request with a part Earshot did not ask for, even after starting over.
    case badRange(String)
    /// `cancel()` was called.
    case cancelled

    public var description: String {
        switch self {
        case .unsupportedScheme(let scheme):
            return scheme.isEmpty ? tr("Earshot cannot download episodes over a URL without a scheme (only http and https)")
                // TRANSLATORS: %s is a URL scheme (ftp).
                : tr("Earshot cannot download episodes over %s (only http and https)", scheme)
        case .http(let status, let reason):
            return reason.isEmpty ? tr("the server answered HTTP %s", "\(status)") : tr("the server answered HTTP %1$s %2$s", "\(status)", "\(reason)")
        case .notAudio(let what):
            return tr("the server sent %s instead of the episode's audio", "\(what)")
        case .redirectLoop(let what):
            return tr("the download was redirected in circles: %s", "\(what)")
        case .connectivity(let message):
            return tr("could not download the episode: %s", "\(message)")
        case .transfer(let fault):
            return tr("could not download the episode: %s", "\(fault)")
        case .interrupted(let received, let expected, let reason):
            // TRANSLATORS: %1$s and %2$s count bytes, %3$s says why the download stopped.
            return expected.map { tr("the download stopped after %1$s of %2$s bytes (%3$s); the part is kept and the next attempt resumes", "\(received)", "\($0)", reason) }
                // TRANSLATORS: %1$s counts bytes, %2$s says why the download stopped.
                ?? tr("the download stopped after %1$s bytes (%2$s); the part is kept and the next attempt resumes", "\(received)", reason)
        case .diskFull(let path):
            return tr("the disk is full: could not write %s (the part is kept; nothing was saved as complete)", "\(path)")
        case .cannotWrite(let path, let reason):
            return tr("could not write %1$s: %2$s", "\(path)", "\(reason)")
        case .badRange(let what):
            return tr("the server sent the wrong part of the file: %s", "\(what)")
        case .cancelled:
            return tr("the download was cancelled (the part is kept)")
        }
    }
}
