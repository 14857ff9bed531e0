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
            return "Earshot cannot download episodes over \(scheme.isEmpty ? "a URL without a scheme" : scheme) (only http and https)"
        case .http(let status, let reason):
            return reason.isEmpty ? "the server answered HTTP \(status)" : "the server answered HTTP \(status) \(reason)"
        case .notAudio(let what):
            return "the server sent \(what) instead of the episode's audio"
        case .redirectLoop(let what):
            return "the download was redirected in circles: \(what)"
        case .connectivity(let message):
            return "could not download the episode: \(message)"
        case .transfer(let fault):
            return "could not download the episode: \(fault)"
        case .interrupted(let received, let expected, let reason):
            let of = expected.map { " of \($0)" } ?? ""
            return "the download stopped after \(received)\(of) bytes (\(reason)); the part is kept and the next attempt resumes"
        case .diskFull(let path):
            return "the disk is full: could not write \(path) (the part is kept; nothing was saved as complete)"
        case .cannotWrite(let path, let reason):
            return "could not write \(path): \(reason)"
        case .badRange(let what):
            return "the server sent the wrong part of the file: \(what)"
        case .cancelled:
            return "the download was cancelled (the part is kept)"
        }
    }
}
