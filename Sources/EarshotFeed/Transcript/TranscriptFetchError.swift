import EarshotLocale

/// Why an episode's transcript could not be had, in plain words.
public enum TranscriptFetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached, answered with an error, or the transfer failed; or the file
    /// could not be read.
    case transfer(String)
    /// The transcript is larger than the limit (`TranscriptLoader.maximumBytes`).
    case tooLarge(limit: Int64)
    /// The document is not a transcript Earshot can read.
    case document(TranscriptDocumentError)

    public var description: String {
        switch self {
        case .transfer(let words): words
        case .tooLarge(let limit): tr("the transcript is larger than %s MiB", "\(limit >> 20)")
        case .document(let error): error.description
        }
    }
}
