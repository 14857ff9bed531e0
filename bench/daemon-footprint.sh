#!/usr/bin/env bash
# The daemon's footprint with a 5,000-episode feed, on a private bus: resident memory while playing
# (next to mpv + mpv-mpris playing the same file), wakeups while paused, and cold start from the store
# to the bus name owned with Metadata restored (median of 7).
set -euo pipefail
cd "$(dirname "$0")/.."
bench=.build/release/earshot-bench
earshot=$PWD/.build/release/earshot
work=$(mktemp -d)
mkdir -p bench/out
feed=bench/out/feed-5000.xml
[[ -f $feed ]] || "$bench" generate-feed --episodes 5000 --output "$feed"
audio=$PWD/data/demo/02-controls.mp3
# The generated feed's enclosures point nowhere; here they all point at one local file, so it plays.
sed "s|url=\"https://cdn.bench.example/audio/[^\"]*\"|url=\"file://$audio\"|" "$feed" > "$work/feed.xml"

cleanup() { kill $(jobs -p) 2>/dev/null || true; [[ -n ${bus_pid:-} ]] && kill "$bus_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
dbus-daemon --session --fork --print-address=1 --print-pid=1 > "$work/bus"
export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$work/bus")
bus_pid=$(sed -n 2p "$work/bus")
export XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" EARSHOT_AUDIO_SINK="fakesink sync=true"

wait_for() { for _ in $(seq 400); do playerctl -l 2>/dev/null | grep -q "$1" && return 0; sleep 0.005; done; return 1; }
rss() { awk '/VmRSS/ {printf "%.1f MB", $2 / 1024}' "/proc/$1/status"; }
switches() { cat /proc/"$1"/task/*/status | awk '/ctxt_switches/ {s += $2} END {print s}'; }

"$earshot" --feed "$work/feed.xml" 2>/dev/null &
pid=$!
wait_for earshot
playerctl -p earshot play
sleep 3
echo "## Daemon footprint, 5,000-episode feed"
echo "resident memory while playing (first run, feed fetched and parsed): $(rss $pid)"
playerctl -p earshot pause
sleep 1
before=$(switches $pid); sleep 10; after=$(switches $pid)
echo "wakeups while paused: $(( (after - before) / 10 )) per second ($(( after - before )) context switches in 10 s)"
kill $pid; wait $pid || true

# Cold start: earshot-bench starts the daemon and asks for Metadata every millisecond until it has a
# title (a client process per poll, like playerctl, would add its own start-up to every sample).
"$bench" cold-start --daemon "$earshot" --runs 7 | sed 's/^/5,000 episodes in the store: /'

"$earshot" 2>/dev/null &
pid=$!
wait_for earshot
playerctl -p earshot play
sleep 3
echo "resident memory while playing (restored from the store): $(rss $pid)"
kill $pid; wait $pid || true

if command -v mpv >/dev/null; then
    mpv --no-config --ao=null --vo=null --loop=inf --really-quiet --script=/usr/lib/mpv-mpris/mpris.so "$audio" >/dev/null 2>&1 &
    pid=$!
    wait_for mpv
    sleep 3
    echo "mpv + mpv-mpris playing the same file: $(rss $pid)"
fi

# The floor under any playbin player: GStreamer alone playing the same file into the same sink (with
# the MP3 decoder Earshot prefers), no D-Bus, feed, store or Swift.
GST_PLUGIN_FEATURE_RANK=mpg123audiodec:primary gst-launch-1.0 -q playbin "uri=file://$audio" \
    audio-sink="fakesink sync=true" >/dev/null 2>&1 &
pid=$!
sleep 2
echo "gst-launch-1.0 playbin playing the same file (the GStreamer floor): $(rss $pid)"
kill $pid; wait $pid 2>/dev/null || true

# The floor of the libraries themselves: a C program using each of them once, as the daemon does
# (bench/stack-floor.c), on the same bus, same file, same sink.
if command -v gcc >/dev/null; then
    gcc -O2 -o "$work/stack-floor" bench/stack-floor.c \
        $(pkg-config --cflags --libs gstreamer-1.0 libsoup-3.0 libxml-2.0 sqlite3 dbus-1)
    "$work/stack-floor" "file://$audio" "$work/floor.sqlite" 2>/dev/null &
    pid=$!
    sleep 3
    echo "the same C libraries alone, each used once (bench/stack-floor.c): $(rss $pid)"
    kill $pid; wait $pid 2>/dev/null || true
fi
