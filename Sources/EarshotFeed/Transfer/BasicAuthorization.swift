import Foundation

/// HTTP Basic authorisation (RFC 7617): the `Authorization` header value for a user name and password.
public enum BasicAuthorization {
    public static func header(user: String, password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}
