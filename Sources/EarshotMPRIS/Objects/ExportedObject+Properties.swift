import EarshotGLib

/// `org.freedesktop.DBus.Properties` of an exported object: Get, GetAll and Set, checked against the
/// introspection XML (access, type) before the implementation is asked.
extension ExportedObject {
    func properties(_ member: String, _ arguments: [DBusValue]) throws(BusError) -> MethodReply {
        let interfaceName = arguments[0].stringValue ?? ""
        switch member {
        case "Get":
            let (description, property) = try lookUp(interfaceName, arguments[1].stringValue ?? "")
            guard property.access.isReadable else {
                throw BusError(name: "org.freedesktop.DBus.Error.AccessDenied", message: "\(property.name) is write-only")
            }
            guard let implementation = implementations[description.name],
                  let value = checkedValue(implementation, description, property.name) else {
                throw .unknownProperty("\(description.name) has no readable property \(property.name)")
            }
            return MethodReply([.variant(value)])
        case "GetAll":
            let descriptions: [InterfaceDescription]
            if interfaceName.isEmpty {
                descriptions = node.interfaces
            } else {
                guard let description = node.interface(interfaceName),
                      description.properties.isEmpty || implementations[interfaceName] != nil else {
                    throw .unknownInterface("object \(path) has no interface \(interfaceName)")
                }
                descriptions = [description]
            }
            var entries: [(String, DBusValue)] = []
            for description in descriptions {
                guard let implementation = implementations[description.name] else { continue }
                let values = checkedValues(implementation, description, of: description.properties.filter(\.access.isReadable))
                for property in description.properties where property.access.isReadable {
                    guard !entries.contains(where: { $0.0 == property.name }), let value = values[property.name] else { continue }
                    entries.append((property.name, value))
                }
            }
            return MethodReply([.vardict(entries)])
        case "Set":
            let (description, property) = try lookUp(interfaceName, arguments[1].stringValue ?? "")
            guard property.access.isWritable else {
                throw .propertyReadOnly("\(description.name).\(property.name) is read-only")
            }
            guard let value = arguments[2].variantValue, value.signature == property.type else {
                let given = arguments[2].variantValue?.signature ?? "?"
                throw .invalidArgs("\(property.name) has type '\(property.type)', not '\(given)'")
            }
            guard let implementation = implementations[description.name] else {
                throw .unknownProperty("\(description.name).\(property.name) is not served")
            }
            try implementation.setValue(value, of: property.name)
            propertiesChanged()
            return .empty
        default:
            throw .unknownMethod("interface \(Self.properties) has no method \(member)")
        }
    }

    /// The interface and property a Get or Set names; an empty interface name searches all interfaces.
    private func lookUp(_ interface: String, _ property: String) throws(BusError) -> (InterfaceDescription, PropertyDescription) {
        if interface.isEmpty {
            for description in node.interfaces {
                if let found = description.property(property) { return (description, found) }
            }
            throw .unknownProperty("object \(path) has no property \(property)")
        }
        // Declared in the XML but not exported here (an optional interface this object goes without).
        guard let description = node.interface(interface), description.properties.isEmpty || implementations[interface] != nil else {
            throw .unknownInterface("object \(path) has no interface \(interface)")
        }
        guard let found = description.property(property) else {
            throw .unknownProperty("\(interface) has no property \(property)")
        }
        return (description, found)
    }

    /// The implementation's value, if it has the declared type (a mismatch is a bug: logged, and the
    /// property is treated as not served, rather than sending clients a value they would drop).
    func checkedValue(
        _ implementation: any BusInterface, _ description: InterfaceDescription, _ name: String
    ) -> DBusValue? {
        implementation.value(of: name).flatMap { checked($0, description, name) }
    }

    /// The values of `properties`, read in one request to the implementation and type-checked.
    func checkedValues(
        _ implementation: any BusInterface, _ description: InterfaceDescription, of properties: [PropertyDescription]
    ) -> [String: DBusValue] {
        var checkedValues: [String: DBusValue] = [:]
        for (name, value) in implementation.values(of: properties.map(\.name)) {
            checkedValues[name] = checked(value, description, name)
        }
        return checkedValues
    }

    private func checked(_ value: DBusValue, _ description: InterfaceDescription, _ name: String) -> DBusValue? {
        guard let declared = description.property(name), value.signature == declared.type else {
            Log.warning("D-Bus: \(description.name).\(name) has type '\(value.signature)', declared otherwise")
            return nil
        }
        return value
    }
}
