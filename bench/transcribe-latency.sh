#!/usr/bin/env bash
# The daemon's Get(Position) latency while the real recogniser transcribes, next to its idle figure in
# the same run (issue 38: p99 within 1.5x of idle), on a private bus with a release build; then what the
# episode cost the helper (CPU seconds per second of speech, its peak memory).
#
# Usage: bench/transcribe-latency.sh [--build DIR]   (DIR: a release build folder, .build/release by
# default). The engine: $EARSHOT_TRANSCRIBER, else .build/transcriber (make transcriber).
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build/release
if [[ ${1:-} == --build ]]; then build=$2; fi
transcriber=${EARSHOT_TRANSCRIBER:-$PWD/.build/transcriber/bin/earshot-transcriber}
[[ -x $transcriber ]] || { echo "transcribe-latency: no transcriber at $transcriber (run make transcriber)" >&2; exit 1; }
bench=$(realpath -m "$build")/earshot-bench
earshot=$(realpath -m "$build")/earshot
work=$(mktemp -d)

cleanup() { kill $(jobs -p) 2>/dev/null || true; [[ -n ${bus_pid:-} ]] && kill "$bus_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

dbus-daemon --session --fork --print-address=1 --print-pid=1 > "$work/bus"
export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$work/bus")
bus_pid=$(sed -n 2p "$work/bus")
export XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
export EARSHOT_AUDIO_SINK="fakesink sync=true" EARSHOT_TRANSCRIBER="$transcriber"

# About ten minutes of speech (espeak-ng reading the README), served over loopback in a feed that offers
# no transcript.
mkdir -p "$work/www"
sed -n '1,260p' README.md | tr -d '#`|*<>[]' > "$work/text.txt"
espeak-ng -w "$work/www/speech.wav" -f "$work/text.txt"
seconds=$(python3 -c "import wave; w = wave.open('$work/www/speech.wav'); print(round(w.getnframes() / w.getframerate(), 1))")
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat > "$work/www/feed.xml" <<FEED
<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Bench speech</title><language>en-us</language>
<item><guid>speech</guid><title>Speech</title><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate>
<enclosure url="http://127.0.0.1:$port/speech.wav" type="audio/wav" length="1"/></item>
</channel></rss>
FEED
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$work/www" >/dev/null 2>&1 &
sleep 0.5

"$earshot" --feed "http://127.0.0.1:$port/feed.xml" 2>"$work/earshot.log" &
daemon=$!
for _ in $(seq 100); do [[ $(playerctl -l 2>/dev/null || true) == *earshot* ]] && break; sleep 0.1; done
playerctl -p earshot play
sleep 1

echo "## Get(Position) while transcribing (private session bus; $seconds s of speech)"
echo "idle:"
"$bench" dbus-latency --calls 2000 --player earshot
episode=$("$earshot" episodes --json | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["id"])')
"$earshot" transcribe "$episode"
for _ in $(seq 600); do
    "$earshot" transcribe --status --json | python3 -c 'import json, sys; sys.exit(0 if json.load(sys.stdin).get("heard", 0) > 0 else 1)' && break
    sleep 0.2
done
helper=$(pgrep -P "$daemon" | head -1)
echo "transcribing (helper pid $helper):"
"$bench" dbus-latency --calls 2000 --player earshot
start=$(date +%s.%N)
while kill -0 "$helper" 2>/dev/null; do
    read -r utime stime < <(awk '{print $14, $15}' "/proc/$helper/stat" 2>/dev/null) || true
    peak=$(awk '/VmHWM/ {print $2}' "/proc/$helper/status" 2>/dev/null || echo "${peak:-0}")
    sleep 0.5
done
end=$(date +%s.%N)
ticks=$(getconf CLK_TCK)
python3 - "$seconds" "$utime" "$stime" "$ticks" "$peak" "$start" "$end" <<'PY'
import sys
seconds, utime, stime, ticks, peak, start, end = (float(x) for x in sys.argv[1:])
cpu = (utime + stime) / ticks
print(f"helper: {cpu:.0f} CPU-s for {seconds:.0f} s of speech = {cpu / seconds:.2f} CPU-s per second of speech; "
      f"peak memory {peak / 1024:.0f} MiB; an hour-long episode: about {cpu / seconds * 3600 / 60:.0f} CPU-minutes")
PY
