import ArgumentParser

/// `earshot-bench`: benchmarks that print figures (run release builds; see bench/run).
@main
struct EarshotBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "earshot-bench",
        abstract: "Earshot's benchmarks (build with -c release).",
        subcommands: [ParseBenchmark.self, GenerateFeed.self, SeekBenchmark.self, DBusLatencyBenchmark.self,
                      ColdStartBenchmark.self, LibraryLatencyBenchmark.self, DownloadBenchmark.self, ServeFileCommand.self,
                      ListeningBenchmark.self, LoadsBenchmark.self, FuzzParser.self, CareLatencyBenchmark.self,
                      FindBenchmark.self, DesktopSearchBenchmark.self, TUIBenchmark.self,
                      PlaylistBenchmark.self, TidyLatencyBenchmark.self])
}
