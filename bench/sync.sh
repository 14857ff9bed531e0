#!/usr/bin/env bash
# Sync (issue 18): a real oPodSync server (../shared/servers) holding 200 podcasts and 60,000 play actions,
# one per episode of the library benchmark's 200 podcasts × 300 episodes (bench/library-server.py), uploaded
# by mygpoclient as "the phone". In the same run: mygpoclient downloading every action (its bare download:
# the reference), Earshot's first sync on a library of the same 200 podcasts (`earshot sync login`, then
# `earshot sync now`, which answers when that first sync is applied), Get(Position) while it applies
# (`earshot-bench library-latency`), and a sync with nothing new, with the daemon's CPU time.
#
# Usage: bench/sync.sh [--build DIR] [--shared DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build/release shared=${EARSHOT_SHARED:-../shared}
while (($#)); do
    case $1 in
        --build) build=$2; shift ;;
        --shared) shared=$2; shift ;;
        *) echo "sync.sh: unknown option $1" >&2; exit 64 ;;
    esac
    shift
done
earshot=$(realpath "$build")/earshot bench=$(realpath "$build")/earshot-bench
[[ -x $shared/servers/opodsync-serve ]] || { echo "sync.sh: no oPodSync in $shared/servers" >&2; exit 1; }
source bench/private-session.sh
seconds() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.0f", ($14 + $15) * 1000 / hz }' "/proc/$1/stat"; }
phone() { /usr/bin/python3 -c "from mygpoclient import api; import sys, json, time
client = api.MygPodderClient('earshot', 'earshot-secret', '$server')
$1"; }

python3 bench/library-server.py --url-file "$work/url" --feeds 200 --episodes 300 --audio data/demo/02-controls.mp3 &
for _ in $(seq 600); do [[ -s $work/url ]] && break; sleep 0.1; done
base=$(cat "$work/url")
curl -sf "$base/subs.opml" -o "$work/subs.opml"
"$shared/servers/opodsync-serve" "$work/opodsync" > "$work/server"
server=$(awk '$1 == "url" { sub(/\/$/, "", $2); print $2 }' "$work/server")
server_pid=$(awk '$1 == "pid" { print $2 }' "$work/server")
trap 'kill $server_pid 2>/dev/null; cleanup' EXIT

echo "## Sync benchmark: oPodSync on $server, 200 podcasts × 300 episodes on $base"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
start=$(seconds)
phone "
feeds = ['$base/feeds/%d.xml' % n for n in range(1, 201)]
client.update_subscriptions('phone', feeds, [])
for n in range(1, 201):
    client.upload_episode_actions([api.EpisodeAction('$base/feeds/%d.xml' % n, '$base/audio/%d/%d.mp3' % (n, e), 'play',
        device='phone', timestamp=time.strftime('%Y-%m-%dT%H:%M:%S', time.gmtime(time.time() - 86400 + e)), started=0,
        position=60 + e, total=3600) for e in range(1, 301)])
"
echo "the phone uploaded 200 subscriptions and 60,000 play actions in $(elapsed "$start" "$(seconds)") s"

downloads=()
for _ in 1 2 3; do
    start=$(seconds)
    count=$(phone "print(len(client.download_episode_actions(since=0).actions))")
    downloads+=("$(elapsed "$start" "$(seconds)")")
done
reference=$(printf '%s\n' "${downloads[@]}" | sort -n | sed -n 2p)
echo "mygpoclient downloads the $count actions: ${downloads[*]} s (median $reference s)"

"$earshot" serve > "$work/daemon.log" 2>&1 &
daemon=$!
for _ in $(seq 600); do "$earshot" status >/dev/null 2>&1 && break; sleep 0.1; done
"$earshot" import "$work/subs.opml" > /dev/null
sleep 2
"$bench" library-latency --stop-file "$work/sync.done" --from-file "$work/login.done" > "$work/latency" 2>&1 &
latency=$!
cpu=$(cpu_ms "$daemon")
start=$(seconds)
printf '%s\n' earshot-secret | "$earshot" sync login "$server" earshot --password-stdin > /dev/null
touch "$work/login.done"   # the login's own process has ended: the calls after it are also reported alone
"$earshot" sync now > "$work/first.out"
end=$(seconds)
touch "$work/sync.done"
wait "$latency"
first=$(elapsed "$start" "$end")
applied=$(sqlite3 "$XDG_STATE_HOME/earshot/earshot.sqlite" "SELECT count(*) FROM episodeStatus WHERE lastListenTime > 0")
echo "Earshot's first sync, applied: $first s (daemon CPU $(( $(cpu_ms "$daemon") - cpu )) ms), $applied places taken;" \
    "ratio to mygpoclient's download $(awk -v a="$first" -v b="$reference" 'BEGIN { printf "%.2f", a / b }') (target ≤ 1.5)"
sed 's/^/  while the first sync applies: /' "$work/latency"
sleep 1
cpus=()
for _ in 1 2 3 4 5; do
    cpu=$(cpu_ms "$daemon")
    "$earshot" sync now > /dev/null
    cpus+=("$(( $(cpu_ms "$daemon") - cpu ))")
done
echo "a sync with nothing new: daemon CPU ${cpus[*]} ms (target < 50 ms)"
kill -TERM "$daemon"; wait "$daemon" || true
