/// Remembers the `ElementKind` of each (local name, namespace URI) pointer pair libxml2 has reported (for a
/// prefix the document never declared, its prefix stands in for the namespace URI).
///
/// libxml2 interns names in the parser's dictionary, so within one document the same name always
/// arrives as the same pointer. A small open-addressing table keyed by the pointers answers in a few
/// instructions per start tag, where a `Dictionary` would hash with SipHash every time. When the table
/// fills up (a document with hundreds of distinct element names), new names are simply not remembered.
struct ElementNameCache {
    private static let capacity = 256  // a power of two
    private var locals = [UnsafeRawPointer?](repeating: nil, count: capacity)
    private var uris = [UnsafeRawPointer?](repeating: nil, count: capacity)
    private var kinds = [ElementKind](repeating: .other, count: capacity)
    private var count = 0

    /// The kind remembered for this pair, if any.
    func lookup(_ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?) -> ElementKind? {
        let l = UnsafeRawPointer(local), u = uri.map(UnsafeRawPointer.init)
        var slot = Self.slot(l, u)
        while let stored = locals[slot] {
            if stored == l && uris[slot] == u { return kinds[slot] }
            slot = (slot + 1) & (Self.capacity - 1)
        }
        return nil
    }

    /// Remembers `kind` for the pair, while there is room.
    mutating func insert(_ local: UnsafePointer<UInt8>, _ uri: UnsafePointer<UInt8>?, _ kind: ElementKind) {
        guard count < Self.capacity / 2 else { return }
        let l = UnsafeRawPointer(local), u = uri.map(UnsafeRawPointer.init)
        var slot = Self.slot(l, u)
        while locals[slot] != nil { slot = (slot + 1) & (Self.capacity - 1) }
        locals[slot] = l
        uris[slot] = u
        kinds[slot] = kind
        count += 1
    }

    private static func slot(_ local: UnsafeRawPointer, _ uri: UnsafeRawPointer?) -> Int {
        let mixed = UInt(bitPattern: local) &* 0x9E37_79B9_7F4A_7C15 ^ UInt(bitPattern: uri) >> 3
        return Int(truncatingIfNeeded: mixed >> 20) & (capacity - 1)
    }
}
