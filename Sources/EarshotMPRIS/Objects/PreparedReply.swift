import CDBus
import EarshotGLib

/// Makes a method's reply message from its out values on any thread (libdbus is set up for threads),
/// so a long answer (200,000 transcript cues, 100,000 episodes) is marshalled on the worker that built
/// it and the loop only hands the finished message to the bus. The values are checked against the
/// method's declared out-signature here, like an immediate answer's.
public struct ReplyPreparer: @unchecked Sendable {
    // The call is only read (to address the reply) and the loop does not touch it meanwhile.
    private let call: BusMessage
    private let method: String
    private let declared: String

    init(call: BusMessage, method: String, declared: String) {
        self.call = call
        self.method = method
        self.declared = declared
    }

    /// The reply carrying `values`, or `Failed` when they are not of the declared out-signature.
    public func prepare(_ values: [DBusValue]) throws(BusError) -> PreparedReply {
        let signature = values.map(\.signature).joined()
        guard signature == declared else {
            Log.warning("D-Bus: \(method) answered '\(signature)', declared '\(declared)'")
            throw .failed("internal error: the answer has the wrong type")
        }
        return PreparedReply(message: try call.methodReturn(values))
    }
}

/// A reply message made by a `ReplyPreparer`, handed from the worker that made it to the loop, which
/// sends it; nothing else touches it.
public struct PreparedReply: @unchecked Sendable {
    let message: BusMessage

    /// The signature of the values it carries.
    public var signature: String { message.signature }
}
