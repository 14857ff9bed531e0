import EarshotCore

/// earshot.conf(5): the configuration file's form written by hand, and its settings written from
/// `SettingsTable`, the one place each setting is defined (so the page lists exactly the keys the file
/// accepts, with their values and defaults).
enum ConfigurationManual {
    /// The page, dated `date` (YYYY-MM-DD; empty: undated).
    static func page(date: String) -> String {
        var page = Roff(
            name: "earshot.conf", section: "5", manual: "File Formats", date: date, source: "the settings table",
            summary: "settings of the Earshot podcast player")

        page.section("SYNOPSIS")
        page.line(#"\fI$XDG_CONFIG_HOME/earshot/earshot.conf\fR (default \fI~/.config/earshot/earshot.conf\fR)"#)

        page.section("DESCRIPTION")
        page.paragraph("""
            The daemon, earshot serve (see earshot(1)), reads this file when it starts. Each line is \
            key = value; white space around both is ignored, # starts a comment, and blank lines are \
            skipped. A line Earshot cannot read (no =, an unknown key, a value out of range) stops the \
            daemon with one line naming the file and line. A missing file is no error.
            """)
        page.paragraph("""
            Options on the command line win over the file. For the settings a podcast can have, the podcast's \
            own value (earshot set PODCAST) wins, then the library's (earshot set all), then this file, then \
            the built-in default. On and off are written alike everywhere: on or off, true or false, yes or \
            no, 1 or 0.
            """)

        page.section("SETTINGS")
        page.paragraph("""
            Each setting with the values it takes, what it does, its default, and where else it can be \
            given: podcast is earshot set PODCAST, all is earshot set all (the default of every podcast \
            without its own).
            """)
        for definition in SettingsTable.all where definition.scopes.contains(.file) {
            page.item(Roff.bold(definition.key) + " = " + Roff.italic(definition.kind.form), """
                \(capitalized(definition.summary)).
                Default: \(definition.defaultValue). Given in: \(definition.places).
                """)
        }
        let elsewhere = SettingsTable.all.filter { !$0.scopes.contains(.file) }.map(\.key)
        page.paragraph("Not in this file, only with earshot set: \(elsewhere.joined(separator: ", ")) (see earshot(1)).")

        page.section("FILES")
        page.item(Roff.italic("~/.config/earshot/earshot.conf"), "This file, read by the daemon when it starts.")

        page.section("ENVIRONMENT")
        page.item(Roff.bold("XDG_CONFIG_HOME"), "The folder the file is in, under earshot/ (default ~/.config).")
        page.item(Roff.bold("XDG_STATE_HOME"), "The default of state-dir is $XDG_STATE_HOME/earshot (default ~/.local/state/earshot).")
        page.item(Roff.bold("XDG_CACHE_HOME"), "The default of cache-dir is $XDG_CACHE_HOME/earshot (default ~/.cache/earshot).")
        page.item(Roff.bold("EARSHOT_AUDIO_SINK"), "The default of audio-sink.")

        page.section("EXAMPLES")
        page.verbatim(example)

        page.section("SEE ALSO")
        page.line(#"\fBearshot\fR(1), \fBgst\-launch\-1.0\fR(1)"#)
        return page.text
    }

    private static func capitalized(_ summary: String) -> String { summary.prefix(1).uppercased() + summary.dropFirst() }

    static let example = [
        "# ~/.config/earshot/earshot.conf",
        "audio-sink = pulsesink",
        "refresh-interval = 60",
        "speed = 1.2                # every podcast without its own speed",
        "trim-silence = on",
        "sleep-fade = 10",
        "next-button = chapter",
        "download-ahead = 3",
        "download-budget = 10GiB",
    ]
}
