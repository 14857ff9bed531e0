import CGLib

/// Earshot's log: GLib structured logging (domain `earshot`), so that under systemd the journal keeps
/// the fields, and `G_MESSAGES_DEBUG=earshot` (or `--verbose`) shows debug lines.
public enum Log {
    /// Something went wrong but Earshot carries on (a skipped feed item, a failed refresh).
    public static func warning(_ message: String) { write(G_LOG_LEVEL_WARNING, message) }
    /// A normal but significant event (the bus name owned, a feed loaded).
    public static func message(_ message: String) { write(G_LOG_LEVEL_MESSAGE, message) }
    /// Detail for `--verbose` runs.
    public static func debug(_ message: String) { write(G_LOG_LEVEL_DEBUG, message) }

    private static func write(_ level: GLogLevelFlags, _ message: String) {
        "GLIB_DOMAIN".withCString { domainKey in
            "earshot".withCString { domain in
                "MESSAGE".withCString { messageKey in
                    message.withCString { text in
                        let fields = [
                            GLogField(key: domainKey, value: domain, length: -1),
                            GLogField(key: messageKey, value: text, length: -1),
                        ]
                        fields.withUnsafeBufferPointer {
                            g_log_structured_array(level, $0.baseAddress, gsize($0.count))
                        }
                    }
                }
            }
        }
    }
}
