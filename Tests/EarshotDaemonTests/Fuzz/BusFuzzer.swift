import EarshotMPRIS
import EarshotTestSupport

/// One generated method call: where it goes, what it carries, and what a successful answer must look
/// like when the call matched a declared method.
struct FuzzCall: CustomStringConvertible {
    let path: String
    let interface: String?
    let member: String
    let arguments: [DBusValue]
    /// The declared out-signature when the call is a right call of a declared method; nil otherwise.
    let expectedReply: String?

    var description: String {
        "\(path) \(interface ?? "(no interface)").\(member)(\(arguments.map { String($0.description.prefix(80)) }.joined(separator: ", ")))"
    }
}

/// Generates random calls on every interface the daemon serves, read from the introspection XML in
/// dbus/: right and wrong signatures, a missing interface field, unknown interfaces, members and
/// objects, and Properties Get/GetAll/Set with random names and variant types.
///
/// Calls that could leave the test machine or end the run are tamed: Subscribe and OpenUri only ever
/// carry the `safeURLs` (127.0.0.1 fixtures, refused ports, missing files, non-URLs) and are rationed
/// with Refresh; `Quit` is never generated.
struct BusFuzzer {
    private(set) var values: FuzzValues
    private let safeURLs: [String]
    private let targets: [(path: String, interface: String, method: MethodDescription)]
    private let propertyNames: [String]
    private let interfaceNames: [String]
    private var fetchBudget: Int

    /// Members whose strings become fetches: their arguments come only from `safeURLs`.
    private static let fetching: Set<String> = ["Subscribe", "OpenUri", "Refresh"]

    init(random: SeededRandom, safeURLs: [String], interestingPaths: [String], fetchBudget: Int) throws {
        values = FuzzValues(random: random, interestingPaths: interestingPaths)
        self.safeURLs = safeURLs
        self.fetchBudget = fetchBudget
        let served = [("/org/mpris/MediaPlayer2", try IntrospectionNode(xml: MPRISIntrospection.xml)),
                      (EarshotIntrospection.objectPath, try IntrospectionNode(xml: EarshotIntrospection.xml))]
        targets = served.flatMap { path, node in
            node.interfaces.flatMap { interface in
                interface.methods.filter { $0.name != "Quit" }.map { (path, interface.name, $0) }
            }
        }
        let interfaces = served.flatMap { $0.1.interfaces }
        propertyNames = Array(Set(interfaces.flatMap { $0.properties.map(\.name) })).sorted()
        interfaceNames = Array(Set(interfaces.map(\.name))).sorted()
            + ["org.mpris.MediaPlayer2.TrackList", "org.example.Nope", "org.earshot.Earshot2", "a.b", "org.mpris.mediaplayer2.player"]
    }

    /// The next call.
    mutating func next() -> FuzzCall {
        let target = values.random.pick(targets)
        switch Int.random(in: 0..<100, using: &values.random) {
        case 0..<55:
            return rightCall(target)
        case 55..<72:
            return FuzzCall(path: target.path, interface: target.interface, member: target.method.name,
                            arguments: wrongArguments(for: target.method), expectedReply: nil)
        case 72..<82:
            let right = values.random.chance(0.5)
            let call = right ? rightCall(target) : FuzzCall(path: target.path, interface: nil, member: target.method.name,
                                                           arguments: wrongArguments(for: target.method), expectedReply: nil)
            return FuzzCall(path: call.path, interface: nil, member: call.member, arguments: call.arguments, expectedReply: nil)
        case 82..<88:
            // A served member on an object that does not exist.
            return FuzzCall(path: values.objectPath(), interface: target.interface, member: target.method.name,
                            arguments: Self.fetching.contains(target.method.name) ? [] : values.anyArguments(), expectedReply: nil)
        case 88..<94:
            let member = values.random.pick(["Frobnicate", "playpause", "PLAY", "Get_", "Introspect2", "X", String(repeating: "M", count: 255)])
            return FuzzCall(path: target.path, interface: values.random.chance(0.5) ? values.random.pick(interfaceNames) : nil,
                            member: member, arguments: values.anyArguments(), expectedReply: nil)
        default:
            return propertiesCall(path: target.path, right: values.random.chance(0.7))
        }
    }

    private mutating func rightCall(_ target: (path: String, interface: String, method: MethodDescription)) -> FuzzCall {
        let method = target.method
        if target.interface == "org.freedesktop.DBus.Properties" { return propertiesCall(path: target.path, right: true) }
        let arguments: [DBusValue]
        switch method.name {
        case "Subscribe", "OpenUri", "Refresh":
            guard fetchBudget > 0 else { return FuzzCall(path: target.path, interface: target.interface, member: method.name,
                                                         arguments: [], expectedReply: nil) }
            fetchBudget -= 1
            switch method.name {
            case "Subscribe":
                let urls = (0..<Int.random(in: 0...3, using: &values.random)).map { _ in values.random.pick(safeURLs) }
                arguments = [.stringArray(urls), .boolean(values.random.chance(0.5))]
            case "OpenUri":
                arguments = [.string(values.random.pick(safeURLs))]
            default:
                arguments = [values.value(of: "ax")]
            }
        default:
            arguments = (DBusSignature.completeTypes(of: method.inSignature) ?? []).map { values.value(of: $0) }
        }
        return FuzzCall(path: target.path, interface: target.interface, member: method.name, arguments: arguments,
                        expectedReply: method.outSignature)
    }

    /// Random arguments whose signature is not the method's (so a fetching method is never called).
    private mutating func wrongArguments(for method: MethodDescription) -> [DBusValue] {
        for _ in 0..<8 {
            let arguments = values.anyArguments()
            if arguments.map(\.signature).joined() != method.inSignature { return arguments }
        }
        return method.inSignature.isEmpty ? [.string("surplus")] : []
    }

    /// Properties.Get, GetAll or Set with real or made-up interface and property names, and values
    /// of the property's type or of any type.
    private mutating func propertiesCall(path: String, right: Bool) -> FuzzCall {
        let interface = values.random.chance(0.8) ? values.random.pick(interfaceNames) : values.string()
        let property = values.random.chance(0.8) ? values.random.pick(propertyNames) : values.string()
        let member = values.random.pick(["Get", "GetAll", "Set", "Set"])
        var arguments: [DBusValue]
        switch member {
        case "Get": arguments = [.string(interface), .string(property)]
        case "GetAll": arguments = [.string(interface)]
        default:
            let value = values.random.chance(0.5) ? DBusValue.double(values.double()) : values.anyValue()
            arguments = [.string(interface), .string(property), .variant(value)]
        }
        if !right { arguments = values.random.chance(0.5) ? Array(arguments.dropLast()) : arguments.map { _ in values.anyValue() } }
        return FuzzCall(path: path, interface: "org.freedesktop.DBus.Properties", member: member, arguments: arguments,
                        expectedReply: nil)
    }
}
