import EarshotMPRIS
import Foundation

/// Sync on org.earshot.Earshot1.
extension DaemonClient {
    /// Logs in (checked with the server by the daemon); the sync status.
    func syncLogin(server: String, user: String, password: String, dialect: String, allowHTTP: Bool) throws -> SyncStatusRecord {
        try syncStatus(from: call("SyncLogin", [.string(server), .string(user), .string(password), .string(dialect), .boolean(allowHTTP)],
                                  timeout: .unlimited), "SyncLogin")
    }

    func syncLogout() throws { try call("SyncLogout") }

    /// Syncs now (no timeout: a first sync of a big library takes a while); the status after it.
    func syncNow() throws -> SyncStatusRecord { try syncStatus(from: call("SyncNow", timeout: .unlimited), "SyncNow") }

    func syncStatus() throws -> SyncStatusRecord { try syncStatus(from: call("SyncStatus"), "SyncStatus") }

    private func syncStatus(from reply: [DBusValue], _ member: String) throws -> SyncStatusRecord {
        guard reply.count == 1, let status = Vardict(reply[0]) else { throw CommandFailure(DaemonFailure.unexpectedReply(member)) }
        return SyncStatusRecord(status)
    }
}

/// The sync status as org.earshot.Earshot1 describes it, and as `earshot sync status --json` prints it.
struct SyncStatusRecord: Encodable, Equatable {
    var server: String?
    var user: String?
    var dialect: String?
    var device: String?
    var lastSync: Date?
    var error: String?
    /// After failures: when the next sync starts by itself.
    var nextTry: Date?
    /// The server refused the account: no sync starts by itself until a login or `sync now`.
    var refused: Bool?
    var running: Bool?
    var outbox: Int?
    var waiting: Int?
    var passwordIn: String?

    enum CodingKeys: String, CodingKey {
        case server, user, dialect, device, lastSync = "last_sync", error, nextTry = "next_try", refused, running, outbox, waiting, passwordIn = "password_in"
    }

    init(_ entry: Vardict) {
        server = entry.string("server")
        user = entry.string("user")
        dialect = entry.string("dialect")
        device = entry.string("device")
        lastSync = entry.date("last_sync")
        error = entry.string("error")
        nextTry = entry.date("next_try")
        refused = entry.bool("refused")
        running = entry.bool("running")
        outbox = entry.count("outbox")
        waiting = entry.count("waiting")
        passwordIn = entry.string("password_in")
    }

    /// The status in words.
    var text: String {
        guard let server, let user else { return "Sync: not set up (earshot sync login URL USER)." }
        var lines = ["Sync: \(user) at \(server) (\(dialect == "nextcloud" ? "Nextcloud gPodder Sync" : "gpodder.net API")), "
            + "this device is \(device ?? "?")."]
        if running == true { lines.append("Syncing now.") }
        lines.append(lastSync.map { "Last sync: \(TimeText.ago($0))." } ?? "Not synced yet.")
        if let error { lines.append("The last sync failed: \(error).") }
        if refused == true {
            lines.append("Sync waits: it will not try again by itself (earshot sync now tries, or log in again).")
        } else if let nextTry {
            lines.append("The server is given time: the next sync starts by itself in \(TimeText.approximate(nextTry.timeIntervalSinceNow)).")
        }
        let outbox = self.outbox ?? 0, waiting = self.waiting ?? 0
        lines.append(outbox == 0 ? "Nothing waits to be sent." : "\(outbox) changes wait to be sent.")
        if waiting > 0 { lines.append("\(waiting) places from other devices wait for their episode (or for it to stop playing).") }
        if let passwordIn { lines.append("The password is kept in \(passwordIn).") }
        return lines.joined(separator: "\n")
    }
}
