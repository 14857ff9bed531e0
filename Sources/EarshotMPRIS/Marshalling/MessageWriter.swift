import CDBus

/// Appends `DBusValue`s to a libdbus message. Values are validated first (object paths, signatures,
/// element types), so a bad value becomes a thrown `BusError` rather than a libdbus abort, and a
/// message is never left half-written by a validation failure.
enum MessageWriter {
    /// Appends `values` as the message's arguments, after the ones it already has.
    static func append(_ values: [DBusValue], to message: OpaquePointer) throws(BusError) {
        for value in values { try validate(value) }
        let iter = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { iter.deallocate() }
        dbus_message_iter_init_append(message, iter)
        for value in values { try append(value, to: iter) }
    }

    // MARK: Validation

    /// Checks that `value` can be written: valid paths and signatures, elements of the declared type,
    /// basic dictionary keys, non-empty structs, and a total signature within D-Bus limits.
    static func validate(_ value: DBusValue) throws(BusError) {
        if value.isBasic { return try validateContents(value) }
        guard DBusSignature.isSingleCompleteType(value.signature) else {
            throw .invalidArgs("'\(value.signature)' is not a valid D-Bus type (nesting or length limits)")
        }
        try validateContents(value)
    }

    private static func validateContents(_ value: DBusValue) throws(BusError) {
        switch value {
        case .objectPath(let path):
            guard DBusNames.isValidObjectPath(path) else { throw .invalidArgs("'\(path)' is not a valid object path") }
        case .signature(let signature):
            guard DBusSignature.isValid(signature) else { throw .invalidArgs("'\(signature)' is not a valid signature") }
        case .array(let element, let items):
            guard DBusSignature.isSingleCompleteType(element) else {
                throw .invalidArgs("'\(element)' is not a single complete type")
            }
            for item in items {
                guard item.signature == element else {
                    throw .invalidArgs("an element of type '\(item.signature)' in an array of '\(element)'")
                }
                try validateContents(item)
            }
        case .dictionary(let key, let valueType, let entries):
            guard key.utf8.count == 1, "ybnqiuxtdsog".utf8.contains(key.utf8.first!) else {
                throw .invalidArgs("dictionary key type '\(key)' is not a basic type")
            }
            guard DBusSignature.isSingleCompleteType(valueType) else {
                throw .invalidArgs("'\(valueType)' is not a single complete type")
            }
            for entry in entries {
                guard entry.key.signature == key, entry.value.signature == valueType else {
                    throw .invalidArgs(
                        "an entry of type {\(entry.key.signature)\(entry.value.signature)} in a{\(key)\(valueType)}")
                }
                try validateContents(entry.key)
                try validateContents(entry.value)
            }
        case .structure(let members):
            guard !members.isEmpty else { throw .invalidArgs("a struct needs at least one member") }
            for member in members { try validateContents(member) }
        case .variant(let inner):
            try validate(inner)
        default:
            break
        }
    }

    // MARK: Appending

    private static func append(_ value: DBusValue, to iter: UnsafeMutablePointer<DBusMessageIter>) throws(BusError) {
        var basic = DBusBasicValue()
        let type: Int32
        switch value {
        case .byte(let v): basic.byt = v; type = DBusTypeCode.byte
        case .boolean(let v): basic.bool_val = v ? 1 : 0; type = DBusTypeCode.boolean
        case .int16(let v): basic.i16 = v; type = DBusTypeCode.int16
        case .uint16(let v): basic.u16 = v; type = DBusTypeCode.uint16
        case .int32(let v): basic.i32 = v; type = DBusTypeCode.int32
        case .uint32(let v): basic.u32 = v; type = DBusTypeCode.uint32
        case .int64(let v): basic.i64 = dbus_int64_t(v); type = DBusTypeCode.int64
        case .uint64(let v): basic.u64 = dbus_uint64_t(v); type = DBusTypeCode.uint64
        case .double(let v): basic.dbl = v; type = DBusTypeCode.double
        case .string(let s): return try appendString(s, type: DBusTypeCode.string, to: iter)
        case .objectPath(let s): return try appendString(s, type: DBusTypeCode.objectPath, to: iter)
        case .signature(let s): return try appendString(s, type: DBusTypeCode.signature, to: iter)
        case .array(let element, let items):
            return try container(DBusTypeCode.array, element, in: iter) { sub throws(BusError) in
                for item in items { try append(item, to: sub) }
            }
        case .dictionary(let key, let valueType, let entries):
            return try container(DBusTypeCode.array, "{" + key + valueType + "}", in: iter) { sub throws(BusError) in
                for entry in entries {
                    try container(DBusTypeCode.dictEntry, nil, in: sub) { pair throws(BusError) in
                        try append(entry.key, to: pair)
                        try append(entry.value, to: pair)
                    }
                }
            }
        case .structure(let members):
            return try container(DBusTypeCode.structure, nil, in: iter) { sub throws(BusError) in
                for member in members { try append(member, to: sub) }
            }
        case .variant(let inner):
            return try container(DBusTypeCode.variant, inner.signature, in: iter) { sub throws(BusError) in
                try append(inner, to: sub)
            }
        }
        guard dbus_message_iter_append_basic(iter, type, &basic) != 0 else { throw .noMemory() }
    }

    /// Strings must not contain NUL (libdbus reads C strings); embedded NULs are dropped.
    private static func appendString(
        _ string: String, type: Int32, to iter: UnsafeMutablePointer<DBusMessageIter>
    ) throws(BusError) {
        let clean = string.utf8.contains(0) ? String(string.unicodeScalars.filter { $0 != "\0" }) : string
        let ok = clean.withCString { pointer in
            var cString: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(iter, type, &cString)
        }
        guard ok != 0 else { throw .noMemory() }
    }

    /// Opens a container, fills it with `body`, and closes it (abandoning it when `body` fails).
    private static func container(
        _ type: Int32, _ containedSignature: String?, in iter: UnsafeMutablePointer<DBusMessageIter>,
        _ body: (UnsafeMutablePointer<DBusMessageIter>) throws(BusError) -> Void
    ) throws(BusError) {
        var iterator = DBusMessageIter()
        try withUnsafeMutablePointer(to: &iterator) { sub throws(BusError) in
            let opened: dbus_bool_t
            if let containedSignature {
                opened = dbus_message_iter_open_container(iter, type, containedSignature, sub)
            } else {
                opened = dbus_message_iter_open_container(iter, type, nil, sub)
            }
            guard opened != 0 else { throw .noMemory() }
            do throws(BusError) {
                try body(sub)
            } catch {
                dbus_message_iter_abandon_container(iter, sub)
                throw error
            }
            guard dbus_message_iter_close_container(iter, sub) != 0 else { throw .noMemory() }
        }
    }
}
