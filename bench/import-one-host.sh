#!/usr/bin/env bash
# "An OPML import of many feeds on one host must not freeze the daemon": Earshot on a private bus
# imports an OPML file of N feeds (default 10,000) that all live on one loopback server answering 404
# at once, so the cost measured is queueing and starting feeds, not parsing them. Printed: the import's
# wall time, and Get(Position) latency (p50, p99 and the longest stall) while it runs.
set -euo pipefail
cd "$(dirname "$0")/.."
feeds=${1:-10000}
bench=.build/release/earshot-bench
earshot=.build/release/earshot
source bench/private-session.sh

python3 - "$work/port" <<'PY' &
import http.server, socketserver, sys
class NotFound(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        self.send_response(404); self.send_header("Content-Length", "0"); self.end_headers()
    def log_message(self, *args): pass
class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
with Server(("127.0.0.1", 0), NotFound) as server:
    open(sys.argv[1], "w").write(str(server.server_address[1]))
    server.serve_forever()
PY
for _ in $(seq 50); do [[ -s $work/port ]] && break; sleep 0.1; done
port=$(cat "$work/port")
python3 - "$work/feeds.opml" "$port" "$feeds" <<'PY'
import sys
path, port, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(path, "w") as out:
    out.write('<?xml version="1.0"?>\n<opml version="2.0"><head><title>one host</title></head><body>\n')
    for n in range(count):
        out.write(f'<outline type="rss" text="Feed {n}" xmlUrl="http://127.0.0.1:{port}/feed-{n}.xml"/>\n')
    out.write('</body></opml>\n')
PY

EARSHOT_AUDIO_SINK="fakesink sync=true" "$earshot" 2>"$work/earshot.log" &
for _ in $(seq 100); do playerctl -l 2>/dev/null | grep -q earshot && break; sleep 0.1; done

echo "## Get(Position) with the loop idle"
"$bench" dbus-latency --calls 2000 --player earshot | grep earshot
echo "## Get(Position) while $feeds feeds on one host are imported"
start=$(date +%s.%N)
"$earshot" import "$work/feeds.opml" > /dev/null 2>&1 &
import_pid=$!
"$bench" dbus-latency --calls 20000 --player earshot | grep Position
wait "$import_pid" || true
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" -v n="$feeds" 'BEGIN { printf "import of %d feeds on one host: %.1f s\n", n, e - s }'
