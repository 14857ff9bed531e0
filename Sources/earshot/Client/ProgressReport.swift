import EarshotMPRIS

/// One `Progress` signal of org.earshot.Earshot1: a feed of a Subscribe or Refresh finished.
struct ProgressReport: Equatable {
    /// "subscribe" or "refresh".
    var job: String
    var done: Int
    var total: Int
    /// The feed's URL.
    var item: String
    /// The plain-words cause, when it failed.
    var error: String?

    /// Reads the signal's arguments (`suuss`); nil for any other shape.
    init?(_ arguments: [DBusValue]) {
        guard arguments.count == 5, let job = arguments[0].stringValue,
              let done = arguments[1].uint32Value, let total = arguments[2].uint32Value,
              let item = arguments[3].stringValue, let error = arguments[4].stringValue
        else { return nil }
        self.init(job: job, done: Int(done), total: Int(total), item: item, error: error.isEmpty ? nil : error)
    }

    init(job: String, done: Int, total: Int, item: String, error: String? = nil) {
        self.job = job
        self.done = done
        self.total = total
        self.item = item
        self.error = error
    }
}

extension DaemonClient {
    /// Calls `handler` with every `Progress` signal of `job` the daemon emits from now on (while this
    /// thread's context iterates, e.g. during `subscribe` or `refresh`). The match is sent before any
    /// later call, so the bus applies it before the daemon sees that call.
    func onProgress(of job: String, _ handler: @escaping (ProgressReport) -> Void) {
        connection.addMatch(
            "type='signal',sender='\(EarshotBus.name)',path='\(EarshotBus.path)',"
                + "interface='\(EarshotBus.interface)',member='Progress'")
        connection.addSignalHandler { message in
            guard message.interface == EarshotBus.interface, message.member == "Progress",
                  message.path == EarshotBus.path,
                  let report = (try? message.arguments(expecting: "suuss")).flatMap(ProgressReport.init),
                  report.job == job
            else { return }
            handler(report)
        }
    }
}
