import EarshotTestSupport
import EarshotGLib
import Testing
@testable import EarshotMPRIS

/// A long answer (200,000 transcript cues, 100,000 episodes) is marshalled where it is made, on a worker,
/// so the loop only hands the finished message to the bus: marshalling 200,000 cues on the loop froze the
/// daemon 1–2 s per call (issue 37, point 11).
@Suite struct PreparedReplyTests {
    static let xml = """
        <node>
          <interface name="org.example.Archive1">
            <method name="Everything"><arg name="count" type="u" direction="in"/><arg name="items" type="as" direction="out"/></method>
            <method name="Wrong"><arg name="items" type="as" direction="out"/></method>
          </interface>
        </node>
        """

    /// The archive answers on a worker: the reply's message is made there.
    final class Archive: MethodsOnlyInterface {
        let name = "org.example.Archive1"
        let context: MainContext
        /// What the worker saw: the signature of the message it prepared, before the loop had it.
        var preparedSignatures: [String] = []

        init(context: MainContext) { self.context = context }

        func call(_ method: String, arguments: [DBusValue]) throws(BusError) -> MethodReply {
            let count: Int
            if method == "Everything", case .uint32(let given) = arguments.first { count = Int(given) } else { count = 1 }
            return .laterPrepared { [weak self] preparer, respond in
                guard let self else { return }
                Worker.run("prepare", on: self.context, work: { () -> (Result<PreparedReply, BusError>, String) in
                    let items = (0..<count).map { DBusValue.string("item \($0)") }
                    let values: [DBusValue] = method == "Wrong" ? [.int32(1)] : [.array(elementSignature: "s", items)]
                    do throws(BusError) {
                        let prepared = try preparer.prepare(values)
                        return (.success(prepared), prepared.signature)
                    } catch {
                        return (.failure(error), "")
                    }
                }, completion: { outcome, signature in
                    self.preparedSignatures.append(signature)
                    respond(outcome)
                })
            }
        }
    }

    @Test func aPreparedReplyIsMarshalledOnTheWorkerAndArrivesWhole() throws {
        let context = MainContext()
        try context.withThreadDefault {
            let bus = try PrivateBus()
            defer { bus.stop() }
            let service = try BusConnection(address: bus.address, context: context)
            let client = try BusConnection(address: bus.address, context: context)
            defer { client.close(); service.close() }
            let archive = Archive(context: context)
            let object = try ExportedObject(connection: service, path: "/org/example/Archive", introspectionXML: Self.xml, interfaces: [archive])
            defer { object.unexport() }
            let destination = service.uniqueName

            var replies: [Result<BusMessage, BusError>] = []
            client.call(try .methodCall(destination: destination, path: "/org/example/Archive", interface: "org.example.Archive1",
                                        member: "Everything", arguments: [.uint32(200_000)])) { replies.append($0) }
            client.call(try .methodCall(destination: destination, path: "/org/example/Archive", interface: "org.example.Archive1",
                                        member: "Wrong", arguments: [])) { replies.append($0) }
            #expect(context.iterate(until: { replies.count == 2 }, timeoutSeconds: 30))

            #expect(archive.preparedSignatures.contains("as"), "the worker held the marshalled message: \(archive.preparedSignatures)")
            for reply in replies {
                switch reply {
                case .success(let message):
                    let values = try message.arguments()
                    guard case .array(_, let items) = values.first else { Issue.record("not an array: \(values)"); continue }
                    #expect(items.count == 200_000)
                    #expect(items.last == .string("item 199999"))
                case .failure(let error):
                    #expect(error.message.contains("wrong type"), "\(error)")
                }
            }
            #expect(replies.filter { if case .failure = $0 { true } else { false } }.count == 1, "the wrongly typed answer is refused")
        }
    }
}
