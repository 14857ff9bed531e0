import Foundation

/// A `podcast:integrity` of type `pgp-signature`: a detached OpenPGP signature of the file, base64 in the
/// feed (an ASCII-armoured block, `-----BEGIN PGP SIGNATURE-----`, is taken as it is).
enum PGPSignature: Sendable, Equatable {
    /// The signature, as GnuPG reads it from a file (binary, or the armoured text).
    case bytes([UInt8])
    /// A value that is neither base64 of an OpenPGP packet nor an armoured signature: nothing to check.
    case unreadable

    /// The signature `value` gives. Base64 may be broken over lines; a binary OpenPGP packet starts with
    /// a byte whose high bit is set (RFC 4880, 4.2), which tells a signature from other base64.
    init(_ value: String) {
        if value.contains("-----BEGIN PGP SIGNATURE-----") {
            self = .bytes(Array(value.utf8))
            return
        }
        let base64 = String(value.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
        guard let data = Data(base64Encoded: base64), let first = data.first, first & 0x80 != 0 else {
            self = .unreadable
            return
        }
        self = .bytes(Array(data))
    }
}
