import EarshotLocale
import Foundation

/// Reading a user name or password the way a terminal program should: from standard input when asked
/// to (`--password-stdin`), else on the terminal, the password without echo; never from an argument
/// (it would show in `ps`).
enum PasswordInput {
    /// The first line of standard input, or a line typed on the terminal without echo after `prompt`.
    static func password(fromStandardInput: Bool, prompt: String) throws -> String {
        if fromStandardInput {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else { throw CommandFailure(tr("no password on standard input")) }
            return line
        }
        guard canAsk, let typed = getpass(prompt) else {
            // TRANSLATORS: "--password-stdin" is an option: keep it as it is.
            throw CommandFailure(tr("no terminal to ask the password on: use --password-stdin"))
        }
        let password = String(cString: typed)
        guard !password.isEmpty else { throw CommandFailure(tr("no password given")) }
        return password
    }

    /// A line typed on the terminal after `prompt`.
    static func line(prompt: String) throws -> String {
        guard canAsk else { throw CommandFailure(tr("no terminal to ask on")) }
        FileHandle.standardError.write(Data(prompt.utf8))
        guard let line = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces), !line.isEmpty else {
            throw CommandFailure(tr("nothing was typed"))
        }
        return line
    }

    /// Whether a listener is there to type: standard input is a terminal.
    static var canAsk: Bool { isatty(STDIN_FILENO) != 0 }
}
