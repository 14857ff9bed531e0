import EarshotTestSupport
import Foundation
import Glibc

/// A stand-in for a Nextcloud with the gPodder Sync app, written from the app's documented behaviour
/// (nextcloud-gpodder's README and controllers): `/index.php/apps/gpoddersync/...` with HTTP Basic,
/// replies whose action names are upper case and whose absent numbers are -1, one row per episode (the
/// newest replaces it), only `play` kept; and Login Flow v2 (`/index.php/login/v2`), granted at the
/// second poll as if the listener had clicked. Nextcloud itself cannot run here; oPodSync has none of
/// these quirks.
final class NextcloudStandIn {
    let url: String
    let appPassword = "app-password-1"
    private let child: ChildProcess
    private let log: String

    /// A stand-in whose login flow names `pollBase` (another server) as the place to poll, when given.
    init(pollBase: String? = nil) throws {
        log = FileManager.default.temporaryDirectory.appendingPathComponent("nextcloud-\(UUID().uuidString).log").path
        let fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer { close(fd) }
        child = try ChildProcess(["/usr/bin/python3", "-u", "-c", Self.program], environment: ["POLL_BASE": pollBase], stdout: fd, stderr: fd)
        var port = ""
        for _ in 0..<100 {
            if let text = try? String(contentsOfFile: log, encoding: .utf8), let line = text.split(separator: "\n").first(where: { $0.hasPrefix("port ") }) {
                port = String(line.dropFirst(5))
                break
            }
            usleep(50_000)
        }
        guard !port.isEmpty else { throw TestFailure("the Nextcloud stand-in did not start") }
        url = "http://127.0.0.1:\(port)"
    }

    deinit {
        child.signal(SIGTERM)
        _ = child.wait()
        try? FileManager.default.removeItem(atPath: log)
    }

    /// Every request the stand-in answered, as `METHOD path`.
    var requests: [String] { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").filter { !$0.hasPrefix("port ") }.map(String.init) }

    /// The actions the stand-in keeps, as it would answer them.
    func actions() throws -> [[String: Any]] {
        let run = try BuiltProduct.runTool("/usr/bin/curl", ["-sf", url + "/_actions"])
        return (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    /// Stores a `play` from another device, as the app keeps it.
    func phonePlayed(podcast: String, episode: String, position: Int, total: Int) throws {
        let body = try JSONSerialization.data(withJSONObject: ["podcast": podcast, "episode": episode, "position": position, "total": total])
        let run = try BuiltProduct.runTool("/usr/bin/curl", ["-sf", "-X", "POST", "--data-binary", String(decoding: body, as: UTF8.self), url + "/_phone"])
        guard run.status == 0 else { throw TestFailure("the stand-in refused the phone's action") }
    }

    private static let program = #"""
    import base64, json, os, time, http.server, urllib.parse
    USER, PASSWORD = "alice", "app-password-1"
    subs, actions, polls = {}, {}, [0]
    def now(): return int(time.time())
    class H(http.server.BaseHTTPRequestHandler):
        def log_message(self, *a): pass
        def reply(self, code, body):
            data = json.dumps(body).encode()
            self.send_response(code); self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data))); self.end_headers(); self.wfile.write(data)
        def authorised(self):
            expected = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
            if self.headers.get("Authorization") != expected:
                self.reply(401, {"message": "Current user is not logged in"}); return False
            return True
        def body(self):
            n = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(n) if n else b""
        def do_GET(self):
            print("GET", self.path, flush=True)
            u = urllib.parse.urlparse(self.path); q = urllib.parse.parse_qs(u.query)
            since = int(q.get("since", ["0"])[0])
            if u.path == "/_actions": return self.reply(200, list(actions.values()))
            if not self.authorised(): return
            if u.path == "/index.php/apps/gpoddersync/subscriptions":
                return self.reply(200, {"add": [k for k, (on, t) in subs.items() if on and t >= since],
                                        "remove": [k for k, (on, t) in subs.items() if not on and t >= since], "timestamp": now()})
            if u.path == "/index.php/apps/gpoddersync/episode_action":
                return self.reply(200, {"actions": [a for a in actions.values() if a["_t"] >= since], "timestamp": now()})
            self.reply(404, {})
        def do_POST(self):
            print("POST", self.path, flush=True)
            u = urllib.parse.urlparse(self.path); data = self.body()
            if u.path == "/index.php/login/v2":
                base = f"http://127.0.0.1:{self.server.server_port}"
                poll = os.environ.get("POLL_BASE") or base
                return self.reply(200, {"poll": {"token": "t0k3n", "endpoint": poll + "/login/v2/poll"}, "login": base + "/login/v2/flow/abc"})
            if u.path == "/login/v2/poll":
                polls[0] += 1
                if polls[0] < 2 or b"token=t0k3n" not in data: return self.reply(404, {})
                return self.reply(200, {"server": f"http://127.0.0.1:{self.server.server_port}", "loginName": USER, "appPassword": PASSWORD})
            if u.path == "/_phone":
                a = json.loads(data)
                actions[a["episode"]] = {"podcast": a["podcast"], "episode": a["episode"], "guid": None, "action": "PLAY",
                                         "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()), "started": -1,
                                         "position": a["position"], "total": a["total"], "_t": now()}
                return self.reply(200, {})
            if not self.authorised(): return
            if u.path == "/index.php/apps/gpoddersync/subscription_change/create":
                change = json.loads(data)
                for k in change.get("add", []): subs[k] = (True, now())
                for k in change.get("remove", []): subs[k] = (False, now())
                return self.reply(200, {"timestamp": now()})
            if u.path == "/index.php/apps/gpoddersync/episode_action/create":
                for a in json.loads(data):
                    if a.get("action", "").lower() != "play": continue
                    actions[a["episode"]] = {"podcast": a["podcast"], "episode": a["episode"], "guid": a.get("guid"), "action": "PLAY",
                                             "timestamp": a["timestamp"], "started": a.get("started", -1), "position": a.get("position", -1),
                                             "total": a.get("total", -1), "_t": now()}
                return self.reply(200, {"timestamp": now()})
            self.reply(404, {})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
    print("port", server.server_port, flush=True)
    server.serve_forever()
    """#
}
