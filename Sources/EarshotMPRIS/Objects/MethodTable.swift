/// One row of a `MethodTable`: a method's name, its in- and out-signatures, and how it runs: its
/// arguments read by their `BusArgument`s into typed values, then `body`, which makes one call on the
/// target and encodes the answer.
///
///     BusMethod("QueueMove", .episode(), .place("position")) { library, episode, index throws(LibraryError) in
///         try library.session.moveQueued(episode, to: index)
///         return .empty
///     }
public struct BusMethod<Target, Failure: Error>: Sendable {
    /// The member name.
    public let name: String
    /// The concatenated types of the in-arguments (what the XML must declare).
    public let inSignature: String
    /// The concatenated types of the out-arguments.
    public let outSignature: String
    /// The in-arguments' names, in order.
    public let argumentNames: [String]
    /// Reads arguments whose types are the in-signature's, and runs the body.
    private let perform: @Sendable (Target, [DBusValue], (Failure) -> BusError) throws(BusError) -> MethodReply

    /// A method `name` taking `arguments` and answering `outSignature` (empty: nothing).
    public init<each Argument>(
        _ name: String, _ arguments: repeat BusArgument<each Argument>, out outSignature: String = "",
        _ body: @escaping @Sendable (Target, repeat each Argument) throws(Failure) -> MethodReply
    ) {
        var signature = "", names: [String] = []
        for argument in repeat each arguments {
            signature += argument.signature
            names.append(argument.name)
        }
        self.name = name
        self.inSignature = signature
        self.outSignature = outSignature
        self.argumentNames = names
        perform = { target, values, busError throws(BusError) in
            var index = 0
            func next<T>(_ argument: BusArgument<T>) throws(BusError) -> T {
                defer { index += 1 }
                do throws(ArgumentRefusal) {
                    return try argument.read(values[index])
                } catch {
                    throw .invalidArgs("\(name): argument \(index + 1), \(argument.name), \(error.reason)")
                }
            }
            let decoded = (repeat try next(each arguments))
            do throws(Failure) {
                return try body(target, repeat each decoded)
            } catch {
                throw busError(error)
            }
        }
    }

    /// Reads `values` and runs the method on `target`; `busError` names the target's refusals.
    func run(on target: Target, _ values: [DBusValue], busError: (Failure) -> BusError) throws(BusError) -> MethodReply {
        let given = values.map(\.signature).joined()
        if let problem = ArgumentCheck.mismatch(method: name, names: argumentNames, expected: inSignature, given: given) {
            throw .invalidArgs(problem)
        }
        return try perform(target, values, busError)
    }
}

/// An interface's methods, one `BusMethod` row each, looked up by name: the whole of its dispatch, as
/// mpv's `mp_cmds[]` and MPD's `commands[]` are theirs. The rows must say what the interface's
/// introspection XML says (a test holds each table to it); a call whose arguments do not fit its row is
/// `InvalidArgs` naming the method and the argument, a name without a row `UnknownMethod`.
public struct MethodTable<Target, Failure: Error>: Sendable {
    /// The interface the table serves.
    public let interface: String
    /// The rows, in the order given.
    public let methods: [BusMethod<Target, Failure>]
    private let rows: [String: BusMethod<Target, Failure>]
    private let busError: @Sendable (Failure) -> BusError

    /// A table for `interface`; `busError` turns the target's refusals into the errors callers see.
    public init(_ interface: String, busError: @escaping @Sendable (Failure) -> BusError, _ methods: [BusMethod<Target, Failure>]) {
        self.interface = interface
        self.methods = methods
        self.rows = Dictionary(methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.busError = busError
    }

    /// Runs `method` on `target` with `arguments`.
    public func call(_ method: String, arguments: [DBusValue], on target: Target) throws(BusError) -> MethodReply {
        guard let row = rows[method] else { throw .unknownMethod("\(interface) has no method \(method)") }
        return try row.run(on: target, arguments, busError: busError)
    }
}
