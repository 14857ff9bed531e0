#!/usr/bin/env bash
# The desktop's search and find at a million episodes (issues 22 and 23), end to end: the library
# `bench/find.sh --keep` built (2,000 podcasts × 500 episodes and 2,000 hour-long transcripts, indexed)
# becomes a release daemon's own database on a private bus; `earshot-bench desktop-search` then types
# the find benchmark's 200 queries a letter at a time as GNOME Shell (GetInitialResultSet, then
# GetSubsearchResultSet and GetResultMetas) and KRunner (Match) ask, calls Find once per query, and
# times `earshot find` as a listener runs it.
#
# Usage: bench/desktop-search.sh --directory DIR [--build DIR]
#   DIR holds indexed.sqlite from `earshot-bench find --directory DIR --keep` (bench/find.sh); it is copied,
#   not changed.
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build/release
library=
while (($#)); do
    case $1 in
        --build) build=$2; shift ;;
        --directory) library=$2; shift ;;
        *) echo "desktop-search.sh: unknown option $1" >&2; exit 64 ;;
    esac
    shift
done
earshot=$(realpath "$build")/earshot bench=$(realpath "$build")/earshot-bench
for binary in "$earshot" "$bench"; do
    [[ -x $binary ]] || { echo "desktop-search.sh: $binary is missing: swift build -c release --static-swift-stdlib first" >&2; exit 1; }
done
[[ -f $library/indexed.sqlite ]] || { echo "desktop-search.sh: --directory needs indexed.sqlite from bench/find.sh --keep" >&2; exit 64; }
source bench/private-session.sh
mkdir -p "$XDG_CONFIG_HOME/earshot" "$XDG_STATE_HOME/earshot"
echo "refresh-interval = 10080" > "$XDG_CONFIG_HOME/earshot/earshot.conf"
db="$XDG_STATE_HOME/earshot/earshot.sqlite"
sqlite3 "$library/indexed.sqlite" "VACUUM INTO '$db'"
# The generated feeds live nowhere: point them at a closed loopback port, so that start-up's refresh
# fails at once instead of waiting on the network.
sqlite3 "$db" "UPDATE feed SET url = 'http://127.0.0.1:9/' || id || '.xml'"

"$earshot" serve > "$work/daemon.log" 2>&1 &
daemon=$!
for _ in $(seq 1 600); do "$earshot" status >/dev/null 2>&1 && break; sleep 0.1; done
sleep 5   # start-up's refresh (every feed refused at once) is over
echo "## The desktop's search and find on $(sqlite3 "$db" 'SELECT count(*) FROM episode') episodes (release daemon $(ps -o rss= -p $daemon) KB)"
"$bench" desktop-search --cli "$earshot"
kill -TERM "$daemon"; wait "$daemon" || true
