import EarshotLocale
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
        // TRANSLATORS: `earshot sync status` before a login; "earshot sync login URL USER" is a command: keep it as it is.
        guard let server, let user else { return tr("Sync: not set up (earshot sync login URL USER).") }
        let service = dialect == "nextcloud" ? "Nextcloud gPodder Sync" : "gpodder.net API"
        // TRANSLATORS: `earshot sync status`: %1$s is the user, %2$s the server, %3$s the kind of service
        // (a product's name), %4$s the name this device has on the server.
        var lines = [tr("Sync: %1$s at %2$s (%3$s), this device is %4$s.", user, server, service, device ?? "?")]
        if running == true { lines.append(tr("Syncing now.")) }
        // TRANSLATORS: when the last sync was: "5 min ago", "yesterday" or a day.
        lines.append(lastSync.map { tr("Last sync: %s.", TimeText.ago($0)) } ?? tr("Not synced yet."))
        // TRANSLATORS: %s is why the last sync failed, in the daemon's words.
        if let error { lines.append(tr("The last sync failed: %s.", error)) }
        if refused == true {
            // TRANSLATORS: "earshot sync now" is a command: keep it as it is.
            lines.append(tr("Sync waits: it will not try again by itself (earshot sync now tries, or log in again)."))
        } else if let nextTry {
            // TRANSLATORS: after failures the next sync waits; %s is how long ("3 min").
            lines.append(tr("The server is given time: the next sync starts by itself in %s.", TimeText.approximate(nextTry.timeIntervalSinceNow)))
        }
        let outbox = self.outbox ?? 0, waiting = self.waiting ?? 0
        // TRANSLATORS: how many changes (plays, positions) wait to be sent to the sync server.
        lines.append(outbox == 0 ? tr("Nothing waits to be sent.") : trn("%d change waits to be sent.", "%d changes wait to be sent.", outbox, outbox))
        if waiting > 0 {
            // TRANSLATORS: how many places in episodes, received from other devices, wait for their episode to be
            // known here (or for it to stop playing).
            lines.append(trn("%d place from another device waits for its episode (or for it to stop playing).",
                             "%d places from other devices wait for their episode (or for it to stop playing).", waiting, waiting))
        }
        // TRANSLATORS: where the sync password is kept (a file or the keyring's name).
        if let passwordIn { lines.append(tr("The password is kept in %s.", passwordIn)) }
        return lines.joined(separator: "\n")
    }
}
