import EarshotLocale
import Foundation

/// Why an episode could not be played: which URI, the cause, and GStreamer's (or GLib's) own words.
public struct PlaybackError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cause, classified for the owner and for people reading logs.
    public enum Reason: Sendable, Equatable {
        /// No such file, or HTTP 404/410.
        case notFound
        /// The server refused the TCP connection.
        case connectionRefused
        /// The host name does not resolve.
        case hostNotFound
        /// The network timed out or the host is unreachable.
        case unreachable
        /// Another HTTP failure, with its status code.
        case httpStatus(Int)
        /// The data is not audio GStreamer can demultiplex (e.g. an HTML page); the detected media type.
        case unsupportedFormat(String)
        /// The codec is known but no decoder is installed; GStreamer's description of the missing one.
        case missingDecoder(String)
        /// The stream is audio but decoding it failed (corrupt data).
        case decodingFailed
        /// Any other failure, including network failures with no better description.
        case other
    }

    /// The episode's URI.
    public let uri: URL
    /// The classified cause.
    public let reason: Reason
    /// The underlying library's message, for logs.
    public let detail: String

    /// An error for `uri` with the given cause and detail text.
    public init(uri: URL, reason: Reason, detail: String) {
        self.uri = uri
        self.reason = reason
        self.detail = detail
    }

    /// One line naming the URI and the cause, e.g. "Cannot play http://…/ep1.mp3: not found (HTTP 404)".
    public var description: String {
        // TRANSLATORS: %1$s is the audio's address, %2$s the cause ("not found").
        detail.isEmpty ? tr("Cannot play %1$s: %2$s", uri.absoluteString, reasonText)
            // TRANSLATORS: %1$s is the audio's address, %2$s the cause ("not found"), %3$s details (HTTP 404).
            : tr("Cannot play %1$s: %2$s (%3$s)", uri.absoluteString, reasonText, detail)
    }

    /// The cause in a few words ("not found", "server unreachable"…).
    public var reasonText: String {
        switch reason {
        case .notFound: tr("not found")
        case .connectionRefused: tr("connection refused")
        case .hostNotFound: tr("host not found")
        case .unreachable: tr("server unreachable")
        case .httpStatus(let status): tr("HTTP error %s", "\(status)")
        case .unsupportedFormat(let type): tr("unsupported format (%s is not playable audio)", "\(type)")
        case .missingDecoder(let what): tr("missing decoder: %s", "\(what)")
        case .decodingFailed: tr("the audio could not be decoded")
        case .other: tr("playback failed")
        }
    }
}

/// The engine could not be created: GStreamer or one of the elements it needs is unavailable.
public enum PlaybackSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `gst_init` failed, with GStreamer's message.
    case gstreamerUnavailable(String)
    /// A required element factory (playbin, scaletempo, fakesink) is not installed.
    case missingElement(String)

    /// A sentence saying what is missing.
    public var description: String {
        switch self {
        case .gstreamerUnavailable(let message): tr("GStreamer could not be initialised: %s", "\(message)")
        case .missingElement(let name): tr("the GStreamer element %s is not installed", "\(name)")
        }
    }
}
