#!/usr/bin/env bash
# The full-text index (issue 22): `earshot-bench find` builds, through the Store API, a library of
# 2,000 podcasts × 500 episodes (~200 words of HTML show notes each) and 2,000 hour-long transcripts
# (1,000 segments of ~9 words), twice in the same run: once keeping the index, once without it. It
# prints the import, transcript and refresh times of both, the index's size against the text it
# indexes, and the latency of 200 mixed searches (Store.find, as the daemon calls it).
#
# Usage: bench/find.sh [--quick] [--build DIR] [--directory DIR]
#   --quick   200 podcasts × 100 episodes and 100 transcripts (seconds; the full size takes about 7 minutes)
# The full size needs about 6 GB of disk in the temporary directory (or --directory).
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build/release
size=(--podcasts 2000 --episodes 500 --transcripts 2000)
extra=()
while (($#)); do
    case $1 in
        --quick) size=(--podcasts 200 --episodes 100 --transcripts 100) ;;
        --build) build=$2; shift ;;
        --directory) extra+=(--directory "$2"); shift ;;
        *) echo "find.sh: unknown option $1" >&2; exit 64 ;;
    esac
    shift
done
bench=$(realpath "$build")/earshot-bench
[[ -x $bench ]] || { echo "find.sh: $bench is missing: swift build -c release --static-swift-stdlib first" >&2; exit 1; }
echo "## Full-text index: import, size and find (earshot-bench find ${size[*]})"
"$bench" find "${size[@]}" "${extra[@]}"
