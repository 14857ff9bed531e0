import EarshotLocale

/// earshot(1): the synopsis and description written by hand, every subcommand and option written
/// from the command definitions (`CommandsSection`), then the environment, files, bus names, exit
/// statuses and examples.
enum EarshotManual {
    /// The page for `command` (the `Earshot` tree), dated `date` (YYYY-MM-DD; empty: undated).
    static func page(_ command: CommandDump, date: String) -> String {
        // TRANSLATORS: the manual page's one-line summary, after the name in its NAME section.
        let summary = tr("a podcast player that lives on the Linux session bus")
        // TRANSLATORS: the name of section 1 of the manual, as man-pages in your language call it (.TH's fifth field).
        let manual = tr("User Commands")
        var page = Roff(name: "earshot", section: "1", manual: manual, date: date, source: "the command definitions", summary: summary)

        // TRANSLATORS: the manual's section headings are in capitals in English; use your language's usual
        // headings of manual pages (man-pages' own translations), as man-db recognises them.
        page.section(trc("manual section heading", "SYNOPSIS"))
        page.line(#"\fBearshot\fR [\fBserve\fR] [\fB\-\-feed\fR \fIurl\fR] [\fB\-\-audio\-sink\fR \fIdescription\fR] [\fB\-\-refresh\-interval\fR \fIminutes\fR] [\fB\-\-state\-dir\fR \fIdir\fR] [\fB\-\-cache\-dir\fR \fIdir\fR] [\fB\-\-verbose\fR]"#)
        page.request("br")
        page.line(#"\fBearshot\fR \fIcommand\fR [\fIarguments\fR]"#)
        page.request("br")
        page.line(#"\fBearshot\fR \fB\-\-version\fR | \fB\-\-help\fR"#)

        page.section(trc("manual section heading", "DESCRIPTION"))
        page.paragraph(tr("""
            Earshot is a podcast player without a window. It keeps a library of podcasts with an Up Next \
            queue, plays episodes with GStreamer and remembers where you left each one. You control it with \
            the media keys, the GNOME Shell and KDE Plasma media widgets, playerctl(1) and its own command line, \
            all of which reach the daemon over D-Bus (MPRIS, and Earshot's own interface).
            """))
        page.paragraph(tr("""
            earshot serve (the default command) is the daemon. Every other command is a client of the running \
            daemon on the session bus; if none runs, the bus starts it (D-Bus activation).
            """))
        page.paragraph(tr("""
            PODCAST and EPISODE are the number earshot podcasts and earshot episodes show (12 or #12), or part \
            of the title in any case. When a name fits several, Earshot lists them with their numbers and does \
            nothing. On a terminal, listings are tables cut to the window's width; --json prints stable JSON \
            instead. Control characters and bidirectional overrides in feed text are shown as visible escapes.
            """))

        page.section(trc("manual section heading", "COMMANDS"))
        CommandsSection.write(command, into: &page)

        page.section(trc("manual section heading", "OPTIONS"))
        for argument in command.allVisibleArguments { page.item(CommandsSection.tag(argument), CommandsSection.help(argument)) }
        page.paragraph(tr("--help is taken after any command too: earshot queue add --help."))

        page.section(trc("manual section heading", "CONFIGURATION"))
        page.paragraph(tr("""
            The daemon's options, and the defaults of the settings that earshot set changes, can also be given \
            in $XDG_CONFIG_HOME/earshot/earshot.conf; options on the command line win. See earshot.conf(5).
            """))

        page.section(trc("manual section heading", "ENVIRONMENT"))
        for (name, meaning) in environment { page.item(Roff.bold(name), tr(marked: meaning)) }

        page.section(trc("manual section heading", "FILES"))
        for (path, meaning) in files { page.item(Roff.italic(path), tr(marked: meaning)) }

        page.section(trc("manual section heading", "D-BUS"))
        page.paragraph(tr("""
            The daemon owns org.mpris.MediaPlayer2.earshot on the session bus (an Earshot with another state \
            folder, or one that finds the name taken, owns org.mpris.MediaPlayer2.earshot.instance followed by \
            its process id). The object /org/mpris/MediaPlayer2 serves MPRIS 2: org.mpris.MediaPlayer2, \
            org.mpris.MediaPlayer2.Player and org.mpris.MediaPlayer2.Playlists. The object /org/earshot/Earshot \
            serves org.earshot.Earshot1, which the commands above use. Track ids are object paths under \
            /org/earshot/episode/, playlist ids under /org/earshot/playlist/.
            """))
        page.paragraph(tr("""
            Failures are named errors: org.earshot.Error.NoSuchPodcast, NoSuchEpisode, FeedUnavailable, \
            SoundURLMissing, InvalidSetting, NoEpisode, IndexOutOfRange, UnsupportedURIScheme, PlaybackFailed and \
            Failed, \
            besides the standard org.freedesktop.DBus.Error names for malformed calls.
            """))

        page.section(trc("manual section heading", "EXIT STATUS"))
        for (status, meaning) in exitStatuses { page.item(Roff.bold(status), tr(marked: meaning)) }

        page.section(trc("manual section heading", "EXAMPLES"))
        page.verbatim(examples)

        page.section(trc("manual section heading", "SEE ALSO"))
        page.line(#"\fBearshot.conf\fR(5), \fBplayerctl\fR(1), \fBdbus\-daemon\fR(1), \fBsystemctl\fR(1), \fBgst\-launch\-1.0\fR(1)"#)
        return page.text
    }

    static let environment: [(String, StaticString)] = [
        ("DBUS_SESSION_BUS_ADDRESS", N_("The session bus the daemon serves and the commands call.")),
        ("EARSHOT_AUDIO_SINK", N_("The GStreamer audio output when neither --audio-sink nor audio-sink in the configuration file says; default autoaudiosink.")),
        ("XDG_CONFIG_HOME", N_("Where earshot/earshot.conf is read from (default ~/.config).")),
        ("XDG_STATE_HOME", N_("Where the library lives, earshot/earshot.sqlite (default ~/.local/state).")),
        ("XDG_CACHE_HOME", N_("Where cover art is cached, earshot/art/ (default ~/.cache).")),
        ("XDG_DATA_HOME", N_("Where downloaded episodes go, earshot/episodes/ (default ~/.local/share).")),
    ]

    static let files: [(String, StaticString)] = [
        ("~/.config/earshot/earshot.conf", N_("The configuration file; see earshot.conf(5).")),
        ("~/.local/state/earshot/earshot.sqlite", N_("The library in SQLite (WAL): podcasts, episodes, progress, Up Next, history and settings.")),
        ("~/.local/state/earshot/earshot.lock", N_("The running daemon's process id, and the lock that keeps a second daemon off the same state.")),
        ("~/.local/share/earshot/episodes/", N_("Downloaded episodes, one folder per podcast; your data, not a cache.")),
        ("~/.cache/earshot/art/", N_("Cover and chapter images, kept within 200 MiB; safe to delete.")),
        ("/usr/share/earshot/demo/", N_("The demo feed played until the first podcast is added.")),
        ("/usr/share/dbus-1/services/org.mpris.MediaPlayer2.earshot.service", N_("D-Bus activation: the session bus starts the daemon on the first call to its name.")),
        ("/usr/lib/systemd/user/earshot.service", N_("The systemd user unit the bus starts on a systemd desktop (systemctl --user status earshot).")),
    ]

    static let exitStatuses: [(String, StaticString)] = [
        ("0", N_("Success; also a second start of the daemon on the same state, which ends at once with one line.")),
        ("1", N_("A failure, in one line on standard error (an unreachable feed, no such podcast, a daemon that cannot be started); also when some feeds of add, import or refresh failed.")),
        ("64", N_("A command line that cannot be parsed.")),
        ("130", N_("Interrupted (Ctrl-C) while following add, import or refresh; the daemon carries on.")),
    ]

    static let examples = [
        "earshot add https://example.com/podcast.xml",
        "earshot import subscriptions.opml",
        "earshot episodes \"daily news\" --unplayed",
        "earshot play \"the interview\"",
        "earshot queue add 812 813",
        "earshot set all speed 1.3",
        "earshot sleep 20m",
        "playerctl -p earshot play-pause",
        "systemctl --user status earshot",
    ]
}
