/// Earshot's version, shown by `--version` and sent in the HTTP User-Agent.
public enum EarshotVersion {
    /// The release number.
    public static let string = "0.1.0"
    /// The User-Agent header value libsoup sends.
    public static let userAgent = "Earshot/\(string)"
}
