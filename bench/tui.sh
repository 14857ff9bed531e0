#!/usr/bin/env bash
# The terminal interface (issue 39): `earshot tui` on a pseudo-terminal of 80 × 24 against a release
# daemon whose library is `earshot-bench find`'s (2,000 podcasts × 500 episodes by default: a million
# episodes, without transcripts), on a private bus. `earshot-bench tui` prints the first screen with the
# library drawn after start (median of 5 starts), every key answered (the redraw written to the terminal)
# while scrolling the library and then a podcast's 500 episodes (p50, p99, max), the resident memory,
# and the CPU used over 5 s in which nothing changes.
#
# Usage: bench/tui.sh [--build DIR] [--podcasts N] [--episodes N] [--directory DIR]
#   --directory: where the library is built (and kept: a second run with the same DIR and sizes reuses it).
#   Building the million-episode library takes a few minutes and about 2 GB of disk.
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build/release podcasts=2000 episodes=500 library=
while (($#)); do
    case $1 in
        --build) build=$2; shift ;;
        --podcasts) podcasts=$2; shift ;;
        --episodes) episodes=$2; shift ;;
        --directory) library=$2; shift ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) echo "tui.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
    esac
    shift
done
earshot=$(realpath "$build")/earshot bench=$(realpath "$build")/earshot-bench
for binary in "$earshot" "$bench"; do
    [[ -x $binary ]] || { echo "tui.sh: $binary is missing: swift build -c release --static-swift-stdlib first" >&2; exit 1; }
done
source bench/private-session.sh
library=${library:-$work/library}
mkdir -p "$library"
if [[ ! -f $library/indexed.sqlite ]] || [[ $(sqlite3 "$library/indexed.sqlite" 'SELECT count(*) FROM episode') -lt $((podcasts * episodes)) ]]; then
    echo "# building the library: $podcasts podcasts × $episodes episodes"
    "$bench" find --podcasts "$podcasts" --episodes "$episodes" --transcripts 0 --note-words 50 --queries 1 \
        --directory "$library" --keep > "$work/find.log"
fi
mkdir -p "$XDG_CONFIG_HOME/earshot" "$XDG_STATE_HOME/earshot"
echo "refresh-interval = 10080" > "$XDG_CONFIG_HOME/earshot/earshot.conf"
db="$XDG_STATE_HOME/earshot/earshot.sqlite"
sqlite3 "$library/indexed.sqlite" "VACUUM INTO '$db'"
# The generated feeds live nowhere: start-up's refresh fails at once on a closed loopback port.
sqlite3 "$db" "UPDATE feed SET url = 'http://127.0.0.1:9/' || id || '.xml'"
"$earshot" serve > "$work/daemon.log" 2>&1 &
daemon=$!
for _ in $(seq 1 600); do "$earshot" status >/dev/null 2>&1 && break; sleep 0.1; done
sleep 5   # start-up's refresh (every feed refused at once) is over
# A library made before the search index learnt CJK words is rebuilt in the background (minutes at a
# million episodes); every list read meanwhile waits behind a batch, so the figures wait for the end.
while grep -q "rebuilding the search index" "$work/daemon.log" && ! grep -q "the search index is rebuilt" "$work/daemon.log"; do
    sleep 3
done
first=$(sqlite3 "$db" "SELECT title FROM feed ORDER BY id LIMIT 1" | awk '{ print $1 }')
echo "## earshot tui on $(sqlite3 "$db" 'SELECT count(*) FROM episode') episodes of $(sqlite3 "$db" 'SELECT count(*) FROM feed') podcasts, 80 × 24 (release daemon $(ps -o rss= -p $daemon) KB)"
"$bench" tui --earshot "$earshot" --expect "$first"
kill -TERM "$daemon"; wait "$daemon" || true
