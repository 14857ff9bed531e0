import ArgumentParser
import EarshotFeed
import EarshotLocale

/// The `earshot` command: the daemon (`serve`, the default) and the subcommands that are its clients
/// over org.earshot.Earshot1 on the session bus.
struct Earshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "earshot",
        abstract: tr("A podcast player that lives on the Linux session bus (MPRIS)."),
        version: EarshotVersion.string,
        subcommands: [
            ServeCommand.self, AddCommand.self, RemoveCommand.self, PodcastsCommand.self, EpisodesCommand.self,
            PlayCommand.self, QueueCommand.self, StatusCommand.self, RefreshCommand.self, ImportCommand.self,
            ExportCommand.self, SetCommand.self, SleepCommand.self, ChaptersCommand.self, ChapterCommand.self,
            DownloadCommand.self, DownloadsCommand.self, DeleteCommand.self, SearchCommand.self, TopCommand.self,
            MarkCommand.self, InboxCommand.self, StarCommand.self, UnstarCommand.self, HistoryCommand.self, StatsCommand.self,
            SyncCommand.self, FindCommand.self, TranscriptCommand.self, TranscribeCommand.self, PlaylistCommand.self, TidyCommand.self,
            BookmarkCommand.self,
            BookmarksCommand.self, TUICommand.self,
            SupportCommand.self, DetailsCommand.self, RecommendedCommand.self, LiveCommand.self, GenerateManualCommand.self,
        ],
        defaultSubcommand: ServeCommand.self)
}
