#!/usr/bin/env bash
# Scale (issue 24): bench/library.sh --no-gpodder at 200 podcasts × 300 episodes and at 2,000 × 500
# (1,000,000 episodes, about 2.2 GB of feeds), one after the other on this machine, then each step's
# cost per episode at both sizes: the big library's against the small one's, target at most 1.1×.
#
#   import: `earshot import` wall seconds over the episodes stored (podcasts × episodes);
#   refresh, every feed changed: `earshot refresh` wall seconds over the episodes the feeds then list
#   (podcasts × (episodes + 1)); the import floor (bench/import-floor.c, same run) and the refresh with
#   nothing changed, per podcast, are printed beside them for reference.
# Each run prints its own floors and targets (bench/library.sh); this adds the comparison of sizes.
#
# Usage: bench/scale.sh [--build DIR] [--small PODCASTSxEPISODES] [--big PODCASTSxEPISODES]
# --build is passed to bench/library.sh (default .build/release); the whole run takes 10–15 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

build=.build/release small=200x300 big=2000x500
while (($#)); do
    case $1 in
        --build) build=$2; shift ;;
        --small) small=$2; shift ;;
        --big) big=$2; shift ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) echo "scale.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
    esac
    shift
done
for size in "$small" "$big"; do
    [[ $size =~ ^[0-9]+x[0-9]+$ ]] || { echo "scale.sh: $size is not PODCASTSxEPISODES" >&2; exit 64; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "# Scale: $small and $big (podcasts × episodes), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for name in small big; do
    size=${!name}
    echo
    bench/library.sh --no-gpodder --feeds "${size%x*}" --episodes "${size#*x}" --build "$build" --figures "$work/$name"
done

# figure RUN KEY: a figure of bench/library.sh's run RUN (small or big).
figure() { awk -v key="$2" '$1 == key { print $2 }' "$work/$1"; }
# per_episode RUN KEY EXTRA: microseconds of KEY per episode, the feeds listing EXTRA more each.
per_episode() {
    awk -v s="$(figure "$1" "$2")" -v f="$(figure "$1" feeds)" -v e="$(figure "$1" episodes)" -v extra="$3" \
        'BEGIN { printf "%.2f", s * 1e6 / (f * (e + extra)) }'
}
per_podcast() { awk -v s="$(figure "$1" "$2")" -v f="$(figure "$1" feeds)" 'BEGIN { printf "%.3f", s * 1e3 / f }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "?" }'; }
verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v != "" && v + 0 <= t + 0) ? "met" : "NOT met" }'; }

echo
echo "### Cost per episode: $big against $small (issue 24: at most 1.1×)"
# line LABEL KEY EXTRA TARGET: the per-episode cost at both sizes and their ratio (against TARGET if given).
line() {
    local small_cost big_cost r
    small_cost=$(per_episode small "$2" "$3")
    big_cost=$(per_episode big "$2" "$3")
    r=$(ratio "$big_cost" "$small_cost")
    echo "$1: $small_cost µs an episode at $small, $big_cost µs at $big: ${r}×${4:+ (target ≤ $4×: $(verdict "$r" "$4"))}"
}
line "earshot import" earshot-import 0 1.1
line "earshot refresh, every feed changed" earshot-refresh-changed 1 1.1
line "the import floor (reference)" import-floor 0 ""
small_cost=$(per_podcast small earshot-refresh-304) big_cost=$(per_podcast big earshot-refresh-304)
echo "earshot refresh, nothing changed (reference): $small_cost ms a podcast at $small, $big_cost ms at $big: $(ratio "$big_cost" "$small_cost")×"
small_cost=$(per_podcast small curl-floor) big_cost=$(per_podcast big curl-floor)
echo "curl's conditional GETs (reference): $small_cost ms a podcast at $small, $big_cost ms at $big: $(ratio "$big_cost" "$small_cost")×"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
