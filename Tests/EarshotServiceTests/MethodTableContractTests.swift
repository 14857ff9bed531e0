import EarshotMPRIS
@testable import EarshotService
import Foundation
import Testing

/// Each method table says what dbus/*.xml says: every method the XML declares on the interface has a
/// row with the same in- and out-signatures, and every row is declared in the XML.
@Suite("Method tables against dbus/*.xml")
struct MethodTableContractTests {
    /// A table's rows as (name, in, out).
    struct Rows: CustomTestStringConvertible, Sendable {
        let interface: String
        let xmlFile: String
        let rows: [String: [String]]
        var testDescription: String { interface }

        init<Target, Failure>(_ table: MethodTable<Target, Failure>, in xmlFile: String) {
            interface = table.interface
            self.xmlFile = xmlFile
            rows = Dictionary(table.methods.map { ($0.name, [$0.inSignature, $0.outSignature]) }, uniquingKeysWith: { first, _ in first })
        }
    }

    static let tables = [
        Rows(LibraryMethods.table, in: "org.earshot.Earshot1.xml"),
        Rows(SearchProviderInterface.table, in: "org.earshot.DesktopSearch.xml"),
        Rows(KRunnerInterface.table, in: "org.earshot.DesktopSearch.xml"),
    ]

    /// The XML file in the repository's dbus/.
    static func declared(_ table: Rows) throws -> InterfaceDescription {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("dbus").appendingPathComponent(table.xmlFile)
        let node = try IntrospectionNode(xml: try String(contentsOf: file, encoding: .utf8))
        return try #require(node.interface(table.interface), "\(table.xmlFile) declares no \(table.interface)")
    }

    @Test(arguments: tables)
    func everyMethodInTheXMLHasARowWithItsSignaturesAndEveryRowIsDeclared(_ table: Rows) throws {
        let interface = try Self.declared(table)
        for method in interface.methods {
            let row = table.rows[method.name]
            #expect(row != nil, "\(table.interface).\(method.name) is in \(table.xmlFile) but has no row")
            #expect(row == nil || row == [method.inSignature, method.outSignature],
                    "\(table.interface).\(method.name): the row says (\(row ?? [])), the XML (\(method.inSignature), \(method.outSignature))")
        }
        for name in table.rows.keys.sorted() {
            #expect(interface.method(name) != nil, "\(table.interface) has a row \(name) that \(table.xmlFile) does not declare")
        }
    }

    @Test func eachRowNameIsUsedOnce() {
        for (table, count) in [(LibraryMethods.table.interface, LibraryMethods.table.methods.count),
                               (SearchProviderInterface.table.interface, SearchProviderInterface.table.methods.count),
                               (KRunnerInterface.table.interface, KRunnerInterface.table.methods.count)] {
            let rows = Self.tables.first { $0.interface == table }?.rows.count
            #expect(rows == count, "\(table) has a name on two rows")
        }
    }
}
