import EarshotMPRIS

/// Finding shows through org.earshot.Earshot1: Search, Top and Results. Search and Top wait without a
/// timeout of their own: the daemon answers by every directory's deadline.
extension DaemonClient {
    func search(_ terms: String) throws -> FoundShows {
        try found("Search", [.string(terms)])
    }

    func top(country: String, genre: String?) throws -> FoundShows {
        try found("Top", [.string(country), .string(genre ?? "")])
    }

    /// The last numbered list while it is fresh, else nil.
    func recentResults() throws -> RecentResults? {
        let reply = try call("Results")
        guard reply.count == 2, let items = reply[1].arrayElements else { throw CommandFailure(DaemonFailure.unexpectedReply("Results")) }
        return RecentResults(about: Vardict(reply[0]), shows: items.compactMap(Vardict.init).compactMap(FoundShowRecord.init))
    }

    private func found(_ member: String, _ arguments: [DBusValue]) throws -> FoundShows {
        let reply = try call(member, arguments, timeout: .unlimited)
        guard reply.count == 2, let shows = reply[0].arrayElements, let failures = reply[1].arrayElements else {
            throw CommandFailure(DaemonFailure.unexpectedReply(member))
        }
        return FoundShows(
            results: shows.compactMap(Vardict.init).compactMap(FoundShowRecord.init),
            failures: failures.compactMap(Vardict.init).map { .init(directory: $0.string("directory") ?? "a directory", error: $0.string("error") ?? "failed") })
    }
}
