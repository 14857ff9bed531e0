import EarshotGLib
import Foundation

/// An `HTTPExchange` that lives on a thread of its own, for exchanges whose answers are big: a first
/// sync's 13 MB of episode actions, read on the loop 64 KiB at a time, kept the loop busy for runs of
/// 2–4 ms while its bytes arrived. The exchange (its libsoup session, cookies, transfers and deadlines)
/// is made, used and freed on the network thread, which runs at a low priority (nice 10) as the
/// parsing workers do; requests are made from the caller's context, each answer is read on the network
/// thread (`reading`: a reply of 60,000 actions is parsed there, and may be stored from there), and
/// what the reading made of it is handed back on the caller's context.
public final class NetworkThreadExchange {
    private let home: MainContext
    private let holder = ExchangeHolder()

    /// An exchange with its own session and cookie jar on the network thread; completions run on `home`.
    public init(home: MainContext = .threadDefault(), timeoutSeconds: UInt32 = 30) {
        self.home = home
        let network = NetworkThread.shared.context, holder = self.holder
        network.invoke { holder.exchange = HTTPExchange(context: network, timeoutSeconds: timeoutSeconds) }
    }

    deinit {
        let holder = self.holder
        NetworkThread.shared.context.invoke { holder.exchange = nil }
    }

    /// `HTTPExchange.send`, made on the network thread; `reading` runs there with the answer, and
    /// `completion` later on `home` with what it returned.
    public func send<T: Sendable>(_ method: String, _ url: URL, body: [UInt8]? = nil, form: Bool = false, user: String? = nil,
                                  password: String = "",
                                  reading: @escaping @Sendable (Result<(status: Int, body: ResponseBody), HTTPExchangeError>) -> T,
                                  completion: @escaping (T) -> Void) {
        let delivery = CompletionBox(completion), home = self.home, holder = self.holder
        NetworkThread.shared.context.invoke {
            holder.exchange?.send(method, url, body: body, form: form, user: user, password: password) { result in
                let value = reading(result)
                home.invoke { delivery.deliver(value) }
            }
        }
    }
}

/// The exchange, touched only on the network thread.
private final class ExchangeHolder: @unchecked Sendable {
    var exchange: HTTPExchange?
}

/// One thread iterating a main context of its own for the life of the process, started when first
/// needed, at nice 10 so that it yields the CPU to the loop.
private final class NetworkThread: @unchecked Sendable {
    static let shared = NetworkThread()
    let context = MainContext()

    private init() {
        let context = self.context
        let thread = Thread {
            Worker.yieldToLoop()
            context.withThreadDefault { MainLoop(context: context).run() }
        }
        thread.name = "earshot-network"
        thread.start()
    }
}
