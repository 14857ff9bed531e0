import CGLib

/// Reads introspection XML with GLib's `GMarkupParseContext` (the same subset of XML GDBus reads:
/// elements, attributes, comments and a DOCTYPE; no external entities).
enum IntrospectionParser {
    static func parse(_ xml: String) throws(IntrospectionError) -> IntrospectionNode {
        let state = ParserState()
        var parser = GMarkupParser()
        parser.start_element = { _, element, names, values, data, error in
            guard let element, let data else { return }
            let state = Unmanaged<ParserState>.fromOpaque(data).takeUnretainedValue()
            var attributes: [String: String] = [:]
            var index = 0
            while let name = names?[index], let value = values?[index] {
                attributes[String(cString: name)] = String(cString: value)
                index += 1
            }
            if let message = state.start(String(cString: element), attributes) {
                g_set_error_literal(error, g_markup_error_quark(), Int32(G_MARKUP_ERROR_INVALID_CONTENT.rawValue), message)
            }
        }
        parser.end_element = { _, element, data, error in
            guard let element, let data else { return }
            let state = Unmanaged<ParserState>.fromOpaque(data).takeUnretainedValue()
            if let message = state.end(String(cString: element)) {
                g_set_error_literal(error, g_markup_error_quark(), Int32(G_MARKUP_ERROR_INVALID_CONTENT.rawValue), message)
            }
        }
        let context = g_markup_parse_context_new(&parser, GMarkupParseFlags(rawValue: 0),
                                                 Unmanaged.passUnretained(state).toOpaque(), nil)
        defer { g_markup_parse_context_free(context) }
        var error: UnsafeMutablePointer<GError>?
        let ok = withExtendedLifetime(state) {
            xml.withCString { text in
                g_markup_parse_context_parse(context, text, gssize(xml.utf8.count), &error) != 0
                    && g_markup_parse_context_end_parse(context, &error) != 0
            }
        }
        if !ok {
            var line: Int32 = 0
            var column: Int32 = 0
            g_markup_parse_context_get_position(context, &line, &column)
            let message = error.map { String(cString: $0.pointee.message) } ?? "malformed XML"
            if let error { g_error_free(error) }
            throw IntrospectionError(message: "introspection XML, line \(line): \(message)")
        }
        guard state.sawRoot else { throw IntrospectionError(message: "introspection XML has no <node> element") }
        return IntrospectionNode(interfaces: state.interfaces)
    }
}

/// What the parser has built so far. Members are collected while their element is open.
private final class ParserState {
    private(set) var interfaces: [InterfaceDescription] = []
    private(set) var sawRoot = false
    private var stack: [String] = []
    private var interface: InterfaceDescription?
    private var interfaceAnnouncement: PropertyDescription.ChangeAnnouncement?
    private var explicitlyAnnounced: Set<String> = []
    private var method: (name: String, inArgs: String, inNames: [String], outArgs: String)?
    private var signal: (name: String, args: String)?
    private var property: PropertyDescription?

    private static let emitsChanged = "org.freedesktop.DBus.Property.EmitsChangedSignal"

    /// Handles an opening tag; returns an error message to stop parsing.
    func start(_ element: String, _ attributes: [String: String]) -> String? {
        defer { stack.append(element) }
        let parent = stack.last
        switch (parent, element) {
        case (nil, "node"):
            sawRoot = true
        case (nil, _):
            return "the root element must be <node>, not <\(element)>"
        case ("node", "node") where stack.count == 1:
            break  // a child object: not described here
        case ("node", "interface") where stack.count == 1:
            guard let name = attributes["name"], DBusNames.isValidInterface(name) else {
                return "<interface> needs a valid name"
            }
            interface = InterfaceDescription(name: name)
            interfaceAnnouncement = nil
            explicitlyAnnounced = []
        case ("interface", "method"):
            guard let name = attributes["name"], DBusNames.isValidMember(name) else { return "<method> needs a valid name" }
            method = (name, "", [], "")
        case ("interface", "signal"):
            guard let name = attributes["name"], DBusNames.isValidMember(name) else { return "<signal> needs a valid name" }
            signal = (name, "")
        case ("interface", "property"):
            guard let name = attributes["name"], !name.isEmpty else { return "<property> needs a name" }
            guard let type = attributes["type"], DBusSignature.isSingleCompleteType(type) else {
                return "property \(name) needs a single complete type"
            }
            guard let access = attributes["access"].flatMap(PropertyDescription.Access.init(rawValue:)) else {
                return "property \(name) needs access read, write or readwrite"
            }
            property = PropertyDescription(name: name, type: type, access: access, announcement: .value)
        case ("method", "arg"), ("signal", "arg"):
            guard let type = attributes["type"], DBusSignature.isSingleCompleteType(type) else {
                return "an <arg> needs a single complete type"
            }
            if parent == "signal" {
                signal?.args += type
            } else if attributes["direction"] == "out" {
                method?.outArgs += type
            } else {
                method?.inArgs += type
                method?.inNames.append(attributes["name"] ?? "")
            }
        case ("interface", "annotation"), ("property", "annotation"):
            guard attributes["name"] == Self.emitsChanged else { break }
            guard let value = attributes["value"].flatMap(PropertyDescription.ChangeAnnouncement.init(rawValue:)) else {
                return "\(Self.emitsChanged) must be true, invalidates, const or false"
            }
            if parent == "property" {
                property?.announcement = value
                if let name = property?.name { explicitlyAnnounced.insert(name) }
            } else {
                interfaceAnnouncement = value
            }
        default:
            break  // documentation and other extensions
        }
        return nil
    }

    /// Handles a closing tag; returns an error message to stop parsing.
    func end(_ element: String) -> String? {
        stack.removeLast()
        let parent = stack.last
        switch (parent, element) {
        case ("node", "interface") where stack.count == 1:
            guard var finished = interface else { return nil }
            if let interfaceAnnouncement {
                for index in finished.properties.indices
                where !explicitlyAnnounced.contains(finished.properties[index].name) {
                    finished.properties[index].announcement = interfaceAnnouncement
                }
            }
            guard !interfaces.contains(where: { $0.name == finished.name }) else {
                return "interface \(finished.name) is described twice"
            }
            interfaces.append(finished)
            interface = nil
        case ("interface", "method"):
            if let method {
                interface?.methods.append(.init(name: method.name, inSignature: method.inArgs, outSignature: method.outArgs,
                                                inArgumentNames: method.inNames))
            }
            method = nil
        case ("interface", "signal"):
            if let signal { interface?.signals.append(.init(name: signal.name, signature: signal.args)) }
            signal = nil
        case ("interface", "property"):
            if let property { interface?.properties.append(property) }
            property = nil
        default:
            break
        }
        return nil
    }
}
