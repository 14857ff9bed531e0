import EarshotGLib
import EarshotMPRIS
import EarshotTestSupport
import Foundation

/// A private bus on which `FakeLibrary` serves org.earshot.Earshot1 at /org/earshot/Earshot under
/// Earshot's well-known name, described by the real dbus/org.earshot.Earshot1.xml (so every call the
/// CLI makes is checked against the contract), and a way to run the real `earshot` binary against it.
final class FakeEarshot {
    let context = MainContext()
    let bus: PrivateBus
    let library: FakeLibrary
    private let connection: BusConnection
    private var object: ExportedObject?

    static let xml: String = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../dbus/org.earshot.Earshot1.xml").standardizedFileURL.path
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()

    /// Starts a bus with the double on it. `serving: false` leaves the name unowned (no daemon); the
    /// bus then activates nothing, unless `busConfiguration` adds a `<servicedir>`.
    init(library: FakeLibrary = FakeLibrary(), serving: Bool = true, busConfiguration: [String] = []) throws {
        self.library = library
        bus = try PrivateBus(configuration: busConfiguration)
        connection = try BusConnection(address: bus.address, context: context)
        library.connection = connection
        guard serving else { return }
        object = try ExportedObject(connection: connection, path: "/org/earshot/Earshot", introspectionXML: Self.xml, interfaces: [library])
        guard try connection.requestName("org.mpris.MediaPlayer2.earshot") == .owned else {
            throw TestFailure("cannot own org.mpris.MediaPlayer2.earshot on the private bus")
        }
    }

    deinit {
        object?.unexport()
        connection.close()
        bus.stop()
    }

    /// Runs `earshot arguments` against this bus, answering its calls meanwhile; standard output and
    /// error are pipes, or with `terminal` one pseudo-terminal `columns` wide (read back with "\r\n"
    /// turned into "\n").
    func run(_ arguments: [String], terminal: Bool = false, columns: UInt16 = 80) throws -> CLIRun {
        try CLIRun(arguments, busAddress: bus.address, context: context, terminal: terminal, columns: columns)
    }
}
