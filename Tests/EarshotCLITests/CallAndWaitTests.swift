import EarshotGLib
import EarshotMPRIS
import EarshotTestSupport
import Testing

/// `BusConnection.callAndWait`, the client convenience the command line is built on.
@Suite("Waiting for a reply as a client")
struct CallAndWaitTests {
    @Test func theReplyIsReturnedAndSignalsAreHandledWhileWaiting() throws {
        let earshot = try FakeEarshot()
        let client = try BusConnection(address: earshot.bus.address, context: earshot.context)
        defer { client.close() }
        var progress: [String] = []
        client.addSignalHandler { message in
            if message.member == "Progress", let item = (try? message.arguments())?[3].stringValue { progress.append(item) }
        }
        client.addMatch("type='signal',interface='org.earshot.Earshot1',member='Progress'")
        let call = try BusMessage.methodCall(
            destination: "org.mpris.MediaPlayer2.earshot", path: "/org/earshot/Earshot", interface: "org.earshot.Earshot1",
            member: "Subscribe", arguments: [.stringArray(["https://a.example/", "https://b.example/"]), .boolean(true)])
        let reply = try client.callAndWait(call, timeout: .unlimited)
        #expect(reply.signature == "aa{sv}")
        #expect(progress == ["https://a.example/", "https://b.example/"], "both signals arrived before the reply")
    }

    @Test func aCallNobodyAnswersEndsWithNoReplyAfterItsTimeout() throws {
        let earshot = try FakeEarshot(serving: false)
        let silent = try BusConnection(address: earshot.bus.address, context: earshot.context)
        defer { silent.close() }
        let registration = try silent.registerObject(path: "/silent") { _ in true }  // takes every call, answers none
        defer { registration.unregister() }
        let client = try BusConnection(address: earshot.bus.address, context: earshot.context)
        defer { client.close() }
        let call = try BusMessage.methodCall(destination: silent.uniqueName, path: "/silent", interface: "org.example.Silent", member: "Wait")
        let failure = failureText { _ = try client.callAndWait(call, timeout: .milliseconds(200)) }
        #expect(failure?.hasPrefix("org.freedesktop.DBus.Error.NoReply") == true, "\(failure ?? "no error")")
    }
}
