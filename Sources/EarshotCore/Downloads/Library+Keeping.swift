import EarshotStore

/// What a podcast keeps of its downloads: a setting of its own, else the library's, else the default.
public struct DownloadKeeping: Sendable, Equatable {
    /// How long a played episode's file stays (nil: forever).
    public var grace: Duration?
    /// How many of the podcast's newest downloads stay (nil: no limit).
    public var newest: Int?

    public init(grace: Duration?, newest: Int?) {
        self.grace = grace
        self.newest = newest
    }
}

extension Library {
    /// What `podcast` keeps of its downloads (`download-grace`, `keep-downloads`).
    public func keeping(_ podcast: PodcastID) -> DownloadKeeping {
        let global = downloadSettings
        var keeping = DownloadKeeping(grace: global.grace, newest: global.keep)
        if let text = settings[podcast]?[DownloadSettings.graceKey], let seconds = SettingKind.seconds(text) {
            keeping.grace = seconds.map { .seconds($0) }
        }
        if let text = settings[podcast]?[DownloadSettings.keepKey], let count = Int(text) {
            keeping.newest = count == 0 ? nil : count
        }
        return keeping
    }
}
