/// The attributes `NamespaceReader` keeps from a text element's start tag until its end: at most a
/// handful, looked up by name. A pair of small arrays searched in order: a dictionary hashed every name
/// twice an element, a tenth of the cost of a feed's people and soundbites.
struct KeptAttributes {
    private var names: [String] = []
    private var values: [String?] = []

    /// Keeps `names`' values as `attribute` reads them, in place of those kept before.
    mutating func keep(_ names: [String], from attribute: (String) -> String?) {
        self.names = names
        values.removeAll(keepingCapacity: true)
        for name in names { values.append(attribute(name)) }
    }

    /// The value kept for `name`, or nil when the start tag had none (or it was not kept).
    subscript(name: String) -> String? {
        for index in names.indices where names[index] == name { return values[index] }
        return nil
    }
}
