#!/usr/bin/env bash
# The library benchmark (issue 10): 200 podcasts of 300 episodes (about 700 KB each, with ETag and 304)
# on a loopback server (bench/library-server.py), imported from one OPML file and refreshed, by Earshot
# and by gPodder 3.11's `gpo`, in one run on this machine.
#
#   Earshot: `earshot import subs.opml` until every podcast is stored, `earshot refresh` with nothing
#   changed (all 304) and with every feed changed; Get(Position) and Pause latency on MPRIS while the
#   import runs (and, in the same rounds, on bench/answer-floor.c, a process that only answers); the
#   daemon's peak resident memory during the import, its resident memory while playing with the 60,000
#   episodes in the library, and its cold start to Metadata restored.
#   gPodder: `gpo import`, `gpo update` (all 304), `gpo update` (every feed changed), each with its
#   wall time and peak resident memory (/usr/bin/time -v), in its own GPODDER_HOME.
#   The floors (issue 24), with Earshot: every feed downloaded once (not timed), then stored by
#   bench/import-floor.c (libxml2's xmlTextReader and SQLite on `nproc` threads, Earshot's tables and
#   indexes) and asked for again by `curl --parallel` at Earshot's concurrency with its ETag and
#   Last-Modified (all 304). Earshot's times are printed as ratios to them, with the command line's
#   own times (`earshot podcasts`, `episodes N` (the first podcast listed), `queue`, `status`, 20 runs each) on the big library.
#
# Usage: bench/library.sh [--no-gpodder] [--no-earshot] [--feeds N] [--episodes N] [--build DIR]
#                         [--figures FILE]
# Earshot's side needs a release build (swift build -c release; --build .build/debug to try the script
# with a debug one); gPodder's side the Debian package gpodder. --figures FILE keeps the figures, one
# `key value` a line (bench/scale.sh reads them).
# Nothing leaves 127.0.0.1. Every folder is temporary and removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

run_gpodder=1 run_earshot=1 feeds=200 episodes=300 build=.build/release figures_file=
while (($#)); do
    case $1 in
        --no-gpodder) run_gpodder=0 ;;
        --no-earshot) run_earshot=0 ;;
        --feeds) feeds=$2; shift ;;
        --episodes) episodes=$2; shift ;;
        --build) build=$2; shift ;;
        --figures) figures_file=$2; shift ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) echo "library.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
    esac
    shift
done

bench=$(realpath -m "$build")/earshot-bench
earshot=$(realpath -m "$build")/earshot
audio=$PWD/data/demo/02-controls.mp3
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [[ -n ${bus_pid:-} ]] && kill "$bus_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
if ((run_earshot)); then
    for binary in "$earshot" "$bench"; do
        [[ -x $binary ]] || { echo "library.sh: $binary is missing: swift build -c release first" >&2; exit 1; }
    done
fi
if ((run_gpodder)) && ! command -v gpo >/dev/null; then
    scripts/install-debian-packages gpodder
fi

seconds() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
# CPU seconds (user + system) a process has used so far.
cpu_s() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($14 + $15) / hz }' "/proc/$1/stat"; }
# CPU seconds the daemon has used since $cpu (a cpu_s reading); the clock ticks every 10 ms.
cpu_since() { awk -v a="$cpu" -v b="$(cpu_s "$daemon_pid")" 'BEGIN { printf "%.2f", b - a }'; }
rss_mb() { awk -v key="$2:" '$1 == key { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }
feed_stats() { curl -sf "$base/_control/stats"; }
# Where the figures go, one `key value` a line, for the summary at the end.
record() { echo "$1 $2" >> "$work/figures"; }
figure() { awk -v key="$1" '$1 == key { print $2 }' "$work/figures"; }

python3 bench/library-server.py --url-file "$work/url" --feeds "$feeds" --episodes "$episodes" --audio "$audio" &
pids+=($!)
for _ in $(seq 600); do [[ -s $work/url ]] && break; sleep 0.1; done
base=$(cat "$work/url")
curl -sf "$base/subs.opml" -o "$work/subs.opml"
echo "## Library benchmark: $feeds podcasts × $episodes episodes, $(( $(curl -sf "$base/feeds/1.xml" | wc -c) / 1024 )) KB a feed, on $base"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
record feeds "$feeds"
record episodes "$episodes"
record load-start "$(cut -d' ' -f1 /proc/loadavg)"

if ((run_earshot)); then
    echo
    echo "### The floors (issue 24): the same work with the C libraries and curl alone"
    # Every feed as Earshot imports it (generation 0), with its response headers: not timed. A curl
    # config of one block per feed (`next` keeps each block's options to its own URL).
    mkdir "$work/feeds"
    for n in $(seq "$feeds"); do
        ((n == 1)) || echo next
        printf 'url = "%s/feeds/%d.xml"\nfail\noutput = "%s/feeds/%d.xml"\ndump-header = "%s/feeds/%d.headers"\n' \
            "$base" "$n" "$work" "$n" "$work" "$n"
    done > "$work/download.curl"
    curl --no-progress-meter --parallel --parallel-max 4 -K "$work/download.curl"
    downloaded=$(find "$work/feeds" -name '*.xml' | wc -l)
    ((downloaded == feeds)) || { echo "library.sh: $downloaded of $feeds feeds downloaded" >&2; exit 1; }
    echo "downloaded for the floors: $feeds feeds, $(du -sm "$work/feeds" | cut -f1) MB (not timed)"

    # The import floor: the downloaded files parsed and stored in a database of their own, one
    # transaction per feed, on as many threads as cores (bench/import-floor.c says what it includes).
    floor_flags=$(pkg-config --cflags --libs libxml-2.0 sqlite3)
    read -ra floor_flags <<< "$floor_flags"
    gcc -O2 -pthread -o "$work/import-floor" bench/import-floor.c "${floor_flags[@]}"
    "$work/import-floor" "$work/import-floor.sqlite" "$(nproc)" "$work/feeds" > "$work/import-floor.out"
    record import-floor "$(sed -n 's/^import floor: \([0-9.]*\) s.*/\1/p' "$work/import-floor.out")"
    sed 's/^/the /' "$work/import-floor.out"
    rm -f "$work"/import-floor.sqlite*
    # The same without the full-text index: what the index costs the floor itself (issue 22's import).
    IMPORT_FLOOR_WITHOUT_INDEX=1 "$work/import-floor" "$work/import-floor.sqlite" "$(nproc)" "$work/feeds" > "$work/import-floor.out"
    record import-floor-unindexed "$(sed -n 's/^import floor without the full-text index: \([0-9.]*\) s.*/\1/p' "$work/import-floor.out")"
    sed 's/^/the /' "$work/import-floor.out"
    rm -f "$work"/import-floor.sqlite*

    # The conditional-refresh floor: the same GETs Earshot sends when nothing changed, each with the
    # feed's ETag (If-None-Match) and Last-Modified (If-Modified-Since), 4 at once on kept-alive
    # connections as Earshot's FeedUpdater does on one host; the median of 3 runs of the whole command.
    headers=()
    for n in $(seq "$feeds"); do headers+=("$work/feeds/$n.headers"); done
    # shellcheck disable=SC2016 # awk's own $0 and $1
    awk -v base="$base" '
        function value() { v = $0; sub(/^[^:]*:[ \t]*/, "", v); sub(/\r$/, "", v); return v }
        FNR == 1 {
            if (NR > 1) print "next"
            n = FILENAME; sub(/.*\//, "", n); sub(/\.headers$/, "", n)
            printf "url = \"%s/feeds/%s.xml\"\noutput = \"/dev/null\"\nwrite-out = \"%%{http_code}\\n\"\n", base, n
        }
        tolower($1) == "etag:" { v = value(); gsub(/"/, "\\\"", v); printf "header = \"If-None-Match: %s\"\n", v }
        tolower($1) == "last-modified:" { printf "header = \"If-Modified-Since: %s\"\n", value() }
        ' "${headers[@]}" > "$work/refresh.curl"
    before=$(feed_stats)
    for run in 1 2 3; do
        start=$(seconds)
        curl --no-progress-meter --parallel --parallel-immediate --parallel-max 4 -K "$work/refresh.curl" > "$work/codes"
        end=$(seconds)
        elapsed "$start" "$end" >> "$work/curl-runs"
        echo >> "$work/curl-runs"
        answered=$(grep -c '^304$' "$work/codes" || true)
        ((answered == feeds)) || { echo "library.sh: curl run $run: $answered of $feeds answered 304" >&2; exit 1; }
    done
    record curl-floor "$(sort -n "$work/curl-runs" | sed -n 2p)"
    echo "the conditional-refresh floor (curl --parallel-max 4, $feeds × 304): $(figure curl-floor) s, median of 3 ($(paste -sd' ' "$work/curl-runs") s; feed requests before: $before; after: $(feed_stats))"
fi

if ((run_earshot)); then
    echo
    echo "### Earshot"
    curl -sf "$base/_control/reset" >/dev/null
    home=$work/earshot
    export XDG_STATE_HOME=$home/state XDG_CACHE_HOME=$home/cache XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data
    export EARSHOT_AUDIO_SINK="fakesink sync=true"
    mkdir -p "$XDG_CONFIG_HOME"
    dbus-daemon --session --fork --print-address=1 --print-pid=1 > "$work/bus"
    DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$work/bus")
    export DBUS_SESSION_BUS_ADDRESS
    bus_pid=$(sed -n 2p "$work/bus")
    # The daemon as cold-start starts it too: its own state and cache, a silent real-time output.
    cat > "$work/earshot-serve" <<EOF
#!/bin/sh
exec "$earshot" serve --state-dir "$XDG_STATE_HOME/earshot" --cache-dir "$XDG_CACHE_HOME/earshot" --audio-sink "fakesink sync=true"
EOF
    chmod +x "$work/earshot-serve"
    # The answer floor (bench/answer-floor.c): a process that only answers MPRIS, timed in the same
    # rounds as Earshot while it imports and refreshes, under the same load.
    gcc -O2 -o "$work/answer-floor" bench/answer-floor.c $(pkg-config --cflags --libs dbus-1)
    "$work/answer-floor" org.mpris.MediaPlayer2.answerfloor &
    pids+=($!)
    start_daemon() {
        "$work/earshot-serve" 2>>"$work/earshot.log" &
        daemon_pid=$!
        pids+=("$daemon_pid")
        for _ in $(seq 1000); do playerctl -l 2>/dev/null | grep -qx earshot && return 0; sleep 0.01; done
        echo "library.sh: earshot serve did not appear on the bus; its log:" >&2
        cat "$work/earshot.log" >&2
        exit 1
    }
    stop_daemon() { kill "$daemon_pid"; wait "$daemon_pid" 2>/dev/null || true; }
    cli() { "$earshot" "$@"; }
    # earshot-bench library-latency's report (in LABEL-position and LABEL-pause): p99 and max, µs.
    record_latency() {
        local label=$1 file=$2 call key
        for call in Get Pause "floor Get" "floor Pause"; do
            key=$label-$([[ $call == floor* ]] && echo floor-)$([[ $call == *Get ]] && echo position || echo pause)
            record "$key-p99" "$(sed -n "s/^$call.*p99 \([0-9]*\) µs.*/\1/p" "$file")"
            record "$key-max" "$(sed -n "s/^$call.*max \([0-9]*\) µs.*/\1/p" "$file")"
        done
    }
    # One command of the command line, end to end (process start, D-Bus, printing to /dev/null): 2
    # untimed runs, then 20 timed; median and p90 in ms into cli-KEY-p50 and cli-KEY-p90.
    cli_times() {
        local key=$1 run t0 times=()
        shift
        for run in 1 2; do cli "$@" > /dev/null; done
        for run in $(seq 20); do
            t0=$EPOCHREALTIME
            cli "$@" > /dev/null
            times+=("$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", (b - a) * 1000 }')")
        done
        printf '%s\n' "${times[@]}" | sort -n > "$work/cli-times"
        record "cli-$key-p50" "$(sed -n 11p "$work/cli-times")"
        record "cli-$key-p90" "$(sed -n 19p "$work/cli-times")"
        echo "  earshot $*: median $(figure "cli-$key-p50") ms, p90 $(figure "cli-$key-p90") ms (20 runs, $(head -1 "$work/cli-times")–$(tail -1 "$work/cli-times") ms)"
    }

    start_daemon
    # Import, with MPRIS answered meanwhile: Get(Position) and Pause, timed until the import ends.
    "$bench" library-latency --stop-file "$work/import.done" --floor org.mpris.MediaPlayer2.answerfloor > "$work/latency" 2>&1 &
    latency_pid=$!
    pids+=("$latency_pid")
    cpu=$(cpu_s "$daemon_pid")
    start=$(seconds)
    cli import "$work/subs.opml" > "$work/import.out"
    end=$(seconds)
    touch "$work/import.done"
    wait "$latency_pid" || { cat "$work/latency" >&2; exit 1; }
    record earshot-import "$(elapsed "$start" "$end")"
    record earshot-import-cpu "$(cpu_since)"
    record earshot-import-peak "$(rss_mb "$daemon_pid" VmHWM)"
    record_latency import "$work/latency"
    echo "earshot import: $(figure earshot-import) s (daemon CPU $(figure earshot-import-cpu) s), daemon peak resident memory $(figure earshot-import-peak) MB"
    sed 's/^/  while importing: /' "$work/latency"
    tail -1 "$work/import.out" | sed 's/^/  import said: /'
    cli status | sed 's/^/  status: /'
    # The command line right after the import, the whole library stored: each command start to exit.
    echo "the command line with $((feeds * episodes)) episodes stored:"
    cli_times podcasts podcasts
    # The first podcast listed, by its number (the bundled demo, podcast 1, has given way to the import).
    cli_times episodes episodes "$(cli podcasts | awk 'NR == 2 { print $1 }')"
    cli_times queue queue
    cli_times status status

    # The refresh with nothing changed, the median of 3 runs as for curl's floor; the daemon's CPU is
    # that of the three together, divided by 3.
    before=$(feed_stats)
    cpu=$(cpu_s "$daemon_pid")
    : > "$work/refresh-304-runs"
    for _ in 1 2 3; do
        start=$(seconds); cli refresh > "$work/refresh.out"; end=$(seconds)
        elapsed "$start" "$end" >> "$work/refresh-304-runs"
        echo >> "$work/refresh-304-runs"
    done
    record earshot-refresh-304 "$(sort -n "$work/refresh-304-runs" | sed -n 2p)"
    record earshot-refresh-304-cpu "$(awk -v total="$(cpu_since)" 'BEGIN { printf "%.2f", total / 3 }')"
    echo "earshot refresh, nothing changed: $(figure earshot-refresh-304) s, median of 3 ($(paste -sd' ' "$work/refresh-304-runs") s; daemon CPU $(figure earshot-refresh-304-cpu) s a run; feed requests before: $before; after: $(feed_stats))"

    curl -sf "$base/_control/change" >/dev/null
    # The refresh with every feed changed, with MPRIS answered meanwhile, as during the import.
    "$bench" library-latency --stop-file "$work/refresh.done" --floor org.mpris.MediaPlayer2.answerfloor > "$work/refresh-latency" 2>&1 &
    latency_pid=$!
    pids+=("$latency_pid")
    cpu=$(cpu_s "$daemon_pid")
    start=$(seconds); cli refresh > "$work/refresh.out"; end=$(seconds)
    touch "$work/refresh.done"
    wait "$latency_pid" || { cat "$work/refresh-latency" >&2; exit 1; }
    record earshot-refresh-changed "$(elapsed "$start" "$end")"
    record earshot-refresh-changed-cpu "$(cpu_since)"
    record_latency refresh "$work/refresh-latency"
    echo "earshot refresh, every feed changed: $(figure earshot-refresh-changed) s (daemon CPU $(figure earshot-refresh-changed-cpu) s; feed requests: $(feed_stats))"
    sed 's/^/  while refreshing: /' "$work/refresh-latency"

    # Playing one episode, with the whole library stored: first in the daemon that imported, then in a
    # fresh daemon that restores it from the store (what a login session sees).
    playerctl -p earshot open "$base/audio/1/$episodes.mp3"
    playerctl -p earshot play
    sleep 3
    echo "resident memory while playing, after the import: $(rss_mb "$daemon_pid" VmRSS) MB ($(playerctl -p earshot status))"
    stop_daemon
    start_daemon
    playerctl -p earshot play
    sleep 3
    record earshot-playing "$(rss_mb "$daemon_pid" VmRSS)"
    echo "resident memory while playing, restored from the store: $(figure earshot-playing) MB ($(playerctl -p earshot status))"
    stop_daemon
    "$bench" cold-start --daemon "$work/earshot-serve" --runs 7 | tee "$work/cold" | sed "s/^/$((feeds * episodes)) episodes in the store: /"
    record earshot-cold-start "$(sed -n 's/.*median \([0-9]*\) ms.*/\1/p' "$work/cold")"

    # The floor under any player on this stack: the same C libraries, each used once (bench/stack-floor.c).
    stack_flags=$(pkg-config --cflags --libs gstreamer-1.0 libsoup-3.0 libxml-2.0 sqlite3 dbus-1)
    read -ra stack_flags <<< "$stack_flags"
    gcc -O2 -o "$work/stack-floor" bench/stack-floor.c "${stack_flags[@]}"
    "$work/stack-floor" "file://$audio" "$work/floor.sqlite" 2>/dev/null &
    floor_pid=$!
    pids+=("$floor_pid")
    sleep 3
    record stack-floor "$(rss_mb "$floor_pid" VmRSS)"
    kill "$floor_pid"; wait "$floor_pid" 2>/dev/null || true
    echo "the C libraries alone (bench/stack-floor.c): $(figure stack-floor) MB"
    unset DBUS_SESSION_BUS_ADDRESS
fi

if ((run_gpodder)); then
    echo
    echo "### gPodder $(dpkg-query -W -f '${Version}' gpodder 2>/dev/null || echo '?') (gpo)"
    curl -sf "$base/_control/reset" >/dev/null
    export GPODDER_HOME=$work/gpodder GPODDER_DOWNLOAD_DIR=$work/gpodder/downloads
    # gPodder keeps at most 200 episodes of a feed by default (limit.episodes, it parses no more):
    # raised so that it stores every episode, as Earshot does.
    gpo set limit.episodes 100000 > /dev/null 2>&1
    gpo_episodes() { python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("select count(*) from episode").fetchone()[0])' "$GPODDER_HOME/Database"; }
    # gpo, timed with /usr/bin/time -v: wall seconds and peak resident memory (MB) into the figures.
    timed_gpo() {
        local key=$1
        shift
        /usr/bin/time -v -o "$work/time" gpo "$@" > "$work/gpo.out" 2>&1
        record "$key" "$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.2f", s }' "$work/time")"
        record "$key-peak" "$(awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$work/time")"
        record "$key-cpu" "$(awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.2f", s }' "$work/time")"
    }
    timed_gpo gpo-import import "$work/subs.opml"
    echo "gpo import: $(figure gpo-import) s (CPU $(figure gpo-import-cpu) s), peak resident memory $(figure gpo-import-peak) MB ($(grep -c 'Successfully added' "$work/gpo.out") podcasts, $(gpo_episodes) episodes stored)"
    before=$(feed_stats)
    timed_gpo gpo-update-304 update
    echo "gpo update, nothing changed: $(figure gpo-update-304) s (CPU $(figure gpo-update-304-cpu) s), peak $(figure gpo-update-304-peak) MB (feed requests before: $before; after: $(feed_stats))"
    curl -sf "$base/_control/change" >/dev/null
    timed_gpo gpo-update-changed update
    echo "gpo update, every feed changed: $(figure gpo-update-changed) s (CPU $(figure gpo-update-changed-cpu) s), peak $(figure gpo-update-changed-peak) MB (feed requests: $(feed_stats); $(gpo_episodes) episodes stored)"
fi

if ((run_earshot && run_gpodder)); then
    echo
    echo "### Earshot against gPodder (target)"
    ratio() { awk -v a="$(figure "$1")" -v b="$(figure "$2")" 'BEGIN { if (a > 0) printf "1/%.0f", b / a; else print "?" }'; }
    echo "import: $(ratio earshot-import gpo-import) of gpo's time (target 1/30 or better)"
    echo "refresh, all 304: $(ratio earshot-refresh-304 gpo-update-304) (target 1/10)"
    echo "refresh, all changed: $(ratio earshot-refresh-changed gpo-update-changed) (target 1/30)"
    echo "peak during the import: $(figure earshot-import-peak) MB against gpo's $(figure gpo-import-peak) MB (target at most half)"
    echo "playing with the library: $(figure earshot-playing) MB against 2 × $(figure stack-floor) MB (target)"
    echo "cold start: $(figure earshot-cold-start) ms (target 100 ms)"
fi

if ((run_earshot)); then
    echo
    echo "### Earshot against the floors (issue 24 targets)"
    # over A B: figure A over figure B; verdict VALUE TARGET: "met" when VALUE ≤ TARGET.
    over() { awk -v a="$(figure "$1")" -v b="$(figure "$2")" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "?" }'; }
    verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v != "" && v + 0 <= t + 0) ? "met" : "NOT met" }'; }
    ms() { awk -v us="$(figure "$1")" 'BEGIN { printf "%.1f", us / 1000 }'; }
    per_episode() { awk -v s="$(figure "$1")" -v n="$2" 'BEGIN { printf "%.1f", s * 1e6 / n }'; }
    r=$(over earshot-import import-floor)
    echo "import: $(figure earshot-import) s against the import floor's $(figure import-floor) s: ${r}× (target ≤ 2×: $(verdict "$r" 2))"
    r=$(over import-floor import-floor-unindexed)
    echo "the full-text index in the import floor itself: $(figure import-floor) s against $(figure import-floor-unindexed) s without it: ${r}× (issue 22 asks ≤ 1.2× of Earshot)"
    r=$(over earshot-refresh-changed import-floor)
    echo "refresh, every feed changed: $(figure earshot-refresh-changed) s against the import floor's $(figure import-floor) s: ${r}× (target ≤ 2×: $(verdict "$r" 2))"
    r=$(over earshot-refresh-304 curl-floor)
    echo "refresh, nothing changed: $(figure earshot-refresh-304) s against curl's $(figure curl-floor) s: ${r}× (target ≤ 1.5×: $(verdict "$r" 1.5))"
    echo "per episode: import $(per_episode earshot-import $((feeds * episodes))) µs, refresh with every feed changed $(per_episode earshot-refresh-changed $((feeds * (episodes + 1)))) µs, the import floor $(per_episode import-floor $((feeds * episodes))) µs (bench/scale.sh compares two sizes: target ≤ 1.1×)"
    for command in podcasts "episodes N" queue status; do
        key=${command%% *}
        echo "earshot $command: median $(figure "cli-$key-p50") ms, p90 $(figure "cli-$key-p90") ms (target ≤ 30 ms: median $(verdict "$(figure "cli-$key-p50")" 30), p90 $(verdict "$(figure "cli-$key-p90")" 30))"
    done
    for phase in import refresh; do
        what=$([[ $phase == import ]] && echo "while importing" || echo "while refreshing every changed feed")
        for call in position pause; do
            name=$([[ $call == position ]] && echo "Get(Position)" || echo Pause)
            echo "$name $what: p99 $(ms "$phase-$call-p99") ms, max $(ms "$phase-$call-max") ms (target p99 ≤ 2 ms: $(verdict "$(ms "$phase-$call-p99")" 2); max ≤ 20 ms: $(verdict "$(ms "$phase-$call-max")" 20)); the answer floor in the same rounds: p99 $(ms "$phase-floor-$call-p99") ms, max $(ms "$phase-floor-$call-max") ms"
        done
    done
    echo "peak resident memory during the import: $(figure earshot-import-peak) MB (target ≤ 100 MB: $(verdict "$(figure earshot-import-peak)" 100))"
    r=$(over earshot-playing stack-floor)
    echo "resident memory while playing, restored from the store: $(figure earshot-playing) MB against the C floor's $(figure stack-floor) MB: ${r}× (target ≤ 1.5×: $(verdict "$r" 1.5))"
    echo "cold start to Metadata restored: $(figure earshot-cold-start) ms (target ≤ 50 ms: $(verdict "$(figure earshot-cold-start)" 50))"
fi
record load-end "$(cut -d' ' -f1 /proc/loadavg)"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ -n $figures_file ]]; then cp "$work/figures" "$figures_file"; fi
