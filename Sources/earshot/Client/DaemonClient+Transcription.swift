import EarshotMPRIS

/// Transcribing on this computer through org.earshot.Earshot1: Transcribe and TranscriptionStatus.
extension DaemonClient {
    /// Asks for `episodes` to be transcribed next; each one's outcome, in order.
    func transcribe(_ episodes: [Int64]) throws -> [TranscribeOutcomeRecord] {
        try callForList("Transcribe", [.array(elementSignature: "x", episodes.map(DBusValue.int64))],
                        about: episodes.count == 1 ? .episode(episodes[0]) : nil).map(TranscribeOutcomeRecord.init)
    }

    /// Where transcribing stands.
    func transcriptionStatus() throws -> TranscriptionStatusRecord {
        let reply = try call("TranscriptionStatus")
        guard reply.count == 2, let about = Vardict(reply[0]), let queue = reply[1].arrayElements else {
            throw CommandFailure(DaemonFailure.unexpectedReply("TranscriptionStatus"))
        }
        return TranscriptionStatusRecord(about, queue: queue.compactMap(Vardict.init))
    }
}

/// What became of one episode asked to be transcribed.
struct TranscribeOutcomeRecord: Encodable, Equatable {
    var episode: Int64
    /// "queued", "downloading" or "refused".
    var state: String
    var reason: String?

    init(_ entry: Vardict) {
        episode = entry.integer("episode") ?? 0
        state = entry.string("state") ?? "queued"
        reason = entry.string("reason")
    }
}

/// Where transcribing stands, as TranscriptionStatus gives it.
struct TranscriptionStatusRecord: Encodable, Equatable {
    var installed: Bool
    var setup: String?
    var problem: String?
    var engine: String?
    var model: String?
    var languages: [String]
    var enabled: Bool
    var paused: String?
    var running: Int64?
    var progress: Double?
    var heard: Double?
    var speed: Double?
    var left: Double?
    var queue: [Entry]

    struct Entry: Encodable, Equatable {
        var episode: Int64
        var title: String?
        var podcastTitle: String?
        enum CodingKeys: String, CodingKey { case episode, title, podcastTitle = "podcast_title" }
    }

    init(_ about: Vardict, queue: [Vardict]) {
        installed = about.bool("installed") ?? false
        setup = about.string("setup")
        problem = about.string("problem")
        engine = about.string("engine")
        model = about.string("model")
        languages = about.strings("languages")
        enabled = about.bool("enabled") ?? true
        paused = about.string("paused")
        running = about.integer("running")
        progress = about.seconds("progress")
        heard = about.seconds("heard")
        speed = about.seconds("speed")
        left = about.seconds("left")
        self.queue = queue.map { Entry(episode: $0.integer("episode") ?? 0, title: $0.string("title"), podcastTitle: $0.string("podcast_title")) }
    }
}
