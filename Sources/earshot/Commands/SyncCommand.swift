import ArgumentParser
import EarshotLocale
import EarshotSync
import Foundation
import Glibc

/// `earshot sync login|status|now|logout`: keeping the library in step with a phone through a sync
/// server (gpodder.net API 2, or the Nextcloud gPodder Sync app).
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: tr("Keep subscriptions and places in step with other devices (gpodder.net API, Nextcloud gPodder Sync)."),
        // TRANSLATORS: a command's help (earshot CMD --help, earshot(1)): keep the line breaks; indented lines
        // are kept as laid out; commands, options and values are typed, not translated.
        discussion: tr("""
            Once logged in, it just works: subscriptions added or removed on either side appear on the other,
            the place in every episode follows whichever device played it last, an episode finished on the
            phone is finished here. Examples:
              earshot sync login https://gpodder.example.org alice
              earshot sync login --nextcloud https://cloud.example.org
              earshot sync status
            """),
        subcommands: [SyncLoginCommand.self, SyncStatusCommand.self, SyncNowCommand.self, SyncLogoutCommand.self],
        defaultSubcommand: SyncStatusCommand.self)
}

/// `earshot sync login URL USER [--password-stdin] [--allow-http]`, `earshot sync login --nextcloud URL`.
struct SyncLoginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: tr("Log in to a sync server (the password goes to the desktop's Secret Service)."))

    @Argument(help: ArgumentHelp(tr("The server's address (https; it may carry a path)."), valueName: trc("value name in usage, as in earshot play <episode>", "server")))
    var server: String

    @Argument(help: ArgumentHelp(tr("The user name (not with --nextcloud: the login flow asks for it in the browser)."), valueName: trc("value name in usage, as in earshot play <episode>", "user")))
    var user: String?

    @Flag(help: ArgumentHelp(tr("A Nextcloud with the gPodder Sync app: log in through the browser (Login Flow v2).")))
    var nextcloud = false

    @Flag(help: ArgumentHelp(tr("Read the password from standard input instead of asking on the terminal.")))
    var passwordStdin = false

    @Flag(help: ArgumentHelp(tr("Allow plain http to another computer (the password would cross the network readable).")))
    var allowHTTP = false

    func validate() throws {
        guard let url = URL(string: server), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw ValidationError(tr("“%s” is not an http or https address", server))
        }
        // Refused before the first request: Nextcloud's login flow sends its token and the app password
        // to this address.
        if let refusal = SyncServerAddress.refusal(of: url, allowHTTP: allowHTTP) { throw ValidationError(refusal) }
        if nextcloud, user != nil { throw ValidationError(tr("with --nextcloud the browser asks who you are: name no user")) }
        if !nextcloud, user == nil { throw ValidationError(tr("name the user: earshot sync login URL USER")) }
    }

    func run() throws {
        let client = try DaemonClient()
        if nextcloud {
            let grant = try NextcloudLoginFlow(server: URL(string: server)!).run { login in
                // TRANSLATORS: %s is the address to open in a browser, on a line of its own.
                Console.print(tr("Open this address to let Earshot in, then come back:\n  %s\nWaiting…", login.absoluteString))
            }
            let status = try client.syncLogin(server: server, user: grant.user, password: grant.appPassword, dialect: "nextcloud",
                                              allowHTTP: allowHTTP)
            return Console.print(tr("Logged in.") + "\n" + status.text)
        }
        let password = try PasswordInput.password(fromStandardInput: passwordStdin, prompt: tr("Password for %s: ", user!))
        let status = try client.syncLogin(server: server, user: user!, password: password, dialect: "gpodder", allowHTTP: allowHTTP)
        Console.print(tr("Logged in.") + "\n" + status.text)
    }
}

/// `earshot sync status [--json]`.
struct SyncStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: tr("Show the account, this device, the last sync, and what waits to be sent."))

    @Flag(help: ArgumentHelp(tr("Print JSON.")))
    var json = false

    func run() throws {
        let status = try DaemonClient().syncStatus()
        Console.print(json ? try JSONOutput.render(status) : status.text)
    }
}

/// `earshot sync now`.
struct SyncNowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "now", abstract: tr("Sync at once."))

    func run() throws {
        let status = try DaemonClient().syncNow()
        if let error = status.error { throw CommandFailure(tr("the sync failed: %s", error)) }
        Console.print(status.text)
    }
}

/// `earshot sync logout`.
struct SyncLogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: tr("Forget the account (the library stays as it is)."))

    func run() throws {
        try DaemonClient().syncLogout()
        Console.print(tr("Logged out; the library stays as it is."))
    }
}
