import CDBus
import Glibc

/// Reads the arguments of a libdbus message into `DBusValue`s. libdbus has already validated the
/// message on receipt (types, UTF-8, nesting limits), so reading only fails on types Earshot does not
/// accept (Unix file descriptors).
enum MessageReader {
    /// All arguments of `message`, in order.
    static func arguments(of message: OpaquePointer) throws(BusError) -> [DBusValue] {
        let iter = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { iter.deallocate() }
        guard dbus_message_iter_init(message, iter) != 0 else { return [] }
        return try readAll(iter)
    }

    /// The values from `iter` to the end of its container.
    private static func readAll(_ iter: UnsafeMutablePointer<DBusMessageIter>) throws(BusError) -> [DBusValue] {
        var values: [DBusValue] = []
        while dbus_message_iter_get_arg_type(iter) != DBusTypeCode.invalid {
            values.append(try read(iter))
            dbus_message_iter_next(iter)
        }
        return values
    }

    /// The value at the current position of `iter`.
    private static func read(_ iter: UnsafeMutablePointer<DBusMessageIter>) throws(BusError) -> DBusValue {
        let type = dbus_message_iter_get_arg_type(iter)
        var basic = DBusBasicValue()
        switch type {
        case DBusTypeCode.array:
            return try readArray(iter)
        case DBusTypeCode.variant:
            return try withSubIterator(iter) { sub throws(BusError) in
                guard dbus_message_iter_get_arg_type(sub) != DBusTypeCode.invalid else {
                    throw .invalidArgs("empty variant")
                }
                return .variant(try read(sub))
            }
        case DBusTypeCode.structure:
            return .structure(try withSubIterator(iter) { sub throws(BusError) in try readAll(sub) })
        case DBusTypeCode.unixFD:
            dbus_message_iter_get_basic(iter, &basic)
            if basic.fd >= 0 { close(basic.fd) }  // libdbus hands us a dup; we do not take file descriptors
            throw .invalidArgs("Unix file descriptors are not accepted")
        default:
            break
        }
        dbus_message_iter_get_basic(iter, &basic)
        switch type {
        case DBusTypeCode.byte: return .byte(basic.byt)
        case DBusTypeCode.boolean: return .boolean(basic.bool_val != 0)
        case DBusTypeCode.int16: return .int16(basic.i16)
        case DBusTypeCode.uint16: return .uint16(basic.u16)
        case DBusTypeCode.int32: return .int32(basic.i32)
        case DBusTypeCode.uint32: return .uint32(basic.u32)
        case DBusTypeCode.int64: return .int64(Int64(basic.i64))
        case DBusTypeCode.uint64: return .uint64(UInt64(basic.u64))
        case DBusTypeCode.double: return .double(basic.dbl)
        case DBusTypeCode.string: return .string(String(cString: basic.str))
        case DBusTypeCode.objectPath: return .objectPath(String(cString: basic.str))
        case DBusTypeCode.signature: return .signature(String(cString: basic.str))
        default: throw .invalidArgs("unsupported D-Bus type code \(type)")
        }
    }

    /// An array or a dictionary, keeping the element signature even when it has no elements.
    private static func readArray(_ iter: UnsafeMutablePointer<DBusMessageIter>) throws(BusError) -> DBusValue {
        guard let raw = dbus_message_iter_get_signature(iter) else { throw .noMemory() }
        let signature = String(cString: raw)
        dbus_free(raw)
        let elementSignature = String(signature.dropFirst())  // drop the "a"
        if dbus_message_iter_get_element_type(iter) == DBusTypeCode.dictEntry {
            // "{kv}": the key is one basic type code, the value is the rest.
            let inner = elementSignature.dropFirst().dropLast()
            let keySignature = String(inner.prefix(1))
            let valueSignature = String(inner.dropFirst())
            let entries = try withSubIterator(iter) { sub throws(BusError) in
                var entries: [DBusValue.DictionaryEntry] = []
                while dbus_message_iter_get_arg_type(sub) == DBusTypeCode.dictEntry {
                    entries.append(try withSubIterator(sub) { pair throws(BusError) in try readEntry(pair) })
                    dbus_message_iter_next(sub)
                }
                return entries
            }
            return .dictionary(keySignature: keySignature, valueSignature: valueSignature, entries)
        }
        let items = try withSubIterator(iter) { sub throws(BusError) in try readAll(sub) }
        return .array(elementSignature: elementSignature, items)
    }

    /// A dictionary entry's key and value, read in place (a listing of thousands of records has tens of
    /// thousands of them).
    private static func readEntry(_ pair: UnsafeMutablePointer<DBusMessageIter>) throws(BusError) -> DBusValue.DictionaryEntry {
        guard dbus_message_iter_get_arg_type(pair) != DBusTypeCode.invalid else { throw .invalidArgs("malformed dictionary entry") }
        let key = try read(pair)
        guard dbus_message_iter_next(pair) != 0 else { throw .invalidArgs("malformed dictionary entry") }
        return .init(key: key, value: try read(pair))
    }

    /// Runs `body` on an iterator over the container at `iter`, kept on the stack.
    private static func withSubIterator<T>(
        _ iter: UnsafeMutablePointer<DBusMessageIter>,
        _ body: (UnsafeMutablePointer<DBusMessageIter>) throws(BusError) -> T
    ) throws(BusError) -> T {
        var sub = DBusMessageIter()
        return try withUnsafeMutablePointer(to: &sub) { pointer throws(BusError) in
            dbus_message_iter_recurse(iter, pointer)
            return try body(pointer)
        }
    }
}
