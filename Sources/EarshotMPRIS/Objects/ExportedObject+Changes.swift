import EarshotGLib

/// Change announcements (`PropertiesChanged`) and signals of an exported object.
extension ExportedObject {
    /// Notes that property values may have changed; one check runs at the next idle moment of the
    /// context (several notes in one main-loop iteration give one check, hence at most one signal per
    /// interface).
    public func propertiesChanged() {
        tracker.schedule { [weak self] in self?.announceChanges() }
    }

    /// Compares every announced property with what was last announced and emits one
    /// `PropertiesChanged` per interface that has differences, right now.
    public func announceChanges() {
        tracker.cancelScheduled()
        for (interface, changes) in collectChanges() where registration != nil {
            let changed = DBusValue.vardict(changes.changed)
            let invalidated = DBusValue.stringArray(changes.invalidated)
            emitOrLog(interface: Self.properties, signal: "PropertiesChanged",
                      arguments: [.string(interface), changed, invalidated])
        }
    }

    func collectChanges() -> [(String, PropertyChangeTracker.Changes)] {
        node.interfaces.compactMap { description in
            guard let implementation = implementations[description.name] else { return nil }
            let values = checkedValues(implementation, description, of: description.properties.filter(\.isAnnounced))
            let changes = tracker.changes(on: description.name, properties: description.properties) { values[$0] }
            return changes.isEmpty ? nil : (description.name, changes)
        }
    }


    /// Emits a signal declared in the XML, checking its arguments against the declaration.
    public func emit(interface: String, signal: String, arguments: [DBusValue]) throws(BusError) {
        guard let declared = node.interface(interface)?.signal(signal) else {
            throw .failed("signal \(interface).\(signal) is not declared in the introspection XML")
        }
        let signature = arguments.map(\.signature).joined()
        guard signature == declared.signature else {
            throw .failed("signal \(interface).\(signal) takes '\(declared.signature)', not '\(signature)'")
        }
        try connection.send(try BusMessage.signal(path: path, interface: interface, member: signal, arguments: arguments))
    }

    private func emitOrLog(interface: String, signal: String, arguments: [DBusValue]) {
        do {
            try emit(interface: interface, signal: signal, arguments: arguments)
        } catch {
            if connection.isConnected { Log.warning("D-Bus: cannot emit \(interface).\(signal): \(error)") }
        }
    }
}
