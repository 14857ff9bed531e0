/// Whether an address names this computer: `localhost`, an IPv4 loopback address (127.0.0.0/8 written as
/// four decimal numbers) or IPv6's `::1`. Plain http is allowed only there (a password sent over it
/// to another computer crosses the network readable); a host name such as `127.attacker.example` is
/// another computer, whatever it starts with.
public enum ThisComputer {
    /// Whether `host` (a URL's host, brackets allowed around an IPv6 address) is this computer.
    public static func names(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let numbers = host.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 4, numbers.first == "127" else { return false }
        return numbers.allSatisfy { number in
            number.count <= 3 && !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
                && (Int(number) ?? 256) <= 255
        }
    }
}
