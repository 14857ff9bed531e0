import CGLib
import EarshotGLib

/// gzip for test bodies, with GLib's zlib compressor.
public enum Gzip {
    /// `bytes` as one gzip member.
    public static func compress(_ bytes: [UInt8]) -> [UInt8] {
        let compressor = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1)
        defer { g_object_unref(UnsafeMutableRawPointer(compressor)) }
        var output = [UInt8](repeating: 0, count: bytes.count + 1024)
        var read: gsize = 0, written: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                _ = g_converter_convert(compressor, input.baseAddress, gsize(input.count), out.baseAddress,
                                        gsize(out.count), G_CONVERTER_INPUT_AT_END, &read, &written, &error)
            }
        }
        _ = GLibError(taking: error)
        return Array(output.prefix(Int(written)))
    }
}
