#!/usr/bin/env bash
# "Asking for 10,000 downloads at once does not freeze the daemon: the loop's longest stall stays
# ≤ 50 ms." Earshot on a private bus with a feed of N episodes (4 KB each, spread over H loopback
# addresses, served at full speed by bench/download-server.py, so downloads keep finishing while it is
# measured; the newest is a real MP3, the current episode). bench/loop-stall.c calls Get(Position)
# every 2 ms, however long each answer takes; the longest answer is the loop's longest stall (plus a
# round trip). Measured idle, then from just before `earshot download <every episode>` until S seconds
# after it returned, while the downloads start and finish.
#
# Usage: bench/download-request.sh [--episodes 10000] [--hosts 16] [--seconds 10] [--build DIR]
# Needs a build of earshot (--build .build/debug for a debug one; default .build/release) and gcc with
# libdbus's headers. Nothing leaves 127.0.0.1; every folder is temporary and removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

episodes=10000 hosts=16 seconds=10 build=.build/release
while (($#)); do
    case $1 in
        --episodes) episodes=$2; shift ;;
        --hosts) hosts=$2; shift ;;
        --seconds) seconds=$2; shift ;;
        --build) build=$2; shift ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) echo "download-request.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
    esac
    shift
done
earshot=$(realpath "$build")/earshot
[[ -x $earshot ]] || { echo "download-request.sh: $earshot is missing: build it first" >&2; exit 1; }

work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [[ -n ${bus_pid:-} ]] && kill "$bus_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
gcc -O2 -o "$work/loop-stall" bench/loop-stall.c $(pkg-config --cflags --libs dbus-1)

dbus-daemon --session --fork --print-address=1 --print-pid=1 > "$work/bus"
export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$work/bus")
bus_pid=$(sed -n 2p "$work/bus")
export XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
export EARSHOT_AUDIO_SINK="fakesink sync=true"
mkdir -p "$work/config/earshot"
printf 'download-ahead = 0\n' > "$work/config/earshot/earshot.conf"

python3 bench/download-server.py --url-file "$work/url" --episodes "$episodes" --hosts "$hosts" --size 4096 \
    --rate 1000000000 --audio data/demo/02-controls.mp3 &
pids+=($!)
for _ in $(seq 100); do [[ -s $work/url ]] && break; sleep 0.1; done
"$earshot" --feed "$(cat "$work/url")" 2>"$work/earshot.log" &
daemon_pid=$!
pids+=("$daemon_pid")
for _ in $(seq 600); do playerctl -l 2>/dev/null | grep -qx earshot && break; sleep 0.1; done
playerctl -l 2>/dev/null | grep -qx earshot || { echo "download-request.sh: the daemon did not start:" >&2; cat "$work/earshot.log" >&2; exit 1; }
ids=$("$earshot" episodes --json | python3 -c 'import json,sys; print(" ".join(str(e["id"]) for e in json.load(sys.stdin)))')
count=$(wc -w <<< "$ids")
(( count == episodes )) || { echo "download-request.sh: the library holds $count episodes, not $episodes" >&2; exit 1; }

milliseconds() { date +%s%3N; }
state_count() { "$earshot" downloads --json | grep -c "\"state\" : \"$1\"" || true; }

echo "## $episodes downloads asked for at once ($hosts hosts, 4 KB each), load average $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
"$work/loop-stall" "$work/idle.done" 2 > "$work/idle" 2>&1 &
latency_pid=$!
sleep 2
touch "$work/idle.done"
wait "$latency_pid" || { cat "$work/idle" >&2; exit 1; }
sed 's/^/idle: /' "$work/idle"

"$work/loop-stall" "$work/busy.done" 2 > "$work/busy" 2>&1 &
latency_pid=$!
pids+=("$latency_pid")
sleep 0.5
start=$(milliseconds)
"$earshot" download $ids > "$work/download.out" 2>&1 || true
end=$(milliseconds)
sleep "$seconds"
touch "$work/busy.done"
wait "$latency_pid" || { cat "$work/busy" >&2; exit 1; }
echo "earshot download of $count episodes answered in $((end - start)) ms: $(cat "$work/download.out")"
sed "s/^/from the request until ${seconds} s after it: /" "$work/busy"
echo "downloads completed by then: $(state_count completed) (failed: $(state_count failed))"
