#!/usr/bin/env bash
# How long `earshot search` takes when three directories answer on loopback in 30, 80 and 200 ms
# (bench/directory-server.py, replies shaped as each directory documents them, at 127.0.0.1, .2 and .3:
# three hosts, as the real directories are): the whole command —
# starting, D-Bus, the daemon asking all three at once, merging, printing — against the slowest
# directory's own answer time (curl's time_total on the same endpoint). The daemon runs on a private
# bus with the configuration pointing at the server. RUNS=n sets the runs (default 30); EARSHOT=path
# picks the binary (default: the release build).
set -euo pipefail
cd "$(dirname "$0")/.."
earshot=${EARSHOT:-$PWD/.build/release/earshot}
runs=${RUNS:-30}
source bench/private-session.sh

python3 bench/directory-server.py --url-file "$work/port" --delays 30,80,200 &
for _ in $(seq 200); do [[ -f $work/port ]] && break; sleep 0.05; done
port=$(cat "$work/port")
mkdir -p "$work/config/earshot"
cat > "$work/config/earshot/earshot.conf" <<CONF
directories = itunes, fyyd, podcastindex
itunes-url = http://127.0.0.1:$port/itunes
fyyd-url = http://127.0.0.2:$port/fyyd
podcastindex-url = http://127.0.0.3:$port/pi
podcastindex-key = BENCHKEY
podcastindex-secret = BENCHSECRET
CONF

"$earshot" --feed "$PWD/data/demo/feed.xml" 2>"$work/daemon.log" &
for _ in $(seq 400); do playerctl -l 2>/dev/null | grep -q earshot && break; sleep 0.01; done
"$earshot" search lab > /dev/null  # warm-up: the daemon's first connections

milliseconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f\n", (b - a) * 1000 }'; }
summary() { sort -n | awk '{ v[NR] = $1 } END { printf "median %.1f ms, p90 %.1f ms, min %.1f ms, max %.1f ms (%d runs)\n",
    v[int((NR + 1) / 2)], v[int(NR * 0.9 + 0.5)], v[1], v[NR], NR }'; }

: > "$work/search" > "$work/floor"
for _ in $(seq "$runs"); do
    started=$EPOCHREALTIME
    "$earshot" search lab > "$work/out"
    milliseconds "$started" "$EPOCHREALTIME" >> "$work/search"
    curl -s -o /dev/null -w '%{time_total}\n' "http://127.0.0.3:$port/pi/api/1.0/search/byterm?q=lab" | awk '{ printf "%.1f\n", $1 * 1000 }' >> "$work/floor"
done
grep -q "Radio Lab of Examples" "$work/out" || { echo "earshot search printed no results:"; cat "$work/out" "$work/daemon.log"; exit 1; }

echo "## earshot search, three directories answering on loopback in 30, 80 and 200 ms"
echo "earshot search lab, whole command:        $(summary < "$work/search")"
echo "the slowest directory alone (curl):       $(summary < "$work/floor")"
paste "$work/search" "$work/floor" | awk '{ print $1 - $2 }' > "$work/overhead"
echo "the command's own overhead, run by run:   $(summary < "$work/overhead")"
