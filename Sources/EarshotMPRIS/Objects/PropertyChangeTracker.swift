import EarshotGLib

/// Remembers, per interface, the property values last announced to clients, and works out what a
/// `PropertiesChanged` signal must carry: only values that really changed since, new values for
/// `EmitsChangedSignal=true` properties and names for `invalidates` ones. Checks are coalesced into one
/// idle callback per main-loop iteration, however many changes are reported.
final class PropertyChangeTracker {
    /// What changed on one interface.
    struct Changes: Equatable {
        var changed: [(String, DBusValue)]
        var invalidated: [String]
        var isEmpty: Bool { changed.isEmpty && invalidated.isEmpty }

        static func == (lhs: Changes, rhs: Changes) -> Bool {
            lhs.invalidated == rhs.invalidated && lhs.changed.map(\.0) == rhs.changed.map(\.0)
                && lhs.changed.map(\.1) == rhs.changed.map(\.1)
        }
    }

    private let context: MainContext
    private var announced: [String: [String: DBusValue]] = [:]
    private var scheduled: SourceHandle?

    init(context: MainContext) { self.context = context }

    deinit { scheduled?.cancel() }


    /// Schedules `check` for the next idle moment of the context, unless one is already scheduled.
    func schedule(_ check: @escaping () -> Void) {
        guard scheduled == nil else { return }
        scheduled = context.addIdle { [weak self] in
            self?.scheduled = nil
            check()
        }
    }

    /// Drops a scheduled check (the caller is about to check right away).
    func cancelScheduled() {
        scheduled?.cancel()
        scheduled = nil
    }

    /// Compares `current` with what was last announced for `interface`, records `current` as
    /// announced, and returns the differences in the order of `properties`. Properties whose
    /// announcement is `const` or `none` are never reported.
    func changes(
        on interface: String, properties: [PropertyDescription], current: (String) -> DBusValue?
    ) -> Changes {
        var result = Changes(changed: [], invalidated: [])
        var snapshot = announced[interface] ?? [:]
        let isBaseline = announced[interface] == nil
        for property in properties where property.isAnnounced {
            guard let value = current(property.name) else { continue }
            defer { snapshot[property.name] = value }
            guard !isBaseline, snapshot[property.name] != value else { continue }
            if property.announcement == .value {
                result.changed.append((property.name, value))
            } else {
                result.invalidated.append(property.name)
            }
        }
        announced[interface] = snapshot
        return result
    }
}

extension PropertyDescription {
    /// Whether PropertiesChanged carries this property (its value, or its name as invalidated); the
    /// others (Position, constants) are never read for change checks.
    var isAnnounced: Bool {
        access.isReadable && (announcement == .value || announcement == .invalidates)
    }
}
