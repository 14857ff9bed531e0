import EarshotLocale

/// Why a document gave no transcript, in plain words (`description`).
public enum TranscriptDocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There are no bytes, or no text in them (a WebVTT header alone, empty paragraphs).
    case empty
    /// More bytes than `TranscriptDocument.maximumBytes`.
    case tooLarge(limit: Int)
    /// More segments than `TranscriptDocument.maximumSegments`.
    case tooManySegments(limit: Int)
    /// The document is not what its format says: why, in words (`not JSON`, `JSON without "segments"`).
    case notATranscript(String)

    public var description: String {
        switch self {
        case .empty: tr("the transcript has no text")
        case .tooLarge(let limit): tr("the transcript is larger than %s MiB", "\(limit >> 20)")
        case .tooManySegments(let limit): tr("the transcript has more than %s segments", "\(limit)")
        case .notATranscript(let why): tr("the transcript cannot be read: %s", "\(why)")
        }
    }
}
