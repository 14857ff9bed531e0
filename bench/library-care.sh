#!/usr/bin/env bash
# Looking after a big library (issue 19): a library of 1,000,000 episodes (2,000 podcasts × 500, the
# scale of the library benchmark at 2,000 × 500) with a year of history (50,000 sittings) and an inbox of
# 300 episodes, written straight into the daemon's own database (sqlite3, after the daemon created it),
# then the release daemon answering MarkPodcast on a 500-episode podcast (played, then unplayed: every
# call marks 500), Stats over the whole history, and Episodes(inbox) — round trips on a private bus,
# next to Ping on the same daemon (`earshot-bench care-latency`), with the daemon's CPU time per call
# (its own time, whatever else the machine runs).
#
# Usage: bench/library-care.sh [--build DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build/release
while (($#)); do
    case $1 in
        --build) build=$2; shift ;;
        *) echo "library-care.sh: unknown option $1" >&2; exit 64 ;;
    esac
    shift
done
earshot=$(realpath "$build")/earshot bench=$(realpath "$build")/earshot-bench
for binary in "$earshot" "$bench"; do
    [[ -x $binary ]] || { echo "library-care.sh: $binary is missing: swift build -c release first" >&2; exit 1; }
done
source bench/private-session.sh
mkdir -p "$XDG_CONFIG_HOME/earshot"
echo "refresh-interval = 10080" > "$XDG_CONFIG_HOME/earshot/earshot.conf"


# The daemon makes its database (and subscribes the demo), then stops.
"$earshot" serve > "$work/daemon1.log" 2>&1 &
daemon=$!
wait_for_daemon
kill -TERM "$daemon"; wait "$daemon" || true
db="$XDG_STATE_HOME/earshot/earshot.sqlite"

start=$(date +%s.%N)
sqlite3 "$db" <<'SQL'
PRAGMA journal_mode = WAL;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
INSERT INTO feed (url, title, author, addedAt, lastCheckedAt)
    SELECT 'http://127.0.0.1:9/feed' || i || '.xml', 'Podcast ' || i, 'Host ' || i, i, 800000000 FROM n;
WITH RECURSIVE e(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM e WHERE j < 499)
INSERT INTO episode (feedId, guid, feedOrder, title, releaseDateText, releaseDate, soundURL, soundMIMEType, duration)
    SELECT f.id, 'g' || f.id || '-' || e.j, e.j, 'Episode ' || (500 - e.j) || ' of podcast ' || f.id, 'generated',
        800000000 - e.j * 86400 - f.id, 'http://127.0.0.1:9/a/' || f.id || '/' || e.j || '.mp3', 'audio/mpeg', 1800
    FROM feed f, e WHERE f.url LIKE 'http://127.0.0.1:9/%';
WITH RECURSIVE s(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM s WHERE k < 50000)
INSERT INTO listening (episodeId, podcastId, episodeTitle, podcastTitle, device, startedAt, endedAt, startPosition,
    endPosition, span, trimmed, skipped, rate, finished)
    SELECT e.id, e.feedId, e.title, 'Podcast ' || (e.feedId - 1), 'bench', 800000000 - k * 630, 800000000 - k * 630 + 1200,
        0, 1500, 1500, 60, 30, 1.25, k % 3 = 0
    FROM s JOIN episode e ON e.id = 5 + (k * 7919) % 1000000;
INSERT INTO inbox (episodeId, enteredAt) SELECT id, 800000000 FROM episode WHERE feedOrder = 0 AND feedId % 7 = 0 LIMIT 300;
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
SQL
echo "library written in $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s:" \
    "$(sqlite3 "$db" 'SELECT count(*) FROM episode') episodes, $(sqlite3 "$db" 'SELECT count(*) FROM listening') sittings," \
    "$(sqlite3 "$db" 'SELECT count(*) FROM inbox') in the inbox"
podcast=$(sqlite3 "$db" "SELECT id FROM feed WHERE title = 'Podcast 1000'")

"$earshot" serve > "$work/daemon2.log" 2>&1 &
daemon=$!
wait_for_daemon
sleep 5  # the start-up refresh of 2,000 unreachable feeds settles
"$bench" care-latency --podcast "$podcast" --daemon-pid "$daemon"
echo "daemon resident: $(awk '$1 == "VmRSS:" { printf "%.0f MB", $2 / 1024 }' "/proc/$daemon/status")"
kill -TERM "$daemon"; wait "$daemon" || true
