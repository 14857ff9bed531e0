import Foundation

/// One download as org.earshot.Earshot1's Downloads describes it, and as `earshot downloads --json`
/// prints it: the D-Bus keys, instants in ISO 8601, unknown values left out.
struct DownloadItem: Encodable, Equatable {
    var episode: Int64
    var podcast: Int64?
    var title: String?
    var podcastTitle: String?
    var state: String
    var path: String?
    var bytes: Int64?
    var totalBytes: Int64?
    var rate: Double?
    var eta: Double?
    var error: String?
    var attempts: Int?
    var nextAttempt: Date?
    var completedAt: Date?
    var requestedAt: Date?
    var byHand: Bool?

    enum CodingKeys: String, CodingKey {
        case episode, podcast, title, podcastTitle = "podcast_title", state, path, bytes, totalBytes = "total_bytes"
        case rate, eta, error, attempts, nextAttempt = "next_attempt", completedAt = "completed_at"
        case requestedAt = "requested_at", byHand = "by_hand"
    }
}

extension DownloadItem {
    /// Reads a download dictionary; nil without an episode or a state.
    init?(_ entry: Vardict) {
        guard let episode = entry.integer("episode"), let state = entry.string("state") else { return nil }
        self.init(
            episode: episode, podcast: entry.integer("podcast"), title: entry.string("title"),
            podcastTitle: entry.string("podcast_title"), state: state, path: entry.string("path"),
            bytes: entry.integer("bytes"), totalBytes: entry.integer("total_bytes"), rate: entry.seconds("rate"),
            eta: entry.seconds("eta"), error: entry.string("error"), attempts: entry.count("attempts"),
            nextAttempt: entry.date("next_attempt"), completedAt: entry.date("completed_at"),
            requestedAt: entry.date("requested_at"), byHand: entry.bool("by_hand"))
    }
}
