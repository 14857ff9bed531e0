import EarshotLocale
import Foundation

/// A download as a row of the downloads view: from `Downloads` when the view is read, then moved by the
/// daemon's `DownloadProgress` signal while it runs.
public struct DownloadRow: Equatable, Sendable {
    public var episode: Int64
    public var title: String
    public var podcastTitle: String
    /// "queued", "downloading", "completed" or "failed".
    public var state: String
    public var bytes: Int64
    /// The file's size, when the server announced it.
    public var totalBytes: Int64?
    public var error: String?

    public init(episode: Int64, title: String?, podcastTitle: String?, state: String, bytes: Int64?, totalBytes: Int64?,
                error: String? = nil) {
        self.episode = episode
        self.title = Columns.clean(title ?? tr("episode %d", Int(episode)))
        self.podcastTitle = Columns.clean(podcastTitle ?? "")
        self.state = state
        self.bytes = bytes ?? 0
        self.totalBytes = totalBytes
        self.error = error.map(Columns.clean)
    }

    /// How far it is, from 0 to 1 (0 while the size is unknown; 1 once complete).
    public var fraction: Double {
        if state == "completed" { return 1 }
        guard let totalBytes, totalBytes > 0 else { return 0 }
        return min(1, max(0, Double(bytes) / Double(totalBytes)))
    }

    /// The row as the view draws it: the titles, a bar and the state in words.
    public var line: InfoLine {
        InfoLine(title + " — " + podcastTitle, bar: fraction, trailing: error.map { tr("failed: %s", $0) } ?? Self.word(for: state))
    }

    static func word(for state: String) -> String {
        switch state {
        case "queued": trc("download", "queued")
        case "downloading": trc("download", "downloading")
        case "completed": trc("download", "completed")
        case "failed": trc("download", "failed")
        default: state
        }
    }
}

/// How a download moved, from one entry of the `DownloadProgress` signal.
public struct DownloadMove: Equatable, Sendable {
    public var episode: Int64
    public var state: String
    public var bytes: Int64
    /// nil: the size is not known.
    public var totalBytes: Int64?

    public init(episode: Int64, state: String, bytes: Int64, totalBytes: Int64?) {
        self.episode = episode
        self.state = state
        self.bytes = bytes
        self.totalBytes = totalBytes
    }
}

extension TUIState {
    /// The downloads the daemon listed.
    public mutating func receiveDownloads(_ rows: [DownloadRow]) {
        downloads = rows
        resizeCursor(of: .downloads, to: rows.count)
    }

    /// Downloads moved (`DownloadProgress`): their rows take the new bytes and state at once. Answers
    /// whether the list must be read again: a move names a download the list does not have.
    public mutating func receiveDownloadMoves(_ moves: [DownloadMove]) -> Bool {
        var unknown = false
        for move in moves {
            guard let index = downloads.firstIndex(where: { $0.episode == move.episode }) else {
                unknown = true
                continue
            }
            downloads[index].state = move.state
            downloads[index].bytes = move.bytes
            downloads[index].totalBytes = move.totalBytes
            if move.state != "failed" { downloads[index].error = nil }
        }
        return unknown
    }
}
