#!/usr/bin/env bash
# D-Bus latency of Earshot against mpv + mpv-mpris, in one run on a private bus: Get(Position) and
# GetAll(Player), p50 and p99 over 2,000 calls each, next to the bus daemon's own GetId (the floor),
# then again while Earshot keeps refreshing the 5,000-episode feed it serves.
#
# Usage: bench/dbus-latency.sh [--build DIR]   (DIR: a release build folder, .build/release by default;
# another checkout's, to measure two versions in one run)
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build/release
if [[ ${1:-} == --build ]]; then build=$2; fi
scripts/install-debian-packages mpv mpv-mpris
bench=$(realpath -m "$build")/earshot-bench
earshot=$(realpath -m "$build")/earshot
work=$(mktemp -d)
mkdir -p bench/out
feed=bench/out/feed-5000.xml
[[ -f $feed ]] || "$bench" generate-feed --episodes 5000 --output "$feed"

cleanup() { kill $(jobs -p) 2>/dev/null || true; [[ -n ${bus_pid:-} ]] && kill "$bus_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

dbus-daemon --session --fork --print-address=1 --print-pid=1 > "$work/bus"
export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$work/bus")
bus_pid=$(sed -n 2p "$work/bus")

# The 5,000-episode feed and one short episode's audio, both served over loopback: a feed from the
# network may name only http(s) audio, so every enclosure points at that one file on the same server.
audio=$PWD/data/demo/02-controls.mp3
mkdir -p "$work/www"
cp "$audio" "$work/www/episode.mp3"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
sed "s|url=\"https://cdn.bench.example/audio/[^\"]*\"|url=\"http://127.0.0.1:$port/episode.mp3\"|" "$feed" > "$work/www/feed-5000.xml"
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$work/www" >/dev/null 2>&1 &
sleep 0.5
feed_url="http://127.0.0.1:$port/feed-5000.xml"

# Earshot serving that feed and playing; mpv playing the same file in a loop.
XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" \
    EARSHOT_AUDIO_SINK="fakesink sync=true" "$earshot" --feed "$feed_url" 2>"$work/earshot.log" &
mpv --no-config --ao=null --vo=null --loop=inf --really-quiet --script=/usr/lib/mpv-mpris/mpris.so \
    "$audio" >/dev/null 2>&1 &
for _ in $(seq 100); do
    names=$(playerctl -l 2>/dev/null || true)
    [[ $names == *earshot* && $names == *mpv* ]] && break
    sleep 0.1
done
playerctl -p earshot play


echo "## D-Bus latency (private session bus)"
"$bench" dbus-latency --calls 2000 --player earshot --player mpv
"$bench" dbus-latency --calls 2000 --player earshot --player mpv --load-feed "$feed_url"
