#!/usr/bin/env bash
# "Ten downloads at once with the loop busy serving Get(Position): p99 stays ≤ 2 ms." Earshot on a
# private bus with max-downloads = 10 and a feed of ten 30 MB episodes on ten loopback addresses, each
# sent at 2 MB/s (about 15 s per download): Get(Position) and GetAll(Player) latency idle, then while
# all ten download (earshot downloads is printed before and after to show they ran throughout).
set -euo pipefail
cd "$(dirname "$0")/.."
bench=.build/release/earshot-bench
earshot=.build/release/earshot
source bench/private-session.sh

mkdir -p "$work/config/earshot"
printf 'max-downloads = 10\ndownload-ahead = 0\n' > "$work/config/earshot/earshot.conf"

python3 bench/download-server.py --url-file "$work/url" --episodes 10 --size 30000000 --rate 2000000 &
for _ in $(seq 50); do [[ -s $work/url ]] && break; sleep 0.1; done
EARSHOT_AUDIO_SINK="fakesink sync=true" "$earshot" --feed "$(cat "$work/url")" 2>"$work/earshot.log" &
for _ in $(seq 100); do playerctl -l 2>/dev/null | grep -q earshot && break; sleep 0.1; done

echo "## Get(Position) with the loop idle"
"$bench" dbus-latency --calls 5000 --player earshot
ids=$("$earshot" episodes --json | python3 -c 'import json,sys; print(" ".join(str(e["id"]) for e in json.load(sys.stdin)))')
"$earshot" download $ids
sleep 1
echo "## Get(Position) while ten episodes download at once (2 MB/s each)"
echo "downloading before: $("$earshot" downloads --json | grep -c '"state" : "downloading"')"
"$bench" dbus-latency --calls 5000 --player earshot
echo "downloading after:  $("$earshot" downloads --json | grep -c '"state" : "downloading"')"
