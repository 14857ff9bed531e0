/// People (podcast:person) as the CLI names them: "Name (role)", the role left out for a host.
enum PersonText {
    /// The names of people dictionaries; nil when there are none.
    static func names(_ people: [Vardict]) -> [String]? {
        let names = people.compactMap { person -> String? in
            guard let name = person.string("name") else { return nil }
            let role = person.string("role") ?? "host"
            return role == "host" ? name : "\(name) (\(role))"
        }
        return names.isEmpty ? nil : names
    }
}
