#!/usr/bin/env bash
# A storage-cap tidy of 10,000 downloads against Get(Position) (issue 40): a library of one podcast of
# 10,000 episodes, each downloaded (a sparse 1 MiB file; 10,000 completed downloads, written straight into
# the daemon's own database after the daemon created it), the release daemon started with no storage cap,
# then `download-budget` set to 100 MiB and `earshot-bench tidy-latency`: Get(Position) round trips with
# nothing else running, then while one `Tidy` deletes 9,900 of the downloads, in the same run, on a
# private bus.
#
# Usage: bench/tidy-latency.sh [--build DIR] [--downloads N]
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build/release
downloads=10000
while (($#)); do
    case $1 in
        --build) build=$2; shift ;;
        --downloads) downloads=$2; shift ;;
        *) echo "tidy-latency.sh: unknown option $1" >&2; exit 64 ;;
    esac
    shift
done
earshot=$(realpath "$build")/earshot bench=$(realpath "$build")/earshot-bench
for binary in "$earshot" "$bench"; do
    [[ -x $binary ]] || { echo "tidy-latency.sh: $binary is missing: swift build -c release first" >&2; exit 1; }
done
source bench/private-session.sh
export DBUS_SYSTEM_BUS_ADDRESS="unix:path=$work/no-system-bus"
mkdir -p "$XDG_CONFIG_HOME/earshot"
echo "refresh-interval = 10080" > "$XDG_CONFIG_HOME/earshot/earshot.conf"


# The daemon makes its database, keeps no storage cap, then stops.
"$earshot" serve > "$work/daemon1.log" 2>&1 &
daemon=$!
wait_for_daemon
"$earshot" set all download-budget unlimited >/dev/null
kill -TERM "$daemon"; wait "$daemon" || true
db="$XDG_STATE_HOME/earshot/earshot.sqlite"
files="$work/downloads"
mkdir -p "$files"

sqlite3 "$db" <<SQL
PRAGMA journal_mode = WAL;
BEGIN;
INSERT INTO feed (url, title, author, addedAt, lastCheckedAt)
    VALUES ('http://127.0.0.1:9/feed.xml', 'Kept podcast', 'Host', 1, 800000000);
WITH RECURSIVE e(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM e WHERE j < $downloads - 1)
INSERT INTO episode (feedId, guid, feedOrder, title, releaseDateText, releaseDate, soundURL, soundMIMEType, duration)
    SELECT f.id, 'g' || e.j, e.j, 'Episode ' || ($downloads - e.j), 'generated', 800000000 - e.j * 86400,
        'http://127.0.0.1:9/a/' || e.j || '.mp3', 'audio/mpeg', 1800
    FROM feed f, e WHERE f.url = 'http://127.0.0.1:9/feed.xml';
INSERT INTO download (episodeId, path, state, bytes, totalBytes, requestedAt, completedAt)
    SELECT e.id, '$files/' || e.id || '.mp3', 'completed', 1048576, 1048576, 800000000, 800000000 + e.id
    FROM episode e JOIN feed f ON f.id = e.feedId WHERE f.url = 'http://127.0.0.1:9/feed.xml';
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
SQL
sqlite3 "$db" "SELECT path FROM download" | xargs truncate -s 1M
echo "library: $(sqlite3 "$db" 'SELECT count(*) FROM download') downloads of 1 MiB (sparse files)"

"$earshot" serve > "$work/daemon2.log" 2>&1 &
daemon=$!
wait_for_daemon
sleep 3  # the start-up refresh and tidy (nothing to delete without a cap) settle
"$earshot" set all download-budget 100m >/dev/null
echo "## Storage-cap tidy of $downloads downloads against Get(Position) (earshot-bench tidy-latency)"
"$bench" tidy-latency
echo "files left: $(find "$files" -name '*.mp3' | wc -l)"
kill -TERM "$daemon"; wait "$daemon" || true
