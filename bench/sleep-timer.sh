#!/usr/bin/env bash
# How close to its deadline the sleep timer pauses: on a private bus, the daemon plays the demo episode
# and is given `SetSleepTimer after 3 s` (through gdbus) five times; the lateness is the time the
# PlaybackStatus Paused signal reached playerctl --follow minus (the moment the call returned + 3 s).
# Both stamps are bash's $EPOCHREALTIME (no process started to read the clock), so the figure includes
# the reply's and the signal's trips over the bus. EARSHOT=path picks the binary (default: debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
earshot=${EARSHOT:-$PWD/.build/debug/earshot}
source bench/private-session.sh
mkdir -p "$work/config/earshot" && echo "sleep-fade = 1" > "$work/config/earshot/earshot.conf"

"$earshot" --feed "$PWD/data/demo/feed.xml" 2>/dev/null &
for _ in $(seq 400); do playerctl -l 2>/dev/null | grep -q earshot && break; sleep 0.01; done

stamp_follow() { while read -r line; do echo "$EPOCHREALTIME $line"; done; }
playerctl -p earshot --follow status 2>/dev/null | stamp_follow > "$work/stamped" &
echo "## Sleep timer: pause vs deadline (3 s timers, sleep-fade 1 s)"
for run in 1 2 3 4 5; do
    playerctl -p earshot position 1 2>/dev/null || true
    playerctl -p earshot play
    sleep 1
    seen=$(wc -l < "$work/stamped")
    gdbus call --session -d org.mpris.MediaPlayer2.earshot -o /org/earshot/Earshot \
        -m org.earshot.Earshot1.SetSleepTimer after 3.0 0 > /dev/null
    returned=$EPOCHREALTIME
    for _ in $(seq 100); do
        paused=$(tail -n +$((seen + 1)) "$work/stamped" | awk '$2 == "Paused" {print $1; exit}')
        [[ -n $paused ]] && break
        sleep 0.1
    done
    [[ -n $paused ]] || { echo "run $run: no Paused seen"; continue; }
    awk -v p="$paused" -v r="$returned" 'BEGIN { printf "run %d: paused %+.1f ms after the deadline\n", '"$run"', (p - r - 3) * 1000 }'
done
