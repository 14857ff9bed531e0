// swift-tools-version:6.0
// Earshot: a podcast player that lives on the Linux session bus (MPRIS over libdbus, GStreamer playback,
// libsoup + libxml2 feeds, SQLite progress). See README.md and ../shared/DESIGN.md for the shape.
import PackageDescription

let package = Package(
    name: "Earshot",
    products: [
        .executable(name: "earshot", targets: ["earshot"]),
        .executable(name: "earshot-bench", targets: ["earshot-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // System libraries, found through pkg-config (Debian's -dev packages).
        .systemLibrary(name: "CGLib", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CGStreamer", pkgConfig: "gstreamer-pbutils-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CSecret", pkgConfig: "libsecret-1", providers: [.apt(["libsecret-1-dev"])]),
        .systemLibrary(name: "CNcurses", pkgConfig: "ncursesw", providers: [.apt(["libncurses-dev"])]),
        // Cover art in the terminal: decoded by gdk-pixbuf, turned into character cells by libchafa.
        .systemLibrary(name: "CChafa", pkgConfig: "chafa", providers: [.apt(["libchafa-dev"])]),
        .systemLibrary(name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),

        // The few lines of C that Swift cannot import: macros, variadic functions, GType casts.
        .target(name: "CEarshot", dependencies: ["CGLib", "CSoup", "CGStreamer", "CDBus", "CLibXML2", "CSecret"]),

        // ncursesw's function-like macros (attributes, colour pairs, the window size), for the terminal interface.
        .target(name: "CEarshotTerminal", dependencies: ["CNcurses"]),

        // glibc's gettext and langinfo, which the Glibc module leaves out.
        .systemLibrary(name: "CGettext"),

        // What a person reads, in their language: message catalogues (gettext) and the locale's dates and numbers.
        .target(name: "EarshotLocale", dependencies: ["CGettext"]),

        // Thin Swift wrappers over GLib shared by every component: main context, sources, workers, errors.
        .target(name: "EarshotGLib", dependencies: ["CGLib"]),

        // Podcast feeds: models, the streaming libxml2 parser, the libsoup/GIO loader.
        .target(name: "EarshotFeed", dependencies: ["EarshotLocale", "EarshotGLib", "CGLib", "CSoup", "CLibXML2", "CEarshot"]),

        // The playbin engine: load, play, pause, stop, accurate coalesced seeks, rate, volume, events.
        .target(name: "EarshotPlayback", dependencies: ["EarshotLocale", "EarshotGLib", "CGLib", "CGStreamer", "CEarshot"]),

        // MPRIS: libdbus on the GLib main context, typed marshalling, the MPRIS adapter over PlayerControl.
        // The introspection XML is embedded from dbus/ (Resources/ holds a symlink to it).
        .target(
            name: "EarshotMPRIS", dependencies: ["EarshotLocale", "EarshotGLib", "CGLib", "CDBus"],
            resources: [.embedInCode("Resources/org.mpris.MediaPlayer2.xml"), .embedInCode("Resources/org.earshot.Earshot1.xml"),
                        .embedInCode("Resources/org.earshot.DesktopSearch.xml")]),

        // Persistence: feeds, episodes and listening progress in SQLite through GRDB.
        .target(name: "EarshotStore", dependencies: ["EarshotLocale", "EarshotFeed", .product(name: "GRDB", package: "GRDB.swift")]),

        // Sync with a podcast sync server: the gpodder.net API 2 and Nextcloud gPodder Sync dialects, the HTTP
        // exchange on its network thread, the JSON reader, matching and the newest-wins rule.
        .target(name: "EarshotSync", dependencies: ["EarshotLocale", "EarshotFeed", "EarshotStore", "EarshotGLib", "CEarshot", "CGLib", "CSoup"]),

        // The podcast rules: play order, navigation, auto-advance, tying feed, playback and MPRIS together.
        .target(name: "EarshotCore", dependencies: ["EarshotLocale", "EarshotFeed", "EarshotStore", "EarshotSync", "EarshotPlayback", "EarshotGLib", "CEarshot"]),

        // The bus adapters over Core: MPRIS Player and Playlists, and org.earshot.Earshot1.
        .target(name: "EarshotService", dependencies: ["EarshotLocale", "EarshotCore", "EarshotSync", "EarshotMPRIS", "EarshotFeed", "EarshotStore", "EarshotPlayback", "EarshotGLib", "CEarshot", "CGLib"]),

        // `earshot tui`: view models, keys as state transitions, width-aware text (unit-tested without a
        // terminal), and the thin ncursesw screen that draws their frames.
        .target(name: "EarshotTUI", dependencies: ["EarshotLocale", "EarshotFeed", "CEarshotTerminal", "CNcurses", "CChafa", "CGdkPixbuf"]),

        .executableTarget(
            name: "earshot",
            dependencies: ["EarshotLocale", "EarshotTUI", "EarshotCore", "EarshotService", "EarshotSync", "EarshotFeed", "EarshotStore", "EarshotPlayback", "EarshotMPRIS", "EarshotGLib", "CGLib", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "earshot-bench",
            dependencies: ["EarshotFeed", "EarshotStore", "EarshotPlayback", "EarshotMPRIS", "EarshotGLib", "EarshotTestSupport",
                           .product(name: "GRDB", package: "GRDB.swift"), .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // The parsers' libFuzzer target (scripts/fuzz-parser --libfuzzer); built plainly, it replays saved inputs.
        .executableTarget(name: "earshot-fuzz-parser", dependencies: ["EarshotFeed"]),

        // Test support: an in-process SoupServer on 127.0.0.1 running on its own thread and loop, child
        // processes, and probes that watch what GStreamer plays.
        .target(name: "EarshotTestSupport", dependencies: ["EarshotGLib", "CGLib", "CSoup", "CGStreamer", "CEarshot"], path: "Tests/EarshotTestSupport"),
        .testTarget(
            name: "EarshotFeedTests",
            dependencies: ["EarshotFeed", "EarshotTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "EarshotCLITests", dependencies: ["earshot", "EarshotMPRIS", "EarshotGLib", "EarshotTestSupport", "EarshotFeed"]),
        .testTarget(name: "EarshotLocaleTests", dependencies: ["EarshotLocale"]),
        .testTarget(name: "EarshotCoreTests", dependencies: ["EarshotCore", "EarshotSync", "EarshotFeed", "EarshotStore", "EarshotPlayback", "EarshotGLib"]),
        .testTarget(name: "EarshotStoreTests", dependencies: ["EarshotStore", "EarshotSync", "EarshotFeed"], resources: [.copy("Fixtures")]),
        .testTarget(name: "EarshotDaemonTests", dependencies: ["EarshotTestSupport", "EarshotGLib", "EarshotMPRIS", "EarshotStore"],
                    exclude: ["Transcriber/fake-transcriber"]),
        .testTarget(name: "EarshotPlaybackTests", dependencies: ["EarshotPlayback", "EarshotTestSupport", "EarshotGLib"]),
        .testTarget(name: "EarshotMPRISTests", dependencies: ["EarshotMPRIS", "EarshotGLib", "EarshotTestSupport"]),
        .testTarget(name: "EarshotSyncTests", dependencies: ["EarshotSync", "EarshotStore", "EarshotFeed", "EarshotGLib", "EarshotTestSupport"]),
        .testTarget(name: "EarshotTUITests", dependencies: ["EarshotTUI"]),
        .testTarget(name: "EarshotServiceTests", dependencies: ["EarshotService", "EarshotSync", "EarshotCore", "EarshotMPRIS", "EarshotFeed", "EarshotStore"]),
    ]
)
